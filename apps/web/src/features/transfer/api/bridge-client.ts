import { BRIDGE_HEADERS, type CaseFileResult } from '@notadoo/domain';
import { z } from 'zod';

/**
 * The three calls of the drafting software's local bridge (spec section 7),
 * made by the browser itself: the bridge runs on the notary's computer.
 */

export interface Bridge {
  url: string;
  serviceKey: string;
}

/** A refused or failed bridge call; `instance` is the authorization page of a 401. */
export class BridgeError extends Error {
  constructor(
    readonly status: number,
    readonly instance: string | null = null,
  ) {
    super(`Passerelle du logiciel de rédaction d'actes : statut ${status}`);
    this.name = 'BridgeError';
  }

  get needsAuthorization(): boolean {
    return this.status === 401 && this.instance !== null;
  }
}

/** Only a web address is opened as the authorization pop-up (never a javascript: or data: URL). */
function authorizationPage(body: unknown, response: Response): string | null {
  const fromBody = body && typeof body === 'object' && 'Instance' in body && typeof body.Instance === 'string' ? body.Instance : null;
  const candidate = fromBody ?? response.headers.get('Instance');
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

async function callBridge(bridge: Bridge, userId: number, path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${bridge.url}${path}`, {
      ...init,
      mode: 'cors',
      credentials: 'omit',
      headers: { [BRIDGE_HEADERS.serviceKey]: bridge.serviceKey, [BRIDGE_HEADERS.userId]: String(userId), ...init.headers },
    });
  } catch {
    throw new BridgeError(0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body;
  throw new BridgeError(response.status, response.status === 401 ? authorizationPage(body, response) : null);
}

/** `GET /interop/version`: a 200 answer means the bridge is available. */
export async function checkBridgeVersion(bridge: Bridge, userId: number): Promise<true> {
  await callBridge(bridge, userId, '/interop/version');
  return true;
}

const text = z.union([z.string(), z.number()]).transform(String);
const searchAnswer = z.object({
  resultats: z.array(z.object({ id: text, intitule: text, identifiantMetier: z.union([text, z.null()]).transform((v) => v ?? '') })),
});

/** `GET /interop/1.0/recherche/dossiers/{searchText}`; the text is already cleaned of slashes. */
export async function searchBridgeCaseFiles(bridge: Bridge, userId: number, searchText: string): Promise<CaseFileResult[]> {
  const body = await callBridge(bridge, userId, `/interop/1.0/recherche/dossiers/${encodeURIComponent(searchText)}`);
  const parsed = searchAnswer.safeParse(body);
  if (!parsed.success) throw new BridgeError(500);
  return parsed.data.resultats;
}

/** `POST /interop/1.0/telecharger/dossier/{id}`: the bridge downloads the file at `address` itself. */
export async function sendFileToBridge(
  bridge: Bridge,
  userId: number,
  dossierId: string,
  address: string,
  filename: string,
): Promise<void> {
  await callBridge(bridge, userId, `/interop/1.0/telecharger/dossier/${encodeURIComponent(dossierId)}`, {
    method: 'POST',
    body: new URLSearchParams({ Adresse: address, NomFichier: filename }),
  });
}

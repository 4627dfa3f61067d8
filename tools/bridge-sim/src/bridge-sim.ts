import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultCaseFiles, searchCaseFiles, type CaseFile } from './case-files';

/** How the simulator behaves, to exercise every branch of the product's transfer modal. */
export const BRIDGE_MODES = ['normal', 'autorisation', 'erreur-recherche', 'erreur-envoi', 'lent'] as const;
export type BridgeMode = (typeof BRIDGE_MODES)[number];

/** Header names chosen for the bridge (the spec names only "a service key and the user id"). */
export const SERVICE_KEY_HEADER = 'X-Service-Key';
export const USER_ID_HEADER = 'X-User-Id';
export const DEFAULT_SERVICE_KEY = 'cle-de-demonstration';
export const DEFAULT_PORT = 4100;

export interface ReceivedFile {
  dossierId: string;
  nomFichier: string;
  adresse: string;
  utilisateur: string;
  taille: number;
  sha256: string;
  recuLe: string;
}

export interface BridgeSimOptions {
  port?: number;
  host?: string;
  serviceKey?: string;
  /** Origins of the product allowed to call from a browser (CORS). */
  allowedOrigins?: readonly string[];
  mode?: BridgeMode;
  /** Where received files are written, one folder per case file; a temporary folder when unset. */
  storageDir?: string;
  caseFiles?: readonly CaseFile[];
}

export interface BridgeSim {
  /** e.g. http://127.0.0.1:4100 */
  url: string;
  storageDir: string;
  mode(): BridgeMode;
  setMode(mode: BridgeMode): void;
  /** Lets one more origin call from a browser (a product started after the simulator). */
  allowOrigin(origin: string): void;
  received(): readonly ReceivedFile[];
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 64 * 1024;
const MAX_DOWNLOAD_BYTES = 100 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;
/** In the 'lent' mode, a file is stored at once but acknowledged this much later, as a busy drafting software would. */
export const SLOW_ACKNOWLEDGEMENT_MS = 1500;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'Requête trop volumineuse.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Form fields of a url-encoded or JSON body. */
async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const raw = (await readBody(req, MAX_FORM_BYTES)).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string'));
    } catch {
      throw new HttpError(400, 'Corps JSON illisible.');
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** A name safe as one path segment: no separators, no control characters, not "." or "..". */
function safeSegment(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .trim()
    .slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function authorizationPage(userId: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Autoriser l'accès</title></head><body>
<h1>Logiciel de rédaction d'actes</h1>
<p>La plateforme Notadoo demande l'accès à vos dossiers pour l'utilisateur ${escapeHtml(userId)}.</p>
<form method="post" action="/interop/autorisation">
<input type="hidden" name="utilisateur" value="${escapeHtml(userId)}">
<button type="submit">Autoriser l'accès</button>
</form></body></html>`;
}

// The opener learns that access was granted and retries at once; the window then closes itself.
const GRANTED_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Accès autorisé</title></head><body>
<p>Accès autorisé. Vous pouvez fermer cette fenêtre.</p>
<script>
if (window.opener) window.opener.postMessage({ type: 'interop-autorisation', accorde: true }, '*');
setTimeout(function () { window.close(); }, 200);
</script></body></html>`;

/** Starts the simulator; resolves once it listens. */
export async function startBridgeSim(options: BridgeSimOptions = {}): Promise<BridgeSim> {
  const serviceKey = options.serviceKey ?? DEFAULT_SERVICE_KEY;
  const allowedOrigins = new Set(options.allowedOrigins ?? ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']);
  const caseFiles = [...(options.caseFiles ?? defaultCaseFiles())];
  const storageDir = options.storageDir ?? (await mkdtemp(path.join(tmpdir(), 'bridge-sim-')));
  let mode: BridgeMode = options.mode ?? 'normal';
  const authorizedUsers = new Set<string>();
  const received: ReceivedFile[] = [];
  let selfUrl = '';

  function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin');
    if (!origin || !allowedOrigins.has(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    return true;
  }

  function preflight(req: IncomingMessage, res: ServerResponse): void {
    if (!applyCors(req, res)) return sendJson(res, 403, { message: 'Origine non autorisée.' });
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', `${SERVICE_KEY_HEADER}, ${USER_ID_HEADER}, Content-Type`);
    res.setHeader('Access-Control-Max-Age', '600');
    // Chrome asks before a public page reaches a loopback address (Private Network Access).
    if (req.headers['access-control-request-private-network'] === 'true') res.setHeader('Access-Control-Allow-Private-Network', 'true');
    res.writeHead(204).end();
  }

  /** The calling user's id, once the service key is right. */
  function requireCaller(req: IncomingMessage): string {
    if (req.headers[SERVICE_KEY_HEADER.toLowerCase()] !== serviceKey) throw new HttpError(403, 'Clé de service absente ou invalide.');
    const userId = req.headers[USER_ID_HEADER.toLowerCase()];
    if (typeof userId !== 'string' || !/^\d{1,12}$/.test(userId)) throw new HttpError(400, "Identifiant d'utilisateur absent ou invalide.");
    return userId;
  }

  function requireAuthorized(userId: string): void {
    if (mode !== 'autorisation' || authorizedUsers.has(userId)) return;
    throw new HttpError(401, "Accès non autorisé : merci d'autoriser la plateforme dans votre logiciel de rédaction d'actes.", {
      Instance: `${selfUrl}/interop/autorisation?utilisateur=${encodeURIComponent(userId)}`,
    });
  }

  async function download(dossier: CaseFile, form: Record<string, string>, userId: string): Promise<ReceivedFile> {
    const adresse = form.Adresse ?? '';
    const nomFichier = (form.NomFichier ?? '').trim();
    if (!nomFichier) throw new HttpError(400, 'Le champ NomFichier est requis.');
    let address: URL;
    try {
      address = new URL(adresse);
    } catch {
      throw new HttpError(400, 'Le champ Adresse doit être une adresse web complète.');
    }
    if (address.protocol !== 'http:' || !LOCAL_HOSTS.has(address.hostname)) {
      throw new HttpError(400, 'Le simulateur ne télécharge que des adresses http://127.0.0.1 ou http://localhost.');
    }
    let response: Response;
    try {
      response = await fetch(address, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    } catch {
      throw new HttpError(502, `Impossible de télécharger le fichier à l'adresse ${adresse}.`);
    }
    if (response.status !== 200) throw new HttpError(502, `Le téléchargement du fichier a échoué (statut ${response.status}).`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES) throw new HttpError(413, 'Fichier trop volumineux.');
    const folder = path.join(storageDir, safeSegment(dossier.id));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, safeSegment(nomFichier)), bytes);
    const entry: ReceivedFile = {
      dossierId: dossier.id,
      nomFichier,
      adresse,
      utilisateur: userId,
      taille: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      recuLe: new Date().toISOString(),
    };
    received.push(entry);
    return entry;
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const segments = url.pathname
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));

    if (url.pathname.startsWith('/interop/') && method === 'OPTIONS') return preflight(req, res);

    if (url.pathname === '/interop/autorisation') {
      if (method === 'GET') return sendHtml(res, 200, authorizationPage(url.searchParams.get('utilisateur') ?? ''));
      if (method === 'POST') {
        const userId = (await readForm(req)).utilisateur ?? '';
        if (!/^\d{1,12}$/.test(userId)) throw new HttpError(400, "Identifiant d'utilisateur absent ou invalide.");
        authorizedUsers.add(userId);
        return sendHtml(res, 200, GRANTED_PAGE);
      }
    }

    if (segments[0] === 'interop') {
      applyCors(req, res);
      if (method === 'GET' && url.pathname === '/interop/version') {
        requireCaller(req);
        return sendJson(res, 200, { version: '1.0', produit: 'Simulateur de passerelle Notadoo' });
      }
      if (method === 'GET' && segments.length === 5 && segments[2] === 'recherche' && segments[3] === 'dossiers') {
        requireAuthorized(requireCaller(req));
        if (mode === 'erreur-recherche') throw new HttpError(500, 'Erreur interne du logiciel de rédaction (simulée).');
        return sendJson(res, 200, { resultats: searchCaseFiles(caseFiles, segments[4]!) });
      }
      if (method === 'POST' && segments.length === 5 && segments[2] === 'telecharger' && segments[3] === 'dossier') {
        const userId = requireCaller(req);
        requireAuthorized(userId);
        if (mode === 'erreur-envoi') throw new HttpError(500, 'Erreur interne du logiciel de rédaction (simulée).');
        const dossier = caseFiles.find((c) => c.id === segments[4]);
        if (!dossier) throw new HttpError(404, "Ce dossier n'existe pas dans le logiciel de rédaction.");
        const entry = await download(dossier, await readForm(req), userId);
        if (mode === 'lent') await new Promise((resolve) => setTimeout(resolve, SLOW_ACKNOWLEDGEMENT_MS));
        return sendJson(res, 201, { message: 'Fichier reçu.', fichier: entry });
      }
    }

    if (segments[0] === '_sim') {
      if (method === 'GET' && url.pathname === '/_sim/etat') return sendJson(res, 200, { mode, dossiers: caseFiles, recus: received });
      if (method === 'PUT' && url.pathname === '/_sim/mode') {
        const wanted = (await readForm(req)).mode;
        if (!BRIDGE_MODES.includes(wanted as BridgeMode)) throw new HttpError(400, `Mode inconnu ; modes : ${BRIDGE_MODES.join(', ')}.`);
        setMode(wanted as BridgeMode);
        return sendJson(res, 200, { mode });
      }
      if (method === 'GET' && segments.length === 4 && segments[1] === 'fichiers') {
        const file = path.join(storageDir, safeSegment(segments[2]!), safeSegment(segments[3]!));
        const bytes = await readFile(file).catch(() => undefined);
        if (!bytes) throw new HttpError(404, 'Aucun fichier reçu sous ce nom.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
    }
    throw new HttpError(404, 'Adresse inconnue du simulateur.');
  }

  function setMode(next: BridgeMode): void {
    mode = next;
    authorizedUsers.clear();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulateur');
    route(req, res, url).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message, ...error.extra });
      if (error instanceof URIError) return sendJson(res, 400, { message: 'Adresse mal encodée.' });
      console.error('[bridge-sim]', error);
      sendJson(res, 500, { message: 'Erreur inattendue du simulateur.' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  selfUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: selfUrl,
    storageDir,
    mode: () => mode,
    setMode,
    allowOrigin: (origin) => void allowedOrigins.add(origin),
    received: () => received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

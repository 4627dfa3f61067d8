import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import { parseUserId } from '../../auth/session-tokens';

/** Download links are opened in a new tab without the bearer token: a short-lived token scoped to one document stands in. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;
export type DownloadKind = 'pdf' | 'file';

const AUDIENCE = 'notadoo-download';

function key(ctx: AppContext): Uint8Array {
  return new TextEncoder().encode(`${ctx.config.jwtSecret}:downloads`);
}

export async function issueDownloadToken(ctx: AppContext, grant: { docId: number; kind: DownloadKind; userId: number }): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ doc: grant.docId, kind: grant.kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(grant.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + DOWNLOAD_TOKEN_TTL_SECONDS)
    .sign(key(ctx));
}

/** Answers the user the token was issued to; 403 for a forged, expired or other-document token. */
export async function verifyDownloadToken(ctx: AppContext, token: string, docId: number, kind: DownloadKind): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, key(ctx), { audience: AUDIENCE, algorithms: ['HS256'], currentDate: ctx.now(), requiredClaims: ['exp', 'sub'] });
    const userId = parseUserId(payload.sub);
    if (payload.doc !== docId || payload.kind !== kind || userId === undefined) throw new Error('scope');
    return userId;
  } catch {
    throw forbidden('Ce lien de téléchargement est invalide ou a expiré. Merci de relancer le téléchargement depuis le dossier.');
  }
}

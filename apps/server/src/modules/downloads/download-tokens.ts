import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import { parseUserId } from '../../auth/session-tokens';
import { signToken, verifyToken } from '../../auth/signed-tokens';
import { findUserById, type UserRow, type UserWithOffice } from '../users/user-data';

/** Download links are opened in a new tab without the bearer token: a short-lived token scoped to one document stands in. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;
export type DownloadKind = 'pdf' | 'file';

export const DOWNLOAD_MESSAGES = {
  notAFileDrawer: "Ce document n'est pas un ensemble de fichiers déposés.",
  badLink: 'Ce lien de téléchargement est invalide ou a expiré. Merci de relancer le téléchargement depuis le dossier.',
  linkRevoked: "Ce lien de téléchargement n'est plus valable. Merci de relancer le téléchargement depuis le dossier.",
} as const;

const AUDIENCE = 'notadoo-download';

function key(ctx: AppContext): string {
  return `${ctx.config.jwtSecret}:downloads`;
}

/**
 * The token carries the holder's password version (`pwv`), as a session
 * token does: a password change (or an e-mail change, which ends sessions
 * too) makes the download links issued before it useless.
 */
export async function issueDownloadToken(
  ctx: AppContext,
  grant: { docId: number; kind: DownloadKind; user: Pick<UserRow, 'id' | 'passwordVersion'> },
): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return signToken(key(ctx), {
    sub: String(grant.user.id),
    aud: AUDIENCE,
    iat: now,
    exp: now + DOWNLOAD_TOKEN_TTL_SECONDS,
    doc: grant.docId,
    kind: grant.kind,
    pwv: grant.user.passwordVersion,
  });
}

/** The claims of a token for this document and kind; 403 for a forged, expired or other-document token. */
export async function verifyDownloadToken(
  ctx: AppContext,
  token: string,
  docId: number,
  kind: DownloadKind,
): Promise<{ userId: number; passwordVersion: number }> {
  const checked = verifyToken(key(ctx), token, { now: ctx.now(), audience: AUDIENCE });
  const payload = checked.ok ? checked.claims : undefined;
  const userId = parseUserId(payload?.sub);
  // A token without a password version (issued before versions were added) is refused like a forged one.
  if (payload?.doc !== docId || payload.kind !== kind || userId === undefined || typeof payload.pwv !== 'number')
    throw forbidden(DOWNLOAD_MESSAGES.badLink);
  return { userId, passwordVersion: payload.pwv };
}

/**
 * The user a download token stands for, checked as a session would be: 403
 * when the account is gone or deactivated, or when its password changed
 * since the token was issued. Their read access is checked again by the
 * caller, so a token outliving a removal from the project opens nothing.
 */
export async function requireDownloadTokenHolder(
  ctx: AppContext,
  token: string,
  docId: number,
  kind: DownloadKind,
): Promise<UserWithOffice> {
  const claims = await verifyDownloadToken(ctx, token, docId, kind);
  const user = await findUserById(ctx.db, claims.userId);
  if (!user || !user.isActive) throw forbidden(DOWNLOAD_MESSAGES.linkRevoked);
  if (user.passwordVersion !== claims.passwordVersion) throw forbidden(DOWNLOAD_MESSAGES.badLink);
  return user;
}

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DATA_EXPORT_LINK_DAYS, PERSONAL_DATA_MESSAGES, type DataExportView } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { parseUserId } from '../../auth/session-tokens';
import { signToken, verifyToken } from '../../auth/signed-tokens';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { dataExportKey } from '../../files/storage/storage-keys';
import { TEMPORARY_PREFIX, temporaryUploadsDir } from '../../files/upload';
import { createZipWriter } from '../../files/zip-writer';
import { queueMail } from '../../mail/outbox-data';
import { periodicTask, type PeriodicTask } from '../../periodic-task';
import { findUserById, type UserWithOffice } from '../users/user-data';
import {
  claimDataExport,
  expireDataExports,
  findDataExport,
  insertDataExport,
  listDataExports,
  markExportReady,
  recordExportFailure,
  recordExportProgress,
  type DataExportRow,
} from './export-data';
import { EXPORT_SECTIONS, loadExportSubject, type ExportEntry } from './export-sections';
import { dataExportReadyMail } from './personal-data-mails';

const M = PERSONAL_DATA_MESSAGES;
const DAY_MS = 86_400_000;
/** A claim not renewed this long is another process's to take (its builder died). Renewed at each entry. */
const EXPORT_LEASE_MS = 10 * 60_000;
const EXPORT_MAX_ATTEMPTS = 3;
/** The download link the page asks for lives minutes: it is opened at once, in the same tab. */
const EXPORT_LINK_TTL_SECONDS = 5 * 60;
const LINK_AUDIENCE = 'notadoo-data-export';
/** The page lists this many copies, newest first. */
const LISTED_EXPORTS = 5;

export function toDataExportView(row: DataExportRow): DataExportView {
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.state === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: row.state === 'ready' ? row.sizeBytes : null,
  };
}

/** `GET /users/me/data-exports`: the person's latest copies. */
export async function listMyDataExports(ctx: AppContext, user: UserWithOffice): Promise<DataExportView[]> {
  return (await listDataExports(ctx.db, user.id, LISTED_EXPORTS)).map(toDataExportView);
}

/** `POST /users/me/data-exports`: a new copy to build; 409 while one is under way. The builder is woken at once. */
export async function requestDataExport(ctx: AppContext, user: UserWithOffice, wakeBuilder: () => void): Promise<DataExportView> {
  const row = await insertDataExport(ctx.db, user.id, ctx.now());
  if (!row) throw new AppError('CONFLICT', M.exportUnderWay);
  wakeBuilder();
  return toDataExportView(row);
}

/** One of the person's own copies; anyone else's answers 404 as a missing one (nobody learns another's ids). */
async function requireOwnExport(ctx: AppContext, userId: number, id: number): Promise<DataExportRow> {
  const row = await findDataExport(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound(M.exportNotFound);
  return row;
}

export async function getMyDataExport(ctx: AppContext, user: UserWithOffice, id: number): Promise<DataExportView> {
  return toDataExportView(await requireOwnExport(ctx, user.id, id));
}

function requireDownloadable(ctx: AppContext, row: DataExportRow): string {
  if (row.state === 'expired' || (row.state === 'ready' && row.expiresAt && row.expiresAt <= ctx.now()))
    throw new AppError('CONFLICT', M.exportExpired);
  if (row.state !== 'ready' || !row.storedName) throw new AppError('CONFLICT', M.exportNotReady);
  return row.storedName;
}

const linkKey = (ctx: AppContext) => `${ctx.config.jwtSecret}:data-exports`;

/**
 * `POST /users/me/data-exports/{id}/link`: a link of a few minutes for one's
 * own ready copy. The download itself opens without the bearer token (a
 * plain link), so the token carries the owner and their password version,
 * as the document links do: a password change or a deletion voids it.
 */
export async function issueDataExportLink(ctx: AppContext, user: UserWithOffice, id: number): Promise<{ url: string }> {
  requireDownloadable(ctx, await requireOwnExport(ctx, user.id, id));
  const now = Math.floor(ctx.now().getTime() / 1000);
  const token = signToken(linkKey(ctx), {
    sub: String(user.id),
    aud: LINK_AUDIENCE,
    iat: now,
    exp: now + EXPORT_LINK_TTL_SECONDS,
    exp_id: id,
    pwv: user.passwordVersion,
  });
  return { url: `/api/data-export/${id}/${token}` };
}

/** `GET /data-export/{id}/{token}`: the ZIP, streamed from the storage, to the owner the token names only. */
export async function openDataExportDownload(
  ctx: AppContext,
  id: number,
  token: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const checked = verifyToken(linkKey(ctx), token, { now: ctx.now(), audience: LINK_AUDIENCE });
  const payload = checked.ok ? checked.claims : undefined;
  const userId = parseUserId(payload?.sub);
  const passwordVersion = payload?.pwv;
  if (payload?.exp_id !== id || userId === undefined || typeof passwordVersion !== 'number') throw forbidden(M.badLink);
  const user = await findUserById(ctx.db, userId);
  if (!user || !user.isActive || user.passwordVersion !== passwordVersion) throw forbidden(M.badLink);
  const row = await requireOwnExport(ctx, user.id, id);
  const storedName = requireDownloadable(ctx, row);
  const stored = await ctx.storage.open(dataExportKey(user.id, storedName)!);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { stream: stored.stream, size: stored.size, name: `mes-donnees-notadoo-${day}.zip` };
}

// ---------------------------------------------------------------- the builder

export interface DataExportPassResult {
  built: number;
  failed: number;
  expired: number;
}

/**
 * Builds every copy waiting (one after the other in this process; other
 * processes take others), then expires the copies past their date. Safe to
 * run anywhere at any time: a claim is one statement, each step checks the
 * claim is still held, a copy whose builder died is taken over after the lease.
 */
export async function runDataExportPass(ctx: AppContext): Promise<DataExportPassResult> {
  const result: DataExportPassResult = { built: 0, failed: 0, expired: 0 };
  for (;;) {
    const lockToken = randomBytes(12).toString('hex');
    const claimed = await claimDataExport(ctx.db, lockToken, ctx.now(), EXPORT_LEASE_MS);
    if (!claimed) break;
    try {
      await buildDataExport(ctx, claimed, lockToken);
      result.built += 1;
    } catch (error) {
      ctx.log.error({ err: error, exportId: claimed.id }, 'data export failed');
      await recordExportFailure(
        ctx.db,
        claimed.id,
        lockToken,
        error instanceof Error ? error.message : String(error),
        EXPORT_MAX_ATTEMPTS,
        ctx.now(),
      );
      result.failed += 1;
    }
  }
  for (;;) {
    const expired = await expireDataExports(ctx.db, ctx.now(), 100);
    await removeUnlistedFiles(
      ctx.storage,
      expired.map((e) => dataExportKey(e.userId, e.storedName)),
      ctx.log,
    );
    result.expired += expired.length;
    if (expired.length < 100) break;
  }
  return result;
}

class ClaimLostError extends Error {}

async function buildDataExport(ctx: AppContext, job: DataExportRow, lockToken: string): Promise<void> {
  const user = await findUserById(ctx.db, job.userId);
  if (!user || !user.isActive) throw new Error('account gone or deactivated');
  const subject = await loadExportSubject(ctx, user);
  const entries: ExportEntry[] = [];
  for (const section of EXPORT_SECTIONS) entries.push(...(await section(ctx, subject)));

  const tmpDir = temporaryUploadsDir(ctx.config.dataDir);
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const tmpPath = path.join(tmpDir, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
  const out = createWriteStream(tmpPath, { mode: 0o600 });
  const zip = createZipWriter(out);
  let lastReported = 0;
  try {
    for (const [index, entry] of entries.entries()) {
      await entry.write(zip);
      // Progress stops short of 100 until the copy is stored; at most one write per percent.
      const progress = Math.min(99, Math.floor(((index + 1) / entries.length) * 99));
      if (progress > lastReported) {
        if (!(await recordExportProgress(ctx.db, job.id, lockToken, progress, new Date(ctx.now().getTime() + EXPORT_LEASE_MS))))
          throw new ClaimLostError();
        lastReported = progress;
      }
    }
    await zip.finish();
    const { size } = await stat(tmpPath);
    const storedName = `donnees-${job.id}-${randomBytes(12).toString('hex')}.zip`;
    const key = dataExportKey(user.id, storedName)!;
    await ctx.storage.putFile(key, tmpPath);
    const finishedAt = ctx.now();
    const expiresAt = new Date(finishedAt.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
    const ready = await ctx.db.transaction(async (tx) => {
      const row = await markExportReady(tx, job.id, lockToken, { storedName, sizeBytes: size, finishedAt, expiresAt });
      if (row)
        await queueMail(
          tx,
          dataExportReadyMail({
            to: user.email,
            firstName: user.firstName,
            expiresAt,
            link: `${ctx.config.publicUrl}/profile#mes-donnees`,
          }),
        );
      return row;
    });
    if (!ready) {
      await removeUnlistedFiles(ctx.storage, [key], ctx.log);
      return;
    }
    ctx.outbox.wake();
  } catch (error) {
    out.destroy();
    await rm(tmpPath, { force: true });
    // Another process took the copy over (this one was too slow): it is theirs to finish, not a failure.
    if (error instanceof ClaimLostError) return;
    throw error;
  }
}

export interface DataExportTask extends PeriodicTask {
  /** Runs a pass soon (a copy was just asked for), unless this process does not build copies. */
  wake(): void;
  /** One pass, now (what each tick does). */
  runOnce(): Promise<DataExportPassResult>;
}

export function createDataExportTask(ctx: AppContext): DataExportTask {
  const task = periodicTask(
    () => runDataExportPass(ctx),
    ctx.config.personalData.exportIntervalMs || 60_000,
    (error) => ctx.log.error({ err: error }, 'data export pass failed'),
  );
  let started = false;
  return {
    start() {
      started = true;
      task.start();
    },
    stop: () => task.stop(),
    runOnce: () => runDataExportPass(ctx),
    wake() {
      // A process that does not build copies (interval 0) leaves them to the others' next pass.
      if (!started) return;
      void runDataExportPass(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'data export pass failed'));
    },
  };
}

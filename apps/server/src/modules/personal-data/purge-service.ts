import { PURGE_WARNING_DAYS } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import type { StorageKey } from '../../files/storage/storage-keys';
import { queueMail } from '../../mail/outbox-data';
import { periodicTask, type PeriodicTask } from '../../periodic-task';
import { deleteProjects, storedFilesOfProjects } from './account-deletion-data';
import { recordHistoryEvent, type HistoryEvent } from '../history/history-recorder';
import { frenchDate, purgeWarningMail } from './personal-data-mails';
import { claimFilesToPurge, claimFilesToWarn, loadPeopleToWarn, markWarned, recordLastChange, type PurgeCandidate } from './purge-data';

const DAY_MS = 86_400_000;
/** Files read per transaction of the pass. */
export const PURGE_BATCH_SIZE = 100;

/** `months` calendar months before `date` (the 31st of a short month falls on its last day, as PostgreSQL does). */
export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface PurgePassResult {
  warned: number;
  purged: number;
}

/** The latest change of a candidate, through its own row, documents or messages. */
const lastChangeOf = (file: PurgeCandidate): Date => (file.touchedAt && file.touchedAt > file.updatedAt ? file.touchedAt : file.updatedAt);

/**
 * One pass, on the app's clock: first the warnings (files whose purge date
 * is 30 days away or less, not warned since their last change), then the
 * purge (files warned 30 days ago or more and untouched since). Each batch is
 * one transaction holding its rows (SKIP LOCKED: another process takes other
 * files), so a mail is queued once per warning and a file deleted once.
 * Idempotent: a pass with nothing due changes nothing.
 */
export async function runPurgePass(ctx: AppContext): Promise<PurgePassResult> {
  const now = ctx.now();
  const months = ctx.config.personalData.purgeAfterMonths;
  const purgeBefore = monthsBefore(now, months);
  const warnBefore = new Date(purgeBefore.getTime() + PURGE_WARNING_DAYS * DAY_MS);
  const result: PurgePassResult = { warned: 0, purged: 0 };

  for (;;) {
    const { seen, warned } = await ctx.db.transaction(async (tx) => {
      const batch = await claimFilesToWarn(tx, warnBefore, PURGE_BATCH_SIZE);
      const due: PurgeCandidate[] = [];
      for (const file of batch) {
        const lastChange = lastChangeOf(file);
        if (lastChange > file.updatedAt) await recordLastChange(tx, file.id, lastChange);
        if (lastChange < warnBefore && !(file.purgeWarnedAt && file.purgeWarnedAt >= lastChange)) due.push(file);
      }
      await markWarned(
        tx,
        due.map((f) => f.id),
        now,
      );
      const people = await loadPeopleToWarn(
        tx,
        due.map((f) => f.id),
      );
      const byId = new Map(due.map((f) => [f.id, f]));
      // The purge may not come before the warning's 30 days are over.
      const purgeOnOf = (file: PurgeCandidate) =>
        new Date(Math.max(monthsBefore(lastChangeOf(file), -months).getTime(), now.getTime() + PURGE_WARNING_DAYS * DAY_MS));
      const warnedPeople = new Map<number, number[]>();
      for (const person of people) {
        const file = byId.get(person.projectId)!;
        await queueMail(
          tx,
          purgeWarningMail({
            to: person.email,
            firstName: person.firstName,
            projectName: file.name,
            purgeOn: purgeOnOf(file),
            months,
            link: `${ctx.config.publicUrl}/project/${file.id}/dashboard`,
          }),
        );
        warnedPeople.set(file.id, [...(warnedPeople.get(file.id) ?? []), person.participantId]);
      }
      // The warning is a system event in each file's history (who was warned: their participations, so each reads it
      // on their tab; no address in the entry). Recorded last: it locks the files' chain heads until the commit.
      const events: HistoryEvent[] = due.map((file) => ({
        kind: 'purge_warned',
        projectId: file.id,
        actor: null,
        subjectParticipantIds: warnedPeople.get(file.id) ?? [],
        details: { purgeOn: frenchDate(purgeOnOf(file)), people: (warnedPeople.get(file.id) ?? []).length },
      }));
      await recordHistoryEvent(tx, now, ...events);
      return { seen: batch.length, warned: due.length };
    });
    result.warned += warned;
    if (seen < PURGE_BATCH_SIZE) break;
  }
  if (result.warned > 0) ctx.outbox.wake();

  const warnedBefore = new Date(now.getTime() - PURGE_WARNING_DAYS * DAY_MS);
  for (;;) {
    const { seen, purged, storedFiles } = await ctx.db.transaction(async (tx) => {
      const batch = await claimFilesToPurge(tx, purgeBefore, warnedBefore, PURGE_BATCH_SIZE);
      const due: number[] = [];
      for (const file of batch) {
        const lastChange = lastChangeOf(file);
        // Touched since the warning (a document saved, a message): not purged; warned again when due.
        if (file.purgeWarnedAt && lastChange > file.purgeWarnedAt) await recordLastChange(tx, file.id, lastChange);
        else due.push(file.id);
      }
      const storedFiles: StorageKey[] = await storedFilesOfProjects(tx, due);
      await deleteProjects(tx, due);
      // The file's history (entries and chain head) goes with it by cascade: nothing of a purged draft is kept.
      return { seen: batch.length, purged: due, storedFiles };
    });
    await removeUnlistedFiles(ctx.storage, storedFiles, ctx.log);
    if (purged.length > 0) ctx.log.info({ event: 'files_purged', projectIds: purged, months }, 'abandoned files purged');
    result.purged += purged.length;
    if (seen < PURGE_BATCH_SIZE) break;
  }
  return result;
}

export interface PurgeTask extends PeriodicTask {
  /** One pass, now (what each tick does). */
  runOnce(): Promise<PurgePassResult>;
}

export function createPurgeTask(ctx: AppContext): PurgeTask {
  const task = periodicTask(
    () => runPurgePass(ctx),
    ctx.config.personalData.purgeIntervalMs || 60 * 60_000,
    (error) => ctx.log.error({ err: error }, 'purge pass failed'),
  );
  return { ...task, runOnce: () => runPurgePass(ctx) };
}

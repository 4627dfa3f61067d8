import { hasOfficePowers, isSameThread, visibleThreads } from '@notadoo/domain';
import { viewerOfAccount } from './message-service';
import type { AppContext } from '../../context';
import { queueMail } from '../../mail/outbox-data';
import { messageWaitingMail } from '../../mail/templates';
import { periodicTask, type PeriodicTask } from '../../periodic-task';
import { loadProject } from '../projects/project-data';
import { toProjectForAccess } from '../projects/project-presenter';
import { claimDueBatches, countUnreadSince, findAccount, listProjectThreads } from './message-data';

/** How often a process looks for batches due: a mail leaves between one minute and this much later than the first message. */
export const MESSAGE_MAIL_PASS_MS = 15_000;
const BATCHES_PER_PASS = 200;

/**
 * Sends the "messages waiting" mails whose minute is over: each due batch is
 * claimed (marked sent) in the transaction that queues its mail, so two
 * processes never send one twice. A batch whose messages were all read
 * meanwhile (the person came to the page), or withdrawn, sends nothing.
 * Answers the number of mails queued.
 */
export async function sendDueMessageMails(ctx: AppContext): Promise<number> {
  const queued = await ctx.db.transaction(async (tx) => {
    const batches = await claimDueBatches(tx, ctx.now(), BATCHES_PER_PASS);
    let count = 0;
    for (const batch of batches) {
      if (batch.userId === null) continue;
      const loaded = await loadProject(tx, batch.projectId);
      if (!loaded || loaded.project.isArchived) continue;
      const access = toProjectForAccess(loaded);
      const threads = await listProjectThreads(tx, batch.projectId);
      const account = await findAccount(tx, batch.userId);
      if (!account || !account.isActive) continue;
      const viewer = viewerOfAccount(account);
      const visible = visibleThreads(viewer, access).filter((v) => v.kind !== 'office');
      const threadIds = threads.filter((t) => visible.some((v) => isSameThread(v, t))).map((t) => t.id);
      const unread = await countUnreadSince(tx, account.id, threadIds, batch.openedAt);
      if (unread === 0) continue;
      await queueMail(
        tx,
        messageWaitingMail({
          to: account.email,
          projectName: loaded.project.name,
          count: unread,
          fromOffice: !hasOfficePowers(viewer, access),
          link: `${ctx.config.publicUrl}/project/${batch.projectId}/dashboard?tab=messages`,
        }),
      );
      count += 1;
    }
    return count;
  });
  if (queued > 0) ctx.outbox.wake();
  return queued;
}

export interface MessageMailTask extends PeriodicTask {
  /** One pass now (tests, on their clock). */
  runNow(): Promise<number>;
}

export function createMessageMailTask(ctx: AppContext): MessageMailTask {
  return {
    runNow: () => sendDueMessageMails(ctx),
    ...periodicTask(
      () => sendDueMessageMails(ctx),
      MESSAGE_MAIL_PASS_MS,
      (error) => ctx.log.error({ err: error }, 'message mails: pass failed'),
    ),
  };
}

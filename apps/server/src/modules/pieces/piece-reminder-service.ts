import {
  canRemindPieces,
  decideReminders,
  isAwaitingPerson,
  LOCKED_FROM_STATUS,
  PIECE_PERMISSION_MESSAGES,
  PIECE_STATE_LABELS,
  REMINDER_AFTER_DAYS,
  REMINDER_TIME_ZONE,
  reminderDayOf,
  type ReminderDecision,
  type ReminderFile,
  type RemindNowResult,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { periodicTask, type PeriodicTask } from '../../periodic-task';
import { AppError, forbidden, notFound, tooManyRequests } from '../../http/app-error';
import { queueMail } from '../../mail/outbox-data';
import { piecesReminderMail, piecesStalledMail } from '../../mail/templates';
import { requireOpenProject } from '../projects/project-guard';
import type { UserWithOffice } from '../users/user-data';
import {
  claimOfficeAlert,
  claimReminder,
  claimReminderPass,
  findReminderCandidates,
  finishReminderPass,
  loadAccountEmails,
  loadPeopleRequests,
  loadRemindersSent,
  personKeyOf,
  type PersonRequestRow,
  type ReminderCandidate,
} from './piece-reminder-data';

/**
 * Reminders of the pieces a person still owes (issue 22). The schedule is the
 * domain's `decideReminders`; this file feeds it from the database, claims
 * what it decides (one mail per person and French day, one office alert per
 * person, file and day: unique rows, so several processes send once) and
 * queues the mails in the outbox in the same transaction as the claim.
 */

export const REMINDER_MESSAGES = {
  remindRefused: PIECE_PERMISSION_MESSAGES.remindRefused,
  participantNotInProject: 'Cette personne ne fait pas partie de ce dossier.',
  fileClosed: "Ce dossier est signé ou archivé : ses pièces ne font plus l'objet de relances.",
  noAddress: "Cette personne n'a pas d'adresse e-mail : impossible de lui envoyer une relance.",
  nothingAwaited: "Cette personne n'a plus aucune pièce à envoyer pour ce dossier : il n'y a rien à relancer.",
  nobodyAwaited: "Plus personne n'a de pièce à envoyer pour ce dossier : il n'y a rien à relancer.",
  alreadyToday: "Une relance a déjà été envoyée aujourd'hui à cette personne : la suivante pourra partir demain.",
  everyoneAlreadyToday:
    "Chaque personne qui doit encore des pièces a déjà reçu une relance aujourd'hui : les suivantes pourront partir demain.",
} as const;
const M = REMINDER_MESSAGES;

/** People read per page of the pass: a few queries per page, each bounded. */
export const REMINDER_PAGE_SIZE = 500;
/** A pass not marked done this long after it started was cut (its process died): another process takes it over. */
const PASS_LEASE_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

const isClosed = (project: { status: number; archived: boolean }) => project.archived || project.status >= LOCKED_FROM_STATUS;
const pieceLink = (ctx: AppContext, projectId: number, requestId: number) =>
  `${ctx.config.publicUrl}/project/${projectId}/dashboard?piece=${requestId}`;

// ---------------------------------------------------------------- the daily pass

export interface ReminderPassResult {
  people: number;
  mails: number;
  officeAlerts: number;
}

/** Persons as the pass reads them: one entry per account or address, whatever number of files. */
interface Person {
  key: string;
  email: string;
  firstName: string;
  name: string;
}

/**
 * Sends every reminder due at `now` (the pass's work, without its lease: two
 * calls at once still send each mail once, the claims deciding). Pages over
 * the participants owing a piece quiet for long enough, in participant order.
 */
export async function sendDueReminders(ctx: AppContext, now: Date, pageSize = REMINDER_PAGE_SIZE): Promise<ReminderPassResult> {
  const day = reminderDayOf(now);
  // No file is due before its first reminder's quiet days: a day less than that in hours is a safe bound (days are French days).
  const quietBefore = new Date(now.getTime() - ((REMINDER_AFTER_DAYS[0] ?? 1) - 1) * DAY_MS);
  const seen = new Set<string>();
  const total: ReminderPassResult = { people: 0, mails: 0, officeAlerts: 0 };
  let after = 0;
  for (;;) {
    const { candidates, lastParticipantId } = await findReminderCandidates(ctx.db, {
      afterParticipantId: after,
      quietBefore,
      limit: pageSize,
    });
    const people = candidates.flatMap((c) => {
      const person = toPerson(c);
      if (!person || seen.has(person.key)) return [];
      seen.add(person.key);
      return [{ person, candidate: c }];
    });
    const done = await remindPeople(ctx, people, now, day);
    total.people += people.length;
    total.mails += done.mails;
    total.officeAlerts += done.officeAlerts;
    if (lastParticipantId === null) break;
    after = lastParticipantId;
  }
  if (total.mails + total.officeAlerts > 0) ctx.outbox.wake();
  return total;
}

function toPerson(c: ReminderCandidate): Person | undefined {
  const key = personKeyOf(c);
  if (!key || !c.email) return undefined;
  return { key, email: c.email, firstName: c.firstName, name: `${c.firstName} ${c.lastName}`.trim() };
}

/** Each person's files and reminders in three queries for the page, then one transaction per person with something due. */
async function remindPeople(
  ctx: AppContext,
  people: ReadonlyArray<{ person: Person; candidate: ReminderCandidate }>,
  now: Date,
  day: string,
): Promise<{ mails: number; officeAlerts: number }> {
  const done = { mails: 0, officeAlerts: 0 };
  if (people.length === 0) return done;
  const rows = await loadPeopleRequests(
    ctx.db,
    people.map((p) => p.candidate),
  );
  const sent = await loadRemindersSent(
    ctx.db,
    people.map((p) => p.person.key),
  );
  for (const { person } of people) {
    const mine = rows.filter((r) => r.personKey === person.key);
    const decision = decideReminders({
      now,
      files: toReminderFiles(mine),
      remindersSent: sent.reminders.filter((r) => r.personKey === person.key),
      officeAlertsSent: sent.alerts.filter((a) => a.personKey === person.key),
    });
    if (!decision.mail && decision.officeAlerts.length === 0) continue;
    const result = await sendDecision(ctx, person, decision, mine, now, day);
    done.mails += result.mailed ? 1 : 0;
    done.officeAlerts += result.officeAlerts;
  }
  return done;
}

/** The person's files as `decideReminders` reads them; a signed or archived file counts as one they left. */
function toReminderFiles(rows: readonly PersonRequestRow[]): ReminderFile[] {
  const files = new Map<number, ReminderFile & { requests: ReminderFile['requests'][number][] }>();
  for (const row of rows) {
    const file = files.get(row.projectId) ?? {
      projectId: row.projectId,
      projectName: row.projectName,
      personLeft: isClosed({ status: row.projectStatus, archived: row.projectArchived }),
      requests: [],
    };
    file.requests.push({
      id: row.requestId,
      label: row.label,
      state: row.state,
      noLongerRequired: row.noLongerRequired,
      lastChangeAt: row.updatedAt,
    });
    files.set(row.projectId, file);
  }
  return [...files.values()];
}

async function sendDecision(
  ctx: AppContext,
  person: Person,
  decision: ReminderDecision,
  rows: readonly PersonRequestRow[],
  now: Date,
  day: string,
): Promise<{ mailed: boolean; officeAlerts: number }> {
  return ctx.db.transaction(async (tx) => {
    let mailed = false;
    let officeAlerts = 0;
    if (
      decision.mail &&
      (await claimReminder(tx, {
        personKey: person.key,
        day,
        sentAt: now,
        projectIds: decision.mail.files.map((f) => f.projectId),
        byUserId: null,
      }))
    ) {
      const files = decision.mail.files.map((file) => ({
        projectName: file.projectName,
        pieces: file.pieces.map((piece) => ({
          label: piece.label,
          stateLabel: piece.stateLabel,
          link: pieceLink(ctx, file.projectId, piece.requestId),
        })),
      }));
      await queueMail(tx, piecesReminderMail({ to: person.email, firstName: person.firstName, files, fromOffice: false }));
      mailed = true;
    }
    for (const alert of decision.officeAlerts) {
      const officeEmail = rows.find((r) => r.projectId === alert.projectId)?.officeEmail;
      // No office (or no address): nobody to tell; the alert stays due and is sent once the office has one.
      if (!officeEmail) continue;
      if (!(await claimOfficeAlert(tx, { personKey: person.key, projectId: alert.projectId, day, sentAt: now }))) continue;
      const first = alert.pieces[0];
      await queueMail(
        tx,
        piecesStalledMail({
          to: officeEmail,
          personName: person.name,
          projectName: alert.projectName,
          daysWithoutChange: alert.daysWithoutChange,
          pieceLabels: alert.pieces.map((p) => p.label),
          link: first ? pieceLink(ctx, alert.projectId, first.requestId) : `${ctx.config.publicUrl}/project/${alert.projectId}/dashboard`,
        }),
      );
      officeAlerts += 1;
    }
    return { mailed, officeAlerts };
  });
}

/**
 * The pass of the day, once across processes: taken with a lease, skipped
 * when done (or before `fromHour` in Paris: reminders arrive in the morning,
 * not at midnight), marked done at the end. Null when not this run's to do.
 */
export async function runReminderPass(ctx: AppContext): Promise<ReminderPassResult | null> {
  const now = ctx.now();
  if (parisHour(now) < ctx.config.pieceReminders.fromHour) return null;
  const day = reminderDayOf(now);
  if (!(await claimReminderPass(ctx.db, day, now, PASS_LEASE_MS))) return null;
  const result = await sendDueReminders(ctx, now);
  await finishReminderPass(ctx.db, day, ctx.now());
  ctx.log.info({ day, ...result }, 'Relances des pièces envoyées.');
  return result;
}

const parisHourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: REMINDER_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
function parisHour(instant: Date): number {
  return Number(parisHourFormat.format(instant));
}

export interface ReminderTask extends PeriodicTask {
  /** One try of the day's pass, now (what each tick does). */
  runOnce(): Promise<ReminderPassResult | null>;
  /** The pass's work without its lease or hour (tests: two at once must still send each mail once). */
  sendDueNow(): Promise<ReminderPassResult>;
}

/** The pass, tried every `intervalMs` (an hour by default): most tries find the day done in one statement. */
export function createReminderTask(ctx: AppContext): ReminderTask {
  const repeated = periodicTask(
    () => runReminderPass(ctx),
    ctx.config.pieceReminders.intervalMs,
    (error) => ctx.log.warn({ err: error }, 'Relances des pièces impossibles ; nouvel essai plus tard.'),
  );
  return { ...repeated, runOnce: () => runReminderPass(ctx), sendDueNow: () => sendDueReminders(ctx, ctx.now()) };
}

// ---------------------------------------------------------------- the office's "send now"

/**
 * `POST /project/{id}/pieces/remind`: the office reminds one person of what
 * they still owe on this file, or everyone who owes something. It takes the
 * person's reminder of the day (the pass sends them nothing more today) and
 * counts as one of the file's reminders for the schedule. 429 when a
 * reminder already went to the person today.
 */
export async function sendReminderNow(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  participantId: number | undefined,
): Promise<RemindNowResult> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, projectId);
  if (!canRemindPieces(viewer, access)) throw forbidden(M.remindRefused);
  if (isClosed({ status: loaded.project.status, archived: loaded.project.isArchived })) throw conflict(M.fileClosed);
  if (participantId !== undefined && !loaded.participants.some((p) => p.id === participantId)) throw notFound(M.participantNotInProject);

  const candidates = loaded.participants.filter((p) => participantId === undefined || p.id === participantId);
  const rows = await loadPeopleRequests(
    ctx.db,
    candidates.map((p) => ({ userId: p.userId, email: p.email })),
  );
  const owing = candidates.flatMap((p) => {
    const pieces = rows.filter((r) => r.participantId === p.id && isAwaitingPerson(r.state) && !r.noLongerRequired);
    return pieces.length === 0 ? [] : [{ participant: p, pieces }];
  });
  if (owing.length === 0) throw conflict(participantId === undefined ? M.nobodyAwaited : M.nothingAwaited);
  const emails = await loadPersonEmails(
    ctx,
    owing.map((o) => o.participant),
  );
  const reachable = owing.flatMap((o) => {
    const email = emails.get(o.participant.id);
    const key = personKeyOf({ userId: o.participant.userId, email: email ?? null });
    return email && key ? [{ ...o, email, key }] : [];
  });
  if (reachable.length === 0) throw conflict(M.noAddress);

  const now = ctx.now();
  const day = reminderDayOf(now);
  const result: RemindNowResult = { sent: [], alreadyRemindedToday: [] };
  await ctx.db.transaction(async (tx) => {
    for (const { participant, pieces, email, key } of reachable) {
      const name = `${participant.firstName} ${participant.lastName}`.trim();
      if (!(await claimReminder(tx, { personKey: key, day, sentAt: now, projectIds: [projectId], byUserId: user.id }))) {
        result.alreadyRemindedToday.push({ participantId: participant.id, name });
        continue;
      }
      const file = {
        projectName: loaded.project.name,
        pieces: pieces.map((r) => ({
          label: r.label,
          stateLabel: PIECE_STATE_LABELS[r.state],
          link: pieceLink(ctx, projectId, r.requestId),
        })),
      };
      await queueMail(tx, piecesReminderMail({ to: email, firstName: participant.firstName, files: [file], fromOffice: true }));
      result.sent.push({ participantId: participant.id, name });
    }
  });
  if (result.sent.length === 0)
    throw tooManyRequests(participantId === undefined ? M.everyoneAlreadyToday : M.alreadyToday, msUntilNextFrenchDay(now));
  ctx.outbox.wake();
  return result;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The address a reminder goes to: the account's, else the one the person was invited at. */
async function loadPersonEmails(
  ctx: AppContext,
  people: ReadonlyArray<{ id: number; userId: number | null; email: string | null }>,
): Promise<Map<number, string>> {
  const accounts = await loadAccountEmails(
    ctx.db,
    people.flatMap((p) => (p.userId === null ? [] : [p.userId])),
  );
  return new Map(
    people.flatMap((p) => {
      const email = p.userId === null ? p.email : (accounts.get(p.userId) ?? null);
      return email ? [[p.id, email] as const] : [];
    }),
  );
}

/** Until the French day changes (Retry-After of a refused "send now"), to the minute. */
function msUntilNextFrenchDay(now: Date): number {
  const today = reminderDayOf(now);
  let low = 0;
  let high = 26 * 3_600_000;
  while (high - low > 60_000) {
    const middle = Math.floor((low + high) / 2);
    if (reminderDayOf(new Date(now.getTime() + middle)) === today) low = middle;
    else high = middle;
  }
  return high;
}

import type { PieceState } from '@notadoo/domain';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  notaryOffices,
  participants,
  pieceReminderAlerts,
  pieceReminderPasses,
  pieceReminders,
  pieceRequests,
  projects,
  users,
} from '../../db/schema';

/**
 * Who is reminded of what (issue 22): the SQL of the daily pass and of the
 * office's "send now". A person is their account, or their address when
 * invited without one: `personKeyOf` is the one place that says how.
 */

export function personKeyOf(person: { userId: number | null; email: string | null }): string | null {
  if (person.userId !== null) return `u${person.userId}`;
  return person.email ? `e${person.email.toLowerCase()}` : null;
}

/** The requests still awaited from their person, as the partial index `piece_requests_awaiting` holds them. */
const awaiting = and(inArray(pieceRequests.state, ['requested', 'to_correct']), eq(pieceRequests.noLongerRequired, false));

/** A participant who may be due, with the address a reminder goes to. */
export interface ReminderCandidate {
  participantId: number;
  userId: number | null;
  email: string | null;
  firstName: string;
  lastName: string;
}

/**
 * One page of the pass, in participant order after `afterParticipantId`: the
 * participants owing a piece that has not moved since `quietBefore` (no file
 * of theirs can be due otherwise). Reads the partial index's entries of the
 * page only (see the EXPLAIN in docs/decisions.md), however many pieces the
 * network holds. `lastParticipantId` is where the next page starts; null at the end.
 */
export async function findReminderCandidates(
  db: Db,
  input: { afterParticipantId: number; quietBefore: Date; limit: number },
): Promise<{ candidates: ReminderCandidate[]; lastParticipantId: number | null }> {
  const rows = await reminderCandidatesQuery(db, input);
  return { candidates: rows, lastParticipantId: rows.length < input.limit ? null : (rows.at(-1)?.participantId ?? null) };
}

/** The page's query, unexecuted: the bench prints its plan (EXPLAIN) as the pass runs it. */
export function reminderCandidatesQuery(db: Db, input: { afterParticipantId: number; quietBefore: Date; limit: number }) {
  const page = db
    .selectDistinct({ participantId: pieceRequests.participantId })
    .from(pieceRequests)
    .where(and(awaiting, gt(pieceRequests.participantId, input.afterParticipantId), lte(pieceRequests.updatedAt, input.quietBefore)))
    .orderBy(asc(pieceRequests.participantId))
    .limit(input.limit)
    .as('page');
  return db
    .select({
      participantId: page.participantId,
      userId: participants.userId,
      email: sql<string | null>`coalesce(${users.email}, ${participants.email})`,
      firstName: participants.firstName,
      lastName: participants.lastName,
    })
    .from(page)
    .innerJoin(participants, eq(participants.id, page.participantId))
    .leftJoin(users, eq(users.id, participants.userId))
    .orderBy(asc(page.participantId));
}

/** One request of a person, with its file, as `decideReminders` and the mails need it. */
export interface PersonRequestRow {
  personKey: string;
  participantId: number;
  projectId: number;
  projectName: string;
  projectStatus: number;
  projectArchived: boolean;
  officeEmail: string | null;
  requestId: number;
  label: string;
  state: PieceState;
  noLongerRequired: boolean;
  updatedAt: Date;
}

/**
 * Every request of these people in every file they are part of (accounts by
 * `participants_user`, addresses by `participants_email`), in one query: a
 * person's mail lists all their files.
 */
export async function loadPeopleRequests(
  db: Db,
  people: ReadonlyArray<{ userId: number | null; email: string | null }>,
): Promise<PersonRequestRow[]> {
  const userIds = [...new Set(people.flatMap((p) => (p.userId === null ? [] : [p.userId])))];
  const emails = [...new Set(people.flatMap((p) => (p.userId === null && p.email ? [p.email.toLowerCase()] : [])))];
  if (userIds.length === 0 && emails.length === 0) return [];
  const personKey = sql<string>`CASE WHEN ${participants.userId} IS NOT NULL THEN 'u' || ${participants.userId} ELSE 'e' || lower(${participants.email}) END`;
  return db
    .select({
      personKey,
      participantId: participants.id,
      projectId: projects.id,
      projectName: projects.name,
      projectStatus: projects.status,
      projectArchived: projects.isArchived,
      officeEmail: notaryOffices.email,
      requestId: pieceRequests.id,
      label: pieceRequests.label,
      state: pieceRequests.state,
      noLongerRequired: pieceRequests.noLongerRequired,
      updatedAt: pieceRequests.updatedAt,
    })
    .from(participants)
    .innerJoin(projects, eq(projects.id, participants.projectId))
    .leftJoin(notaryOffices, eq(notaryOffices.id, projects.notaryOfficeId))
    .innerJoin(pieceRequests, eq(pieceRequests.participantId, participants.id))
    .where(
      or(
        userIds.length > 0 ? sql`${participants.userId} = ANY(${sql.param(userIds)}::int[])` : sql`false`,
        emails.length > 0
          ? and(isNull(participants.userId), sql`lower(${participants.email}) = ANY(${sql.param(emails)}::text[])`)
          : sql`false`,
      ),
    )
    .orderBy(asc(projects.id), asc(pieceRequests.id));
}

/** The reminders and office alerts already sent to these people: what `decideReminders` counts from. */
export async function loadRemindersSent(
  db: Db,
  personKeys: readonly string[],
): Promise<{
  reminders: Array<{ personKey: string; sentAt: Date; projectIds: number[] }>;
  alerts: Array<{ personKey: string; sentAt: Date; projectId: number }>;
}> {
  if (personKeys.length === 0) return { reminders: [], alerts: [] };
  const keys = sql.param([...personKeys]);
  const [reminders, alerts] = await Promise.all([
    db
      .select({ personKey: pieceReminders.personKey, sentAt: pieceReminders.sentAt, projectIds: pieceReminders.projectIds })
      .from(pieceReminders)
      .where(sql`${pieceReminders.personKey} = ANY(${keys}::text[])`),
    db
      .select({ personKey: pieceReminderAlerts.personKey, sentAt: pieceReminderAlerts.sentAt, projectId: pieceReminderAlerts.projectId })
      .from(pieceReminderAlerts)
      .where(sql`${pieceReminderAlerts.personKey} = ANY(${keys}::text[])`),
  ]);
  return { reminders, alerts };
}

/**
 * Takes the person's reminder of `day`: true when this call inserted it (the
 * caller then queues the mail in the same transaction), false when another
 * process, the pass or the office, already did today.
 */
export async function claimReminder(
  db: Db,
  row: { personKey: string; day: string; sentAt: Date; projectIds: number[]; byUserId: number | null },
): Promise<boolean> {
  const inserted = await db.insert(pieceReminders).values(row).onConflictDoNothing().returning({ id: pieceReminders.id });
  return inserted.length > 0;
}

/** Takes the office alert about this person and file for `day`, as `claimReminder`. */
export async function claimOfficeAlert(db: Db, row: { personKey: string; projectId: number; day: string; sentAt: Date }): Promise<boolean> {
  const inserted = await db.insert(pieceReminderAlerts).values(row).onConflictDoNothing().returning({ id: pieceReminderAlerts.id });
  return inserted.length > 0;
}

/**
 * Takes the day's pass for `leaseMs`: true when it is this process's to run.
 * False when it is done for the day, or another process took it less than
 * `leaseMs` ago; a lease run out (its process died) is taken over.
 */
export async function claimReminderPass(db: Db, day: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .insert(pieceReminderPasses)
    .values({ day, startedAt: now })
    .onConflictDoUpdate({
      target: pieceReminderPasses.day,
      set: { startedAt: now },
      setWhere: and(isNull(pieceReminderPasses.finishedAt), lte(pieceReminderPasses.startedAt, new Date(now.getTime() - leaseMs))),
    })
    .returning({ day: pieceReminderPasses.day });
  return rows.length > 0;
}

export async function finishReminderPass(db: Db, day: string, now: Date): Promise<void> {
  await db.update(pieceReminderPasses).set({ finishedAt: now }).where(eq(pieceReminderPasses.day, day));
}

/** The accounts' current addresses (a reminder goes where the person now reads their mail). */
export async function loadAccountEmails(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

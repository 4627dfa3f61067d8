import type { AnswerChangeAuthorRole, ChangedAnswer } from '@notadoo/domain';
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { answerChangeItems, answerChangeSpells, answerMarks, documents, participants, projects, users } from '../../db/schema';

/** The answers of a questionnaire as they were at `version`; undefined once it moved on. */
export async function findAnswersAtVersion(db: Db, documentId: number, version: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ answers: documents.answers })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.version, version)));
  return row?.answers;
}

export interface OfficeChangeAuthor {
  userId: number;
  role: AnswerChangeAuthorRole;
  name: string;
}

/** Marks these fields as the office's latest change (who, when). */
export async function markOfficeChanges(
  db: Db,
  input: { documentId: number; fields: readonly string[]; author: OfficeChangeAuthor; at: Date },
): Promise<void> {
  if (input.fields.length === 0) return;
  await db
    .insert(answerMarks)
    .values(
      input.fields.map((field) => ({
        documentId: input.documentId,
        field,
        changedBy: input.author.userId,
        authorRole: input.author.role,
        authorName: input.author.name,
        changedAt: input.at,
      })),
    )
    .onConflictDoUpdate({
      target: [answerMarks.documentId, answerMarks.field],
      set: {
        changedBy: sql`excluded.changed_by`,
        authorRole: sql`excluded.author_role`,
        authorName: sql`excluded.author_name`,
        changedAt: sql`excluded.changed_at`,
      },
    });
}

/** The clients answered these fields themselves again: the office's marks go. */
export async function clearMarks(db: Db, documentId: number, fields: readonly string[]): Promise<void> {
  if (fields.length === 0) return;
  await db.delete(answerMarks).where(and(eq(answerMarks.documentId, documentId), inArray(answerMarks.field, [...fields])));
}

export async function listMarks(db: Db, documentId: number) {
  return db.select().from(answerMarks).where(eq(answerMarks.documentId, documentId)).orderBy(asc(answerMarks.field));
}

/**
 * Adds office changes to the questionnaire's pending spell (opening one if
 * none): the spell row first, then the fields, so that a mail pass that took
 * the spell meanwhile is waited for and this change opens the next spell.
 * A field keeps the value it had before the spell and takes the latest one.
 */
export async function addToSpell(
  db: Db,
  input: { documentId: number; recipientIds: readonly number[]; changes: readonly ChangedAnswer[]; at: Date },
): Promise<void> {
  await db
    .insert(answerChangeSpells)
    .values({ documentId: input.documentId, recipientIds: [...input.recipientIds], firstChangeAt: input.at, lastChangeAt: input.at })
    .onConflictDoUpdate({
      target: answerChangeSpells.documentId,
      set: {
        lastChangeAt: sql`excluded.last_change_at`,
        recipientIds: sql`array(select distinct unnest(${answerChangeSpells.recipientIds} || excluded.recipient_ids) order by 1)`,
      },
    });
  if (input.changes.length === 0) return;
  await db
    .insert(answerChangeItems)
    .values(
      input.changes.map((change) => ({
        documentId: input.documentId,
        field: change.field,
        beforeValue: change.before ?? null,
        afterValue: change.after ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [answerChangeItems.documentId, answerChangeItems.field],
      set: { afterValue: sql`excluded.after_value` },
    });
}

/** A page of the spells due by these bounds, in document order after `afterDocumentId`; only pending spells have rows, so this reads little. */
export async function findDueSpells(
  db: Db,
  due: { quietBefore: Date; startedBefore: Date; afterDocumentId: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ documentId: answerChangeSpells.documentId })
    .from(answerChangeSpells)
    .where(
      and(
        gt(answerChangeSpells.documentId, due.afterDocumentId),
        or(lte(answerChangeSpells.lastChangeAt, due.quietBefore), lte(answerChangeSpells.firstChangeAt, due.startedBefore)),
      ),
    )
    .orderBy(asc(answerChangeSpells.documentId))
    .limit(due.limit);
  return rows.map((row) => row.documentId);
}

/**
 * Takes a due spell and its fields (deleted: this transaction sends its
 * summary). Undefined when another process took it first, or a change
 * arrived meanwhile and it is no longer due.
 */
export async function takeSpell(
  db: Db,
  documentId: number,
  due: { quietBefore: Date; startedBefore: Date },
): Promise<{ recipientIds: number[]; changes: ChangedAnswer[] } | undefined> {
  const [spell] = await db
    .delete(answerChangeSpells)
    .where(
      and(
        eq(answerChangeSpells.documentId, documentId),
        or(lte(answerChangeSpells.lastChangeAt, due.quietBefore), lte(answerChangeSpells.firstChangeAt, due.startedBefore)),
      ),
    )
    .returning();
  if (!spell) return undefined;
  const items = await db.delete(answerChangeItems).where(eq(answerChangeItems.documentId, documentId)).returning();
  return {
    recipientIds: spell.recipientIds,
    changes: items.map((item) => ({ field: item.field, before: item.beforeValue ?? undefined, after: item.afterValue ?? undefined })),
  };
}

/** What the summary mail names (the questionnaire's type, its file) and whose answers it holds (its owner or shared role). */
export async function findQuestionnaireForSummary(db: Db, documentId: number) {
  const [row] = await db
    .select({
      docType: documents.docType,
      projectId: documents.projectId,
      projectName: projects.name,
      participantId: documents.participantId,
      sharedRole: documents.sharedRole,
      supersededAt: documents.supersededAt,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.id, documentId), eq(documents.kind, 'questionnaire')));
  return row;
}

/** The file's people as the domain's `questionnaireOwners` needs them. */
export async function findProjectPeople(db: Db, projectId: number) {
  const rows = await db
    .select({ id: participants.id, role: participants.role, userId: participants.userId, roleConfirmed: participants.roleConfirmed })
    .from(participants)
    .where(eq(participants.projectId, projectId));
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    user: row.userId === null ? null : { id: row.userId },
    role_confirmed: row.roleConfirmed,
  }));
}

/** The active accounts among these, with the address a summary goes to. */
export async function findActiveAccounts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
}

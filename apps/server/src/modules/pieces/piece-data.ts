import type { PieceDerivationInput, PieceQuestionnaire, QuestionnaireDocType, StoredPieceRequest } from '@notadoo/domain';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants, pieceRequests, pieceReviews, pieceVersions, projects } from '../../db/schema';

export type PieceRequestRow = typeof pieceRequests.$inferSelect;
export type PieceVersionRow = typeof pieceVersions.$inferSelect;
export type PieceReviewRow = typeof pieceReviews.$inferSelect;

/** A stored request as reconciliation needs it: the domain's fields plus what may be rewritten. */
export interface StoredRequest extends StoredPieceRequest {
  reasonText: string | null;
}

/**
 * The file, its people and its questionnaires' answers, read inside the
 * transaction of the change. The project's row is locked first: two changes
 * of one file reconcile one after the other, the second reading the first's
 * committed answers, so neither withdraws what the other just asked for.
 */
export async function loadDerivationInput(db: Db, projectId: number): Promise<PieceDerivationInput | undefined> {
  const [project] = await db
    .select({ type: projects.type, subtype: projects.subtype })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!project) return undefined;
  const people = await db
    .select({ id: participants.id, role: participants.role })
    .from(participants)
    .where(eq(participants.projectId, projectId))
    .orderBy(asc(participants.id));
  const questionnaires = await db
    .select({
      docType: documents.docType,
      participantId: documents.participantId,
      answers: documents.answers,
      superseded: sql<boolean>`${documents.supersededAt} IS NOT NULL`,
    })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), eq(documents.kind, 'questionnaire')))
    .orderBy(asc(documents.id));
  return {
    project,
    participants: people,
    questionnaires: questionnaires as PieceQuestionnaire[] & Array<{ docType: QuestionnaireDocType }>,
  };
}

/** The project's stored requests, in one query. */
export async function loadStoredRequests(db: Db, projectId: number): Promise<StoredRequest[]> {
  const rows = await db
    .select({
      id: pieceRequests.id,
      participantId: pieceRequests.participantId,
      pieceId: pieceRequests.pieceId,
      origin: pieceRequests.origin,
      state: pieceRequests.state,
      noLongerRequired: pieceRequests.noLongerRequired,
      reasonText: pieceRequests.reasonText,
    })
    .from(pieceRequests)
    .where(eq(pieceRequests.projectId, projectId));
  return rows.map((r) => ({ ...r, key: `${r.participantId}:${r.pieceId}` }));
}

export interface NewPieceRequest {
  projectId: number;
  participantId: number;
  pieceId: string;
  label: string;
  origin: PieceRequestRow['origin'];
  state?: PieceRequestRow['state'];
  reasonText: string | null;
  fileTypes: string[];
  at: Date;
}

/** One statement for every new request; a derived one another save inserted meanwhile is kept as is. */
export async function insertPieceRequests(db: Db, rows: readonly NewPieceRequest[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(pieceRequests)
    .values(rows.map(({ at, ...row }) => ({ ...row, createdAt: at, updatedAt: at })))
    .onConflictDoNothing();
}

/** One request, as stored: a piece sent unasked, created with its first version. */
export async function insertPieceRequest(db: Db, { at, ...row }: NewPieceRequest): Promise<PieceRequestRow> {
  const [inserted] = await db
    .insert(pieceRequests)
    .values({ ...row, createdAt: at, updatedAt: at })
    .returning();
  return inserted!;
}

export async function deletePieceRequests(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pieceRequests).where(inArray(pieceRequests.id, [...ids]));
}

export async function markRequestsNoLongerRequired(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pieceRequests)
    .set({ noLongerRequired: true })
    .where(inArray(pieceRequests.id, [...ids]));
}

/** Required again and/or new reasons, each row its own text, in one statement. */
export async function rewriteRequestReasons(db: Db, rows: ReadonlyArray<{ id: number; reasonText: string }>): Promise<void> {
  if (rows.length === 0) return;
  // One JSON parameter holds every row (drizzle spreads a JS array into a list of parameters).
  await db.execute(sql`UPDATE piece_requests r SET no_longer_required = false, reason_text = v.value->>'reasonText'
    FROM json_array_elements(${JSON.stringify(rows)}::json) AS v(value)
    WHERE r.id = (v.value->>'id')::int`);
}

/** A file's requests with their versions and reviews, oldest first: three queries. */
export async function loadProjectPieceRows(
  db: Db,
  projectId: number,
): Promise<{ requests: PieceRequestRow[]; versions: PieceVersionRow[]; reviews: PieceReviewRow[] }> {
  const requests = await db.select().from(pieceRequests).where(eq(pieceRequests.projectId, projectId)).orderBy(asc(pieceRequests.id));
  if (requests.length === 0) return { requests, versions: [], reviews: [] };
  const ofProject = db.select({ id: pieceRequests.id }).from(pieceRequests).where(eq(pieceRequests.projectId, projectId));
  const versions = await db.select().from(pieceVersions).where(inArray(pieceVersions.requestId, ofProject)).orderBy(asc(pieceVersions.id));
  const reviews = await db.select().from(pieceReviews).where(inArray(pieceReviews.requestId, ofProject)).orderBy(asc(pieceReviews.id));
  return { requests, versions, reviews };
}

export async function findPieceRequest(db: Db, id: number): Promise<PieceRequestRow | undefined> {
  const [row] = await db.select().from(pieceRequests).where(eq(pieceRequests.id, id));
  return row;
}

export async function findPieceRequests(db: Db, projectId: number, ids: readonly number[]): Promise<PieceRequestRow[]> {
  return db
    .select()
    .from(pieceRequests)
    .where(and(eq(pieceRequests.projectId, projectId), inArray(pieceRequests.id, [...ids])));
}

export async function findPieceVersion(db: Db, id: number): Promise<{ version: PieceVersionRow; request: PieceRequestRow } | undefined> {
  const [row] = await db
    .select({ version: pieceVersions, request: pieceRequests })
    .from(pieceVersions)
    .innerJoin(pieceRequests, eq(pieceRequests.id, pieceVersions.requestId))
    .where(eq(pieceVersions.id, id));
  return row;
}

/**
 * Moves a request from the state it was read in: false when another change
 * moved it meanwhile (the caller answers 409 rather than overwrite it).
 */
export async function moveRequestState(
  db: Db,
  id: number,
  from: PieceRequestRow['state'],
  to: PieceRequestRow['state'],
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(pieceRequests)
    .set({ state: to, updatedAt: at })
    .where(and(eq(pieceRequests.id, id), eq(pieceRequests.state, from)))
    .returning({ id: pieceRequests.id });
  return rows.length > 0;
}

export async function insertPieceReviews(db: Db, rows: ReadonlyArray<typeof pieceReviews.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(pieceReviews).values([...rows]);
}

export async function insertPieceVersion(db: Db, row: typeof pieceVersions.$inferInsert): Promise<void> {
  await db.insert(pieceVersions).values(row);
}

export async function updateVersionReport(
  db: Db,
  id: number,
  report: { diagnosticKind: NonNullable<PieceVersionRow['diagnosticKind']>; reportDate: string; finding: PieceVersionRow['finding'] },
): Promise<void> {
  await db.update(pieceVersions).set(report).where(eq(pieceVersions.id, id));
}

export async function updateSigningDate(db: Db, projectId: number, signingDate: string | null, at: Date): Promise<void> {
  await db.update(projects).set({ signingDate, updatedAt: at }).where(eq(projects.id, projectId));
}

/**
 * Takes the file's slot for the office's "pieces arrived" mail: true (and
 * the time recorded) when none was sent within `intervalMs`. One statement,
 * so two uploads at once send one mail.
 */
export async function claimOfficeMailSlot(db: Db, projectId: number, now: Date, intervalMs: number): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ piecesMailSentAt: now })
    .where(
      and(
        eq(projects.id, projectId),
        or(isNull(projects.piecesMailSentAt), lte(projects.piecesMailSentAt, new Date(now.getTime() - intervalMs))),
      ),
    )
    .returning({ id: projects.id });
  return rows.length > 0;
}

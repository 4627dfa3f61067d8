import type { SharedQuestionnaireRole } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';

/**
 * What the product holds about one person, read for their copy.
 * Each read is bounded by the person: their participations (index
 * participants_user), their documents (by participant), the pieces and
 * messages they sent (sent_by_user_id, messages_author).
 */

export interface ParticipationRow {
  participantId: number;
  projectId: number;
  projectName: string;
  type: string;
  subtype: string;
  status: number;
  isArchived: boolean;
  role: string;
  roleConfirmed: boolean;
  isCreator: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  joinedAt: Date | string;
  officeCity: string | null;
}

export async function loadParticipations(db: Db, userId: number): Promise<ParticipationRow[]> {
  return rowsOf<ParticipationRow>(
    db,
    sql`SELECT pa.id AS "participantId", p.id AS "projectId", p.name AS "projectName", p.type, p.subtype, p.status, p.is_archived AS "isArchived",
          pa.role, pa.role_confirmed AS "roleConfirmed", (pa.is_creator OR p.creator_id = ${userId}) AS "isCreator",
          pa.first_name AS "firstName", pa.last_name AS "lastName", pa.email, pa.created_at AS "joinedAt", o.city AS "officeCity"
        FROM participants pa JOIN projects p ON p.id = pa.project_id LEFT JOIN notary_offices o ON o.id = p.notary_office_id
        WHERE pa.user_id = ${userId} ORDER BY p.id, pa.id`,
  );
}

export interface QuestionnaireRow {
  id: number;
  projectId: number;
  docType: string;
  answers: Record<string, unknown>;
  version: number;
  progress: number;
  sharedRole: string | null;
  updatedAt: Date | string;
}

/** A seller or buyer of the person's files, as the domain's `sharedQuestionnairePeople` needs them. */
export interface SharedRoleHolderRow {
  id: number;
  projectId: number;
  role: SharedQuestionnaireRole;
  user: { id: number } | null;
  role_confirmed: boolean;
}

/** The sellers and buyers of these files (index participants_project). */
export async function loadSharedRoleHolders(db: Db, projectIds: readonly number[]): Promise<SharedRoleHolderRow[]> {
  if (projectIds.length === 0) return [];
  const found = await rowsOf<{
    id: number;
    projectId: number;
    role: SharedQuestionnaireRole;
    userId: number | null;
    roleConfirmed: boolean;
  }>(
    db,
    sql`SELECT id, project_id AS "projectId", role, user_id AS "userId", role_confirmed AS "roleConfirmed" FROM participants
        WHERE project_id IN (${sql.join(
          projectIds.map((id) => sql`${id}::integer`),
          sql`, `,
        )}) AND role IN ('seller', 'buyer')`,
  );
  return found.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    role: r.role,
    user: r.userId === null ? null : { id: r.userId },
    role_confirmed: r.roleConfirmed,
  }));
}

/**
 * The questionnaires of these participations, and the shared sale or
 * purchase questionnaires of these (file, role) pairs. The shared ones are
 * read by the index documents_shared_questionnaire (project_id, shared_role),
 * not by every shared questionnaire.
 */
export async function loadQuestionnairesOf(
  db: Db,
  participantIds: readonly number[],
  shared: ReadonlyArray<{ projectId: number; role: SharedQuestionnaireRole }>,
): Promise<QuestionnaireRow[]> {
  if (participantIds.length === 0 && shared.length === 0) return [];
  const owned = participantIds.length
    ? sql`d.participant_id IN (${sql.join(
        participantIds.map((id) => sql`${id}::integer`),
        sql`, `,
      )})`
    : sql`false`;
  const sharedCondition = shared.length
    ? sql` OR (d.shared_role IS NOT NULL AND d.project_id IN (${sql.join(
        shared.map((s) => sql`${s.projectId}::integer`),
        sql`, `,
      )})
          AND (d.project_id, d.shared_role) IN (${sql.join(
            shared.map((s) => sql`(${s.projectId}::integer, ${s.role}::text)`),
            sql`, `,
          )}))`
    : sql``;
  return rowsOf<QuestionnaireRow>(
    db,
    sql`SELECT d.id, d.project_id AS "projectId", d.doc_type AS "docType", d.answers, d.version, d.progress, d.shared_role AS "sharedRole", d.updated_at AS "updatedAt"
        FROM documents d
        WHERE d.kind = 'questionnaire' AND (${owned}${sharedCondition})
        ORDER BY d.project_id, d.id`,
  );
}

/** A file the person sent: stored under its project, named as stored (random prefix and the original name). */
export interface SentFileRow {
  projectId: number;
  storedName: string;
  sentAt: Date | string;
}

/**
 * The files the person sent: those of their drawers (Documents tab), the
 * pieces they sent, and their messages' attachments. The same stored file
 * reached by two paths (a piece sent into a drawer) is listed once.
 */
export async function loadSentFiles(db: Db, userId: number, participations: readonly ParticipationRow[]): Promise<SentFileRow[]> {
  const ids = participations.map((p) => p.participantId);
  const drawers = ids.length
    ? sql`SELECT d.project_id AS "projectId", f.name AS "storedName", d.updated_at AS "sentAt"
          FROM documents d CROSS JOIN LATERAL unnest(d.files) AS f(name)
          WHERE d.kind = 'files' AND d.participant_id IN (${sql.join(
            ids.map((id) => sql`${id}::integer`),
            sql`, `,
          )})
          UNION ALL `
    : sql``;
  return rowsOf<SentFileRow>(
    db,
    sql`SELECT DISTINCT ON ("projectId", "storedName") "projectId", "storedName", "sentAt" FROM (
          ${drawers}
          SELECT r.project_id, v.stored_name, v.sent_at FROM piece_versions v JOIN piece_requests r ON r.id = v.request_id WHERE v.sent_by_user_id = ${userId}
          UNION ALL
          SELECT m.project_id, a.stored_name, m.created_at FROM messages m JOIN message_attachments a ON a.message_id = m.id
            WHERE m.author_user_id = ${userId} AND m.withdrawn_at IS NULL
        ) AS sent ("projectId", "storedName", "sentAt")
        ORDER BY "projectId", "storedName", "sentAt"`,
  );
}

export interface AuthoredMessageRow {
  id: number;
  projectId: number;
  projectName: string;
  thread: string;
  body: string;
  createdAt: Date | string;
  withdrawnAt: Date | string | null;
  attachments: string[] | null;
}

/** The messages the person wrote, in every file they take or took part in. */
export async function loadMessagesBy(db: Db, userId: number): Promise<AuthoredMessageRow[]> {
  return rowsOf<AuthoredMessageRow>(
    db,
    sql`SELECT m.id, m.project_id AS "projectId", p.name AS "projectName", t.kind AS thread, m.body, m.created_at AS "createdAt", m.withdrawn_at AS "withdrawnAt",
          (SELECT array_agg(a.stored_name ORDER BY a.position) FROM message_attachments a WHERE a.message_id = m.id) AS attachments
        FROM messages m JOIN message_threads t ON t.id = m.thread_id JOIN projects p ON p.id = m.project_id
        WHERE m.author_user_id = ${userId} ORDER BY m.created_at, m.id`,
  );
}

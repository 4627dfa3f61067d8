import type { Readable } from 'node:stream';
import {
  canArchiveProject,
  canRestoreProject,
  mayChangeArchiveState,
  PROJECT_PERMISSION_MESSAGES,
  canChangeCover,
  canChangeOffice,
  canChangeStatus,
  canListOpenProjects,
  canRenameProject,
  canSubmitToNotary,
  checkProjectCreation,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_QUERY_MESSAGES,
  searchWords,
  MESSAGES,
  PROJECT_SCHEMA_MESSAGES,
  projectAccess,
  projectIdSchema,
  questionnairesFor,
  statusLabel,
  SUBMITTED_STATUS,
  type createProjectSchema,
  type DashboardQuery,
  type PartialProject,
  type Project,
  type ProjectSummary,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../http/app-error';
import { parseWith } from '../../http/parse';
import { IMAGE_TYPES } from '../../files/content-sniffing';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { imageKey } from '../../files/storage/storage-keys';
import { COVER_SHAPE, storeImage } from '../../files/stored-images';
import { discardUpload, receiveUpload, temporaryUploadsDir, type StoredUpload } from '../../files/upload';
import { queueMail } from '../../mail/outbox-data';
import type { Db } from '../../db/database';
import {
  officeMoveOfficeMail,
  officeMovePersonMail,
  projectArchiveMail,
  projectStatusMail,
  projectSubmittedMail,
} from '../../mail/templates';
import { viewerTag, type UserWithOffice } from '../users/user-data';
import {
  findDashboardPage,
  findProjectRevision,
  insertProject,
  recordOfficeMove,
  setArchivedUnlessAlready,
  updateProject,
  type DashboardCursor,
  type LoadedProject,
} from './project-data';
import { answerProject, requireFullAccess, requireOpenProject } from './project-guard';
import { projectPageTag } from './project-revision';
import { entityTag } from '../../http/revalidation';
import { recordHistoryEvent } from '../history/history-recorder';
import { toPartialProject, toProject, toProjectForAccess, toProjectSummary, toViewer } from './project-presenter';
import { syncPieceRequests } from '../pieces/piece-service';
import { insertQuestionnaires } from '../documents/document-data';
import { insertParticipant } from '../participants/participant-data';
import { findOfficeById } from '../offices/office-data';
import { ensureSharedQuestionnaire } from '../questionnaires/shared-questionnaire-data';

type CreateProjectInput = z.output<typeof createProjectSchema>;

export const COVER_MAX_BYTES = 5 * 1024 * 1024;

function requirePermission(allowed: boolean): void {
  if (!allowed) throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
}

export async function createProject(ctx: AppContext, user: UserWithOffice, input: CreateProjectInput): Promise<{ id: number }> {
  const viewer = toViewer(user);
  const check = checkProjectCreation(viewer, input.role, input.type, input.subtype);
  if (!check.ok) throw forbidden(check.message);
  return ctx.db.transaction(async (tx) => {
    const projectId = await insertProject(tx, {
      name: input.name,
      type: input.type,
      subtype: input.subtype,
      creatorId: user.id,
      // A notary opening a file for a client opens it in their own office.
      notaryOfficeId: input.role === 'office' ? user.notaryOfficeId : null,
      createdAt: ctx.now(),
    });
    const participantId = await insertParticipant(tx, {
      projectId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      userId: user.id,
      role: input.role,
      isCreator: true,
      roleConfirmed: true,
    });
    await insertQuestionnaires(
      tx,
      projectId,
      participantId,
      questionnairesFor(input, input.role, { hasSuccession: false, hasBalance: false }),
    );
    await ensureSharedQuestionnaire(tx, { id: projectId, type: input.type, subtype: input.subtype }, input.role);
    // Issue 22: the creator's basic pieces (identity, title...) are asked from the start.
    await syncPieceRequests(tx, projectId, ctx.now());
    await recordHistoryEvent(tx, ctx.now(), { kind: 'project_created', projectId, actor: user, details: { name: input.name } });
    return { id: projectId };
  });
}

/** The project page (GET /project/{id}). */
export async function getProjectFor(ctx: AppContext, user: UserWithOffice, id: number): Promise<Project> {
  const { loaded, viewer } = await requireOpenProject(ctx, user, id);
  return toProject(loaded, viewer);
}

/**
 * The entity tag of the project page as `user` would get it now (issue 24),
 * once access is checked on the current rows (404 or 403 otherwise, never a
 * 304): the file's revisions and the viewer's, since the page is personal.
 */
/**
 * The project page and its entity tag from one read, for a client holding
 * no copy (no If-None-Match): the tag comes from the rows the page is built
 * from, as `projectPageTagFor` would compute it.
 */
export async function getProjectPage(ctx: AppContext, user: UserWithOffice, id: number): Promise<{ page: Project; etag: string }> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, id);
  const people = loaded.participants.map((p) => ({
    id: p.id,
    userId: p.user?.id ?? null,
    avatar: p.user?.avatar ?? null,
    lastConnection: p.user?.lastConnectionDate ?? null,
  }));
  const tag = projectPageTag({ id, revision: loaded.revision, officeRevision: loaded.officeRevision, people, access }, viewer);
  return { page: toProject(loaded, viewer), etag: entityTag([tag, viewerTag(user)]) };
}

export async function projectPageTagFor(ctx: AppContext, user: UserWithOffice, id: number): Promise<string> {
  const found = await findProjectRevision(ctx.db, id);
  const viewer = toViewer(user);
  requireFullAccess(viewer, found?.access);
  return entityTag([found!.tagFor(viewer), viewerTag(user)]);
}

export interface DashboardPage {
  projects: Array<ProjectSummary | PartialProject>;
  /** The `after` of the next page; undefined on the last page. */
  next?: string;
}

/**
 * One page of the dashboard: full summaries, and partial entries where the
 * user's role grants no access. A partial entry tells nothing of its type or
 * office, so it is left out when the list is filtered by them.
 */
export async function listMyProjects(ctx: AppContext, user: UserWithOffice, query: DashboardQuery = {}): Promise<DashboardPage> {
  return readDashboardPage(ctx, user, query);
}

async function readDashboardPage(ctx: AppContext, user: UserWithOffice, query: DashboardQuery): Promise<DashboardPage> {
  const viewer = toViewer(user);
  const page = await findDashboardPage(ctx.db, user, {
    everything: canListOpenProjects(viewer),
    limit: query.limit ?? DASHBOARD_PAGE_SIZE,
    after: query.after === undefined ? undefined : decodeCursor(query.after),
    search: searchWords(query.q ?? ''),
    type: query.type,
    status: query.status,
    city: query.city,
    archived: query.archived,
  });
  const loaded = page.projects;
  const filteredByKind = query.type !== undefined || query.city !== undefined;
  const projects = loaded.flatMap((p): Array<ProjectSummary | PartialProject> => {
    const forAccess = toProjectForAccess(p);
    const access = projectAccess(viewer, forAccess);
    if (access === 'full') return [toProjectSummary(p, viewer, forAccess)];
    if (access === 'partial' && !filteredByKind) return [toPartialProject(p)];
    return [];
  });
  return { projects, next: page.next && encodeCursor(page.next) };
}

// The cursor is opaque to clients: base64url of [created_at, id].
function encodeCursor(cursor: DashboardCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): DashboardCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt)) &&
      Number.isInteger(id) &&
      (id as number) > 0 &&
      (id as number) < 2 ** 31
    ) {
      return { createdAt, id: id as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(DASHBOARD_QUERY_MESSAGES.invalidCursor);
}

export async function renameProject(ctx: AppContext, user: UserWithOffice, id: number, name: string): Promise<void> {
  const { access, viewer } = await requireOpenProject(ctx, user, id);
  requirePermission(canRenameProject(viewer, access));
  await updateProject(ctx.db, id, { name });
}

/**
 * Sets a status. Office members and admins set any status; another
 * participant may only submit (status 3) while the file is below 3 and has an
 * office. Submitting mails the office; every change mails the participants
 * who have an account, except the one who made it.
 */
export async function setProjectStatus(ctx: AppContext, user: UserWithOffice, id: number, status: number): Promise<Project> {
  const { loaded, access, viewer } = await requireOpenProject(ctx, user, id);
  const submitting = status === SUBMITTED_STATUS && canSubmitToNotary(viewer, access);
  requirePermission(canChangeStatus(viewer, access) || submitting);
  if (loaded.project.status !== status) {
    // The new status and its mails are saved together.
    await ctx.db.transaction(async (tx) => {
      await updateProject(tx, id, { status });
      await queueStatusChangeMails(ctx, tx, user, loaded, status);
      await recordHistoryEvent(tx, ctx.now(), {
        kind: 'status_changed',
        projectId: id,
        actor: user,
        details: { from: statusLabel(loaded.project.status), to: statusLabel(status), fromCode: loaded.project.status, toCode: status },
      });
    });
    ctx.outbox.wake();
  }
  return answerProject(ctx, user, id);
}

/** The file's people who hear of a change: those with an account and an address, once per address, not the one who made it. */
function peopleToTell(loaded: LoadedProject, actor: UserWithOffice): Array<{ email: string; firstName: string }> {
  const byEmail = new Map<string, { email: string; firstName: string }>();
  for (const p of loaded.participants) {
    if (p.user && p.user.id !== actor.id && p.email && !byEmail.has(p.email.toLowerCase()))
      byEmail.set(p.email.toLowerCase(), { email: p.email, firstName: p.firstName });
  }
  return [...byEmail.values()];
}

const fullName = (user: UserWithOffice) => `${user.firstName} ${user.lastName}`;
const projectLink = (ctx: AppContext, id: number) => `${ctx.config.publicUrl}/project/${id}/dashboard`;

async function queueStatusChangeMails(
  ctx: AppContext,
  db: Db,
  actor: UserWithOffice,
  loaded: LoadedProject,
  status: number,
): Promise<void> {
  const link = projectLink(ctx, loaded.project.id);
  const name = loaded.project.name;
  if (status === SUBMITTED_STATUS && loaded.office?.email) {
    await queueMail(db, projectSubmittedMail(loaded.office.email, name, fullName(actor), link));
  }
  for (const p of peopleToTell(loaded, actor))
    await queueMail(db, projectStatusMail(p.email, p.firstName, name, statusLabel(status), link));
}

export async function changeProjectOffice(ctx: AppContext, user: UserWithOffice, id: number, officeId: number): Promise<Project> {
  const { loaded, access, viewer } = await requireOpenProject(ctx, user, id);
  requirePermission(canChangeOffice(viewer, access));
  const office = await findOfficeById(ctx.db, officeId);
  if (!office?.active) throw badRequest("Cet office notarial n'existe pas ou ne fait plus partie du réseau.");
  const previous = loaded.office;
  // A move (not a first choice) is recorded and told: the first office loses access, the new one reads the client's data.
  const move = previous !== null && previous.id !== officeId ? { from: previous, to: office } : null;
  await ctx.db.transaction(async (tx) => {
    await updateProject(tx, id, { notaryOfficeId: officeId });
    if (move) {
      await recordOfficeMove(tx, { projectId: id, movedBy: user.id, fromOfficeId: move.from.id, toOfficeId: officeId, movedAt: ctx.now() });
      await queueOfficeMoveMails(ctx, tx, user, loaded, move);
    }
    if (previous?.id !== officeId) {
      await recordHistoryEvent(tx, ctx.now(), {
        kind: 'office_changed',
        projectId: id,
        actor: user,
        details: { from: previous?.city ?? null, to: office.city, fromId: previous?.id ?? null, toId: officeId },
      });
    }
  });
  if (move) ctx.outbox.wake();
  // Answered even when the switch took the viewer's own access away (a notary handing the file to another office).
  return answerProject(ctx, user, id);
}

type OfficeContact = { city: string; email: string | null };

async function queueOfficeMoveMails(
  ctx: AppContext,
  db: Db,
  actor: UserWithOffice,
  loaded: LoadedProject,
  move: { from: OfficeContact; to: OfficeContact },
): Promise<void> {
  const link = projectLink(ctx, loaded.project.id);
  const common = { projectName: loaded.project.name, actor: fullName(actor), fromCity: move.from.city, toCity: move.to.city };
  for (const [office, incoming] of [
    [move.from, false],
    [move.to, true],
  ] as const) {
    // The office leaving the file gets no link into it: the site's address instead.
    if (office.email)
      await queueMail(db, officeMoveOfficeMail({ ...common, to: office.email, incoming, link: incoming ? link : ctx.config.publicUrl }));
  }
  for (const p of peopleToTell(loaded, actor))
    await queueMail(db, officeMovePersonMail({ ...common, to: p.email, firstName: p.firstName, link }));
}

/**
 * Receives the multipart cover upload: the `id` field and the `cover_image`
 * file, in any order. The image is decoded and stored again as a WebP of at
 * most 1200 × 800 without its metadata (`storeImage`, as avatars): every
 * dashboard shows it, so neither a decompression bomb nor the photo's GPS
 * position may reach a browser.
 */
export async function changeProjectCover(
  ctx: AppContext,
  user: UserWithOffice,
  parts: AsyncIterable<{ type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable }>,
): Promise<{ id: number; cover_image: string }> {
  let upload: StoredUpload | undefined;
  let id: number | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field' && part.fieldname === 'id') id = parseWith(projectIdSchema.shape.id, part.value);
      else if (part.type === 'file' && part.fieldname === 'cover_image' && !upload) {
        upload = await receiveUpload(part.file, {
          dir: temporaryUploadsDir(ctx.config.dataDir),
          accepted: IMAGE_TYPES,
          maxBytes: COVER_MAX_BYTES,
          refusedMessage: MESSAGES.coverFailed,
        });
      } else if (part.type === 'file') part.file.resume();
    }
    if (!upload) throw badRequest(MESSAGES.coverMissing);
    if (id === undefined) throw badRequest(PROJECT_SCHEMA_MESSAGES.invalidProjectId);
    const { loaded, access, viewer } = await requireOpenProject(ctx, user, id);
    requirePermission(canChangeCover(viewer, access));
    const name = await storeImage(ctx, 'covers', upload.path, { shape: COVER_SHAPE, unreadableMessage: MESSAGES.imageUnreadable });
    await updateProject(ctx.db, id, { coverImage: name });
    await removeUnlistedFiles(ctx.storage, [imageKey('covers', loaded.project.coverImage)], ctx.log);
    return { id, cover_image: name };
  } finally {
    await discardUpload(upload);
  }
}

export async function removeProjectCover(ctx: AppContext, user: UserWithOffice, id: number): Promise<Project> {
  const { loaded, access, viewer } = await requireOpenProject(ctx, user, id);
  requirePermission(canChangeCover(viewer, access));
  await updateProject(ctx.db, id, { coverImage: null });
  await removeUnlistedFiles(ctx.storage, [imageKey('covers', loaded.project.coverImage)], ctx.log);
  return answerProject(ctx, user, id);
}

export async function archiveProject(ctx: AppContext, user: UserWithOffice, id: number): Promise<void> {
  await changeArchiveState(ctx, user, id, true);
}

/** Brings an archived file back to its people's dashboards (`POST /project/{id}/restore`). */
export async function restoreProject(ctx: AppContext, user: UserWithOffice, id: number): Promise<Project> {
  await changeArchiveState(ctx, user, id, false);
  return answerProject(ctx, user, id);
}

/**
 * Archives or restores, and tells the file's people by mail in the same
 * transaction. The update is conditional on the state read, so of two
 * requests at once one changes the file and the other gets the 409.
 */
async function changeArchiveState(ctx: AppContext, user: UserWithOffice, id: number, archived: boolean): Promise<void> {
  const { loaded, access, viewer } = await requireOpenProject(ctx, user, id);
  requirePermission(mayChangeArchiveState(viewer, access));
  const conflict = () =>
    new AppError('CONFLICT', archived ? PROJECT_PERMISSION_MESSAGES.alreadyArchived : PROJECT_PERMISSION_MESSAGES.notArchived);
  const file = { ...access, is_archived: loaded.project.isArchived };
  if (!(archived ? canArchiveProject(viewer, file) : canRestoreProject(viewer, file))) throw conflict();
  await ctx.db.transaction(async (tx) => {
    if (!(await setArchivedUnlessAlready(tx, id, archived, ctx.now()))) throw conflict();
    const link = projectLink(ctx, id);
    for (const p of peopleToTell(loaded, user)) {
      await queueMail(
        tx,
        projectArchiveMail({
          to: p.email,
          firstName: p.firstName,
          projectName: loaded.project.name,
          actor: fullName(user),
          archived,
          link,
        }),
      );
    }
    await recordHistoryEvent(tx, ctx.now(), { kind: archived ? 'archived' : 'restored', projectId: id, actor: user });
  });
  ctx.outbox.wake();
}

/** Billing (admins): projects created between `from` and `to` included, default the current year. */

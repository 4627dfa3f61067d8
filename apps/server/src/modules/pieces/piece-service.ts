import {
  canReviewPieces,
  canSendPiece,
  canSetReportDate,
  canSetSigningDate,
  canViewPiecesOf,
  computeDiagnosticValidity,
  CORRECTION_REASON_LABELS,
  createUnrequestedPiece,
  derivePieceRequests,
  diagnosticForFileType,
  displayFileName,
  fileTypeTitle,
  findDiagnosticRule,
  isAdmin,
  isFileTypeCode,
  PIECE_ACTION_LABELS,
  PIECE_PERMISSION_MESSAGES,
  PIECE_STATE_LABELS,
  pieceActorKind,
  QUESTIONNAIRE_DOC_TYPES,
  reconcilePieceRequests,
  transitionPiece,
  warnDiagnosticsExpiringBeforeSigning,
  type DiagnosticReport,
  type PersonForAccess,
  type PieceAction,
  type PieceRequestView,
  type PieceReview,
  type ProjectForAccess,
  type ProjectPieces,
  type Viewer,
  type diagnosticReportSchema,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import { queueMail } from '../../mail/outbox-data';
import { piecesReceivedMail, pieceToCorrectMail } from '../../mail/templates';
import { readPieceAnswers } from '../messages/message-service';
import type { LoadedProject, ParticipantRow } from '../projects/project-data';
import { requireOpenProject } from '../projects/project-guard';
import type { UserWithOffice } from '../users/user-data';
import { recordHistoryEvent, type HistoryEvent } from '../history/history-recorder';
import {
  claimOfficeMailSlot,
  deletePieceRequests,
  findPieceRequest,
  findPieceRequests,
  findPieceVersion,
  insertPieceRequest,
  insertPieceRequests,
  insertPieceReviews,
  insertPieceVersion,
  loadDerivationInput,
  loadProjectPieceRows,
  loadStoredRequests,
  markRequestsNoLongerRequired,
  moveRequestState,
  rewriteRequestReasons,
  updateSigningDate,
  updateVersionReport,
  type PieceRequestRow,
  type PieceReviewRow,
  type PieceVersionRow,
} from './piece-data';

/** The office hears of arriving pieces at most once an hour per file: enough to act on, not a mail per file sent. */
export const PIECES_OFFICE_MAIL_INTERVAL_MS = 60 * 60_000;

export const PIECE_MESSAGES = {
  ...PIECE_PERMISSION_MESSAGES,
  notInProject: 'Cette pièce ne fait pas partie de ce dossier.',
  someNotInProject: "Une des pièces choisies n'existe pas ou ne fait pas partie de ce dossier.",
  versionNotFound: "Ce fichier de pièce n'existe pas.",
  movedMeanwhile: "Cette pièce vient d'être modifiée par une autre personne : rechargez la page pour voir son état actuel.",
  drawerOfAnotherPerson: "Ce tiroir n'appartient pas à la personne à qui la pièce est demandée.",
  wrongFileType: 'Ce type de fichier ne correspond pas à la pièce demandée.',
  notThisDiagnostic: "Ce fichier n'a pas été envoyé pour un diagnostic de ce type.",
  unassignedDrawer: "Ce tiroir n'est attribué à personne : choisissez le tiroir de la personne qui envoie ce document.",
} as const;
const M = PIECE_MESSAGES;

const conflict = (message: string) => new AppError('CONFLICT', message);

// ---------------------------------------------------------------- keeping requests current

/**
 * Derives what the file asks of each person from its answers and people and
 * reconciles the stored requests with it, in `db`, the transaction of the
 * change that may alter them. One query for the stored requests, one
 * statement per kind of change.
 */
export async function syncPieceRequests(db: Db, projectId: number, at: Date): Promise<void> {
  const input = await loadDerivationInput(db, projectId);
  if (!input) return;
  const known = QUESTIONNAIRE_DOC_TYPES as readonly string[];
  const derived = derivePieceRequests({ ...input, questionnaires: input.questionnaires.filter((q) => known.includes(q.docType)) });
  const plan = reconcilePieceRequests(await loadStoredRequests(db, projectId), derived);
  await insertPieceRequests(
    db,
    plan.create.map((d) => ({
      projectId,
      participantId: d.participantId,
      pieceId: d.pieceId,
      label: d.label,
      origin: 'derived' as const,
      reasonText: d.reasonText,
      fileTypes: [...d.fileTypes],
      at,
    })),
  );
  await deletePieceRequests(
    db,
    plan.withdraw.map((r) => r.id),
  );
  await markRequestsNoLongerRequired(
    db,
    plan.markNoLongerRequired.map((r) => r.id),
  );
  const rewritten = [...plan.markRequiredAgain, ...plan.keep.filter(({ stored, derived: d }) => stored.reasonText !== d.reasonText)];
  await rewriteRequestReasons(
    db,
    rewritten.map(({ stored, derived: d }) => ({ id: stored.id, reasonText: d.reasonText })),
  );
}

// ---------------------------------------------------------------- reading

const isoToFrench = (iso: string | null): string | null =>
  iso === null ? null : `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const frenchToIso = (text: string): string => {
  const [day, month, year] = text.trim().split('/');
  return `${year}-${month}-${day}`;
};

function personName(p: ParticipantRow): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/** Who acted, as the viewer may know them: the account id only to themself and admins (issue 9). */
function personRef(loaded: LoadedProject, viewer: Viewer, userId: number | null, name: string) {
  const participant = userId === null ? undefined : loaded.participants.find((p) => p.userId === userId);
  return {
    participantId: participant?.id ?? null,
    userId: userId !== null && (userId === viewer.id || isAdmin(viewer)) ? userId : null,
    name,
  };
}

function toVersionView(v: PieceVersionRow, loaded: LoadedProject, viewer: Viewer): PieceRequestView['versions'][number] {
  const reportDate = isoToFrench(v.reportDate);
  return {
    id: v.id,
    fileName: displayFileName(v.storedName),
    documentId: v.documentId,
    storedName: v.storedName,
    fileType: v.fileType,
    fileTypeTitle: fileTypeTitle(v.fileType),
    sentBy: personRef(loaded, viewer, v.sentByUserId, v.sentByName),
    sentAt: v.sentAt.toISOString(),
    diagnostic:
      v.diagnosticKind === null
        ? null
        : {
            kind: v.diagnosticKind,
            reportDate,
            finding: v.finding,
            validity: reportDate === null ? null : computeDiagnosticValidity(v.diagnosticKind, reportDate, v.finding ?? undefined),
          },
  };
}

function toReviewView(r: PieceReviewRow, loaded: LoadedProject, viewer: Viewer): PieceRequestView['reviews'][number] {
  return { by: personRef(loaded, viewer, r.byUserId, r.byName), at: r.at.toISOString(), action: r.action, reason: r.reason, text: r.text };
}

/** The file's pieces the viewer may see: their own, and the others' under the documents' rules. */
async function readProjectPieces(db: Db, loaded: LoadedProject, viewer: Viewer, access: ProjectForAccess): Promise<ProjectPieces> {
  const { requests, versions, reviews } = await loadProjectPieceRows(db, loaded.project.id);
  const answers = await readPieceAnswers(db, loaded.project.id, viewer, access);
  const people = new Map(loaded.participants.map((p) => [p.id, p]));
  const owners = new Map(access.participants.map((p) => [p.id, p]));
  const visible = requests.filter((r) => {
    const owner = owners.get(r.participantId);
    return owner !== undefined && canViewPiecesOf(viewer, access, owner);
  });
  const views = visible.map((r): PieceRequestView => ({
    id: r.id,
    pieceId: r.pieceId,
    label: r.label,
    origin: r.origin,
    participantId: r.participantId,
    participantName: personName(people.get(r.participantId)!),
    state: r.state,
    stateLabel: PIECE_STATE_LABELS[r.state],
    noLongerRequired: r.noLongerRequired,
    reasonText: r.reasonText,
    fileTypes: r.fileTypes,
    updatedAt: r.updatedAt.toISOString(),
    versions: versions.filter((v) => v.requestId === r.id).map((v) => toVersionView(v, loaded, viewer)),
    reviews: reviews.filter((v) => v.requestId === r.id).map((v) => toReviewView(v, loaded, viewer)),
    answers: answers.get(r.id) ?? [],
  }));
  const signingDate = isoToFrench(loaded.project.signingDate);
  const reports: DiagnosticReport[] = views.flatMap((r) =>
    r.state === 'refused' || r.noLongerRequired
      ? []
      : r.versions.flatMap((v) =>
          v.diagnostic?.reportDate
            ? [{ kind: v.diagnostic.kind, reportDate: v.diagnostic.reportDate, finding: v.diagnostic.finding ?? undefined }]
            : [],
        ),
  );
  return {
    projectId: loaded.project.id,
    signingDate,
    requests: views,
    diagnosticWarnings: signingDate === null ? [] : warnDiagnosticsExpiringBeforeSigning(reports, signingDate),
  };
}

/** `GET /project/{id}/pieces`. */
export async function getProjectPieces(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<ProjectPieces> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, projectId);
  return readProjectPieces(ctx.db, loaded, viewer, access);
}

/** The file's pieces after a change, reloaded (access was checked by the change). */
async function answerPieces(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<ProjectPieces> {
  return getProjectPieces(ctx, user, projectId);
}

// ---------------------------------------------------------------- the office's review

async function requireReviewer(ctx: AppContext, user: UserWithOffice, projectId: number) {
  const found = await requireOpenProject(ctx, user, projectId);
  if (!canReviewPieces(found.viewer, found.access)) throw forbidden(M.reviewRefused);
  return found;
}

const fullName = (user: UserWithOffice) => `${user.firstName} ${user.lastName}`.trim();

/** `POST /piece/{id}/review`: accept, à corriger (the person is mailed), refuse, waive or unwaive one piece. */
export async function reviewPiece(ctx: AppContext, user: UserWithOffice, requestId: number, review: PieceReview): Promise<ProjectPieces> {
  const request = await findPieceRequest(ctx.db, requestId);
  if (!request) throw notFound(M.pieceNotFound);
  const { loaded } = await requireReviewer(ctx, user, request.projectId);
  const move = transitionPiece(request.state, review.action, 'office');
  if (!move.ok) throw conflict(move.message);
  const at = ctx.now();
  const reason = review.action === 'to_correct' ? review.reason : null;
  const text = 'text' in review ? (review.text ?? null) : null;
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    if (!(await moveRequestState(tx, request.id, request.state, move.state, at))) throw conflict(M.movedMeanwhile);
    await insertPieceReviews(tx, [
      { requestId: request.id, action: review.action, reason, text, byUserId: user.id, byName: fullName(user), at },
    ]);
    if (review.action === 'to_correct')
      mailed = await queueCorrectionMail(ctx, tx, loaded, request, CORRECTION_REASON_LABELS[review.reason], text);
    await recordHistoryEvent(tx, at, pieceReviewedEvent(user, request, review.action, reason ? CORRECTION_REASON_LABELS[reason] : null));
  });
  if (mailed) ctx.outbox.wake();
  return answerPieces(ctx, user, request.projectId);
}

function pieceReviewedEvent(user: UserWithOffice, request: PieceRequestRow, action: PieceAction, reason: string | null): HistoryEvent {
  return {
    kind: 'piece_reviewed',
    projectId: request.projectId,
    actor: user,
    subjectParticipantIds: request.participantId === null ? [] : [request.participantId],
    details: { pieceRequestId: request.id, piece: request.label, action: PIECE_ACTION_LABELS[action], reason },
  };
}

async function queueCorrectionMail(
  ctx: AppContext,
  db: Db,
  loaded: LoadedProject,
  request: PieceRequestRow,
  reason: string,
  text: string | null,
): Promise<boolean> {
  const owner = loaded.participants.find((p) => p.id === request.participantId);
  if (!owner?.email) return false;
  // The project page opens on the piece; the link still requires signing in.
  const link = `${ctx.config.publicUrl}/project/${loaded.project.id}/dashboard?piece=${request.id}`;
  await queueMail(
    db,
    pieceToCorrectMail({
      to: owner.email,
      firstName: owner.firstName,
      projectName: loaded.project.name,
      pieceLabel: request.label,
      reason,
      text,
      link,
    }),
  );
  return true;
}

/** `POST /project/{id}/pieces/accept`: accepts every chosen piece, or none when one may not be. */
export async function acceptPieces(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  ids: readonly number[],
): Promise<ProjectPieces> {
  await requireReviewer(ctx, user, projectId);
  const requests = await findPieceRequests(ctx.db, projectId, ids);
  if (requests.length !== ids.length) throw notFound(M.someNotInProject);
  for (const request of requests) {
    const move = transitionPiece(request.state, 'accept', 'office');
    if (!move.ok) throw conflict(`${request.label} : ${move.message}`);
  }
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const request of requests)
      if (!(await moveRequestState(tx, request.id, request.state, 'accepted', at))) throw conflict(M.movedMeanwhile);
    await insertPieceReviews(
      tx,
      requests.map((r) => ({ requestId: r.id, action: 'accept' as const, byUserId: user.id, byName: fullName(user), at })),
    );
    await recordHistoryEvent(tx, at, ...requests.map((r) => pieceReviewedEvent(user, r, 'accept', null)));
  });
  return answerPieces(ctx, user, projectId);
}

/** `PATCH /project/{id}/signing-date`: the office plans (or clears) the signing; the reports' warnings follow. */
export async function setSigningDate(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  signingDate: string | null,
): Promise<ProjectPieces> {
  const { viewer, access } = await requireOpenProject(ctx, user, projectId);
  if (!canSetSigningDate(viewer, access)) throw forbidden(M.signingDateRefused);
  await updateSigningDate(ctx.db, projectId, signingDate === null ? null : frenchToIso(signingDate), ctx.now());
  return answerPieces(ctx, user, projectId);
}

/** `PATCH /piece-version/{id}/report`: the date (and finding) of a diagnostic report sent for a piece. */
export async function setReportDate(
  ctx: AppContext,
  user: UserWithOffice,
  versionId: number,
  report: z.output<typeof diagnosticReportSchema>,
): Promise<ProjectPieces> {
  const found = await findPieceVersion(ctx.db, versionId);
  if (!found) throw notFound(M.versionNotFound);
  const { viewer, access } = await requireOpenProject(ctx, user, found.request.projectId);
  const owner = access.participants.find((p) => p.id === found.request.participantId)!;
  if (!canSetReportDate(viewer, access, owner)) throw forbidden(M.reportDateRefused);
  if (!findDiagnosticRule(report.kind).pieceIds.includes(found.request.pieceId)) throw badRequest(M.notThisDiagnostic);
  await updateVersionReport(ctx.db, versionId, {
    diagnosticKind: report.kind,
    reportDate: frenchToIso(report.reportDate),
    finding: report.finding ?? null,
  });
  return answerPieces(ctx, user, found.request.projectId);
}

// ---------------------------------------------------------------- a file sent for a request

export interface PieceUpload {
  /** The request the file answers; null for a piece sent unasked ("Autre document"), whose request is created with its version. */
  request: PieceRequestRow | null;
  owner: PersonForAccess;
  /** Whether the office (or an admin) sends it: it is not told of its own upload. */
  byOffice: boolean;
}

/** The `pieceRequestId` field's value that sends a piece nobody asked for. */
export const UNREQUESTED_PIECE_FIELD_VALUE = 'other';

/**
 * Whether the file going into drawer `drawer` may be a version of request
 * `requestId` (or, `'other'`, a piece sent unasked by the drawer's owner):
 * checked before the bytes are stored, and again before they are recorded.
 * 404, 403, 400 or 409 with the reason.
 */
export async function checkPieceUpload(
  db: Db,
  found: { viewer: Viewer; access: ProjectForAccess },
  projectId: number,
  drawer: { participantId: number | null; docType: string },
  requestId: number | typeof UNREQUESTED_PIECE_FIELD_VALUE,
): Promise<PieceUpload> {
  const byOffice = pieceActorKind(found.viewer, found.access) === 'office';
  if (requestId === UNREQUESTED_PIECE_FIELD_VALUE) {
    // "Autre document" is the drawer owner's: a drawer of nobody's has no one to file it under.
    const owner = found.access.participants.find((p) => p.id === drawer.participantId);
    if (!owner) throw badRequest(M.unassignedDrawer);
    if (!canSendPiece(found.viewer, found.access, owner)) throw forbidden(M.sendRefused);
    return { request: null, owner, byOffice };
  }
  const request = await findPieceRequest(db, requestId);
  if (!request || request.projectId !== projectId) throw notFound(M.notInProject);
  const owner = found.access.participants.find((p) => p.id === request.participantId);
  if (!owner || !canSendPiece(found.viewer, found.access, owner)) throw forbidden(M.sendRefused);
  if (drawer.participantId !== request.participantId) throw badRequest(M.drawerOfAnotherPerson);
  if (request.fileTypes.length > 0 && !request.fileTypes.includes(drawer.docType)) throw badRequest(M.wrongFileType);
  const move = transitionPiece(request.state, 'upload', pieceActorKind(found.viewer, found.access));
  if (!move.ok) throw conflict(move.message);
  return { request, owner, byOffice };
}

/** The "Autre document" request of a piece sent unasked, received at once (`createUnrequestedPiece`), named after the drawer's file type. */
async function insertUnrequestedPiece(
  db: Db,
  projectId: number,
  participantId: number,
  fileType: string,
  at: Date,
): Promise<PieceRequestRow> {
  const piece = createUnrequestedPiece(participantId, isFileTypeCode(fileType) ? fileType : 'other');
  return insertPieceRequest(db, {
    projectId,
    participantId,
    pieceId: piece.pieceId,
    label: piece.label,
    origin: piece.origin,
    state: piece.state,
    reasonText: null,
    fileTypes: [...piece.fileTypes],
    at,
  });
}

/**
 * Records the stored file as a new version of the request (reçue), in `db`,
 * the transaction that lists it in the drawer; tells the office, at most
 * once an hour per file, when a person sent it.
 */
export async function recordPieceVersion(
  ctx: AppContext,
  db: Db,
  input: { upload: PieceUpload; loaded: LoadedProject; user: UserWithOffice; documentId: number; fileType: string; storedName: string },
): Promise<{ mailed: boolean }> {
  const { upload, loaded, user } = input;
  const at = ctx.now();
  const request = upload.request ?? (await insertUnrequestedPiece(db, loaded.project.id, upload.owner.id, input.fileType, at));
  if (upload.request && !(await moveRequestState(db, request.id, request.state, 'received', at))) throw conflict(M.movedMeanwhile);
  const diagnostic = diagnosticForFileType(input.fileType);
  const isReport = diagnostic !== undefined && findDiagnosticRule(diagnostic).pieceIds.includes(request.pieceId);
  await insertPieceVersion(db, {
    requestId: request.id,
    documentId: input.documentId,
    storedName: input.storedName,
    fileType: input.fileType,
    sentByUserId: user.id,
    sentByName: fullName(user),
    sentAt: at,
    diagnosticKind: isReport ? diagnostic : null,
  });
  const officeEmail = loaded.office?.email;
  if (upload.byOffice || !officeEmail) return { mailed: false };
  if (!(await claimOfficeMailSlot(db, loaded.project.id, at, PIECES_OFFICE_MAIL_INTERVAL_MS))) return { mailed: false };
  await queueMail(
    db,
    piecesReceivedMail({
      to: officeEmail,
      projectName: loaded.project.name,
      senderName: fullName(user),
      link: `${ctx.config.publicUrl}/project/${loaded.project.id}/dashboard`,
    }),
  );
  return { mailed: true };
}

import type { Readable } from 'node:stream';
import {
  canChangeDocumentOwner,
  canDeleteDocument,
  canEditDocumentOf,
  canEditProjectDocument,
  canEditSharedQuestionnaire,
  isRoleQuestionnaireOfKind,
  SHARED_QUESTIONNAIRE_MESSAGES,
  sharedRoleOfQuestionnaire,
  displayFileName,
  DOCUMENT_ID_MESSAGE,
  documentIdSchema,
  fileTypeTitle,
  findQuestionnaireBySaveDocType,
  isFileTypeCode,
  MESSAGES,
  positiveId,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_MESSAGES,
  projectAccess,
  questionnaireOwners,
  QUESTIONNAIRE_DOC_TYPES,
  type addDocumentSchema,
  type MyDocument,
  type Project,
  type QuestionnaireDocType,
} from '@notadoo/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import { parseWith } from '../../http/parse';
import { IMAGE_TYPES } from '../../files/content-sniffing';
import { checkProjectFileContent } from '../../files/project-file-content';
import { checkOriginalName, PROJECT_FILE_CONTENT_TYPES, storedNameFor } from '../../files/project-files';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { projectFileKey } from '../../files/storage/storage-keys';
import { discardUpload, receiveUpload, temporaryUploadsDir, type StoredUpload } from '../../files/upload';
import { requireDownloadTokenHolder } from '../downloads/download-tokens';
import { answerProject, requireOpenProject } from '../projects/project-guard';
import { loadProjects } from '../projects/project-data';
import { toProject, toProjectForAccess, toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';
import {
  checkPieceUpload,
  recordPieceVersion,
  syncPieceRequests,
  UNREQUESTED_PIECE_FIELD_VALUE,
  type PieceUpload,
} from '../pieces/piece-service';
import { ensureSharedQuestionnaire, hasRoleHolders, lockProjectPeople } from '../questionnaires/shared-questionnaire-data';
import { loadDocumentInProject, requireReadableDocument } from './document-access';
import {
  appendDrawerFile,
  deleteDocument,
  findOpenProjectIdsOfUser,
  insertDocument,
  removeDrawerFile,
  setDocumentOwner,
} from './document-data';
import { recordHistoryEvent, type HistoryEvent } from '../history/history-recorder';

const pieceRequestIdField = z.union([z.literal(UNREQUESTED_PIECE_FIELD_VALUE), positiveId('Identifiant de pièce invalide.')], {
  error: "Identifiant de pièce invalide : un numéro de pièce, ou « other » pour un document que personne n'a demandé.",
});
const EDIT_REFUSED = "Erreur : Vous n'avez pas les droits suffisants pour modifier ce document.";

/** The project, opened fully by the user, or 403/404. */

/** A document of the project in the path, in a project the user fully opens. */
async function requireDocumentOfProject(ctx: AppContext, user: UserWithOffice, projectId: number, documentId: number) {
  const found = await loadDocumentInProject(ctx, user, documentId);
  if (found.document.projectId !== projectId) throw notFound('Ce document ne fait pas partie de ce dossier.');
  if (projectAccess(found.viewer, found.access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  return found;
}

/** A document of this project that the user may change. */
async function requireEditableDocument(ctx: AppContext, user: UserWithOffice, projectId: number, documentId: number) {
  const found = await requireDocumentOfProject(ctx, user, projectId, documentId);
  if (!canEditProjectDocument(found.viewer, found.access, found.forAccess)) throw forbidden(EDIT_REFUSED);
  return found;
}

/**
 * Adds a document to a participant (or unassigned): a drawer of one file type
 * (`docType` "document_files" and `docFileType` from the catalogue), or a
 * questionnaire (`docType` its wire or save name).
 */
export async function addDocument(ctx: AppContext, user: UserWithOffice, input: z.output<typeof addDocumentSchema>): Promise<Project> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, input.projectId);
  const questionnaire = (QUESTIONNAIRE_DOC_TYPES as readonly string[]).includes(input.docType)
    ? (input.docType as QuestionnaireDocType)
    : findQuestionnaireBySaveDocType(input.docType);
  const sharedRole = questionnaire ? sharedRoleOfQuestionnaire(loaded.project, questionnaire) : null;
  if (sharedRole) {
    if (!canEditSharedQuestionnaire(viewer, access, sharedRole)) throw forbidden(EDIT_REFUSED);
    // Whoever it is asked for, the role's questionnaire is the file's one: created again only if it was deleted.
    const created = await ctx.db.transaction(async (tx) => {
      await lockProjectPeople(tx, loaded.project.id);
      const made = await ensureSharedQuestionnaire(tx, loaded.project, sharedRole);
      if (made) await syncPieceRequests(tx, loaded.project.id, ctx.now());
      return made;
    });
    if (!created) throw new AppError('CONFLICT', SHARED_QUESTIONNAIRE_MESSAGES.alreadyThere);
    return answerProject(ctx, user, loaded.project.id);
  }
  // A sale of another kind of property, or a purchase questionnaire per person, would duplicate the shared ones.
  if (questionnaire && isRoleQuestionnaireOfKind(loaded.project.type, questionnaire)) {
    throw badRequest(SHARED_QUESTIONNAIRE_MESSAGES.otherKind);
  }
  const owner = input.participantId === null ? null : access.participants.find((p) => p.id === input.participantId);
  if (owner === undefined) throw badRequest('Cette personne ne fait pas partie de ce dossier.');
  if (!canEditDocumentOf(viewer, access, owner)) throw forbidden(EDIT_REFUSED);

  if (questionnaire) {
    // A questionnaire's answers ask for pieces (issue 22): the requests follow in the same transaction.
    await ctx.db.transaction(async (tx) => {
      await insertDocument(tx, {
        projectId: loaded.project.id,
        participantId: owner?.id ?? null,
        kind: 'questionnaire',
        docType: questionnaire,
      });
      await syncPieceRequests(tx, loaded.project.id, ctx.now());
    });
  } else if (input.docType === 'document_files' || input.docType === 'document_file') {
    if (!input.docFileType || !isFileTypeCode(input.docFileType)) throw badRequest("Ce type de fichier n'existe pas.");
    await insertDocument(ctx.db, {
      projectId: loaded.project.id,
      participantId: owner?.id ?? null,
      kind: 'files',
      docType: input.docFileType,
    });
  } else {
    throw badRequest("Ce type de document n'existe pas.");
  }
  return answerProject(ctx, user, loaded.project.id);
}

/**
 * Receives one file into a drawer (multipart fields `id` then `file`): images
 * and PDF, checked by content, streamed to a local temporary file, at most
 * 20 MB, then handed to the storage. With a `pieceRequestId` field (issue 22)
 * the file is also a new version of that piece request, of the drawer's owner;
 * `pieceRequestId=other` files it as a piece nobody asked for ("Autre
 * document", received at once for the office to review).
 */
export async function addFile(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  parts: AsyncIterable<
    { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; filename: string; file: Readable }
  >,
): Promise<Project> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, projectId);
  let upload: StoredUpload | undefined;
  let originalName: string | undefined;
  let documentId: number | undefined;
  let pieceRequestId: number | typeof UNREQUESTED_PIECE_FIELD_VALUE | undefined;
  const checkPiece = async (drawer: { participantId: number | null; docType: string }): Promise<PieceUpload | undefined> =>
    pieceRequestId === undefined ? undefined : checkPieceUpload(ctx.db, { viewer, access }, loaded.project.id, drawer, pieceRequestId);
  try {
    for await (const part of parts) {
      if (part.type === 'field' && part.fieldname === 'id') documentId = parseWith(documentIdSchema, part.value);
      else if (part.type === 'field' && part.fieldname === 'pieceRequestId') pieceRequestId = parseWith(pieceRequestIdField, part.value);
      else if (part.type === 'file' && part.fieldname === 'file' && !upload) {
        originalName = checkOriginalName(part.filename);
        // Checked before the bytes are stored when the id came first, as the web sends it.
        if (documentId !== undefined) await checkPiece((await requireDrawer(ctx, user, loaded.project.id, documentId)).document);
        upload = await receiveUpload(part.file, {
          dir: temporaryUploadsDir(ctx.config.dataDir),
          accepted: [...IMAGE_TYPES, 'pdf'],
          maxBytes: PROJECT_FILE_MAX_BYTES,
          refusedMessage: PROJECT_FILE_MESSAGES.wrongType,
        });
        await checkProjectFileContent(upload);
      } else if (part.type === 'file') part.file.resume();
    }
    if (!upload || !originalName) throw badRequest('Merci de choisir un fichier à envoyer.');
    if (documentId === undefined) throw badRequest(DOCUMENT_ID_MESSAGE);
    const drawer = (await requireDrawer(ctx, user, loaded.project.id, documentId)).document;
    const piece = await checkPiece(drawer);
    const storedName = storedNameFor(originalName, upload.type);
    const received = upload;
    upload = undefined; // putFile takes the temporary file away, stored or not
    await ctx.storage.putFile(projectFileKey(loaded.project.id, storedName), received.path);
    const drawerId = documentId;
    const sent = fileHistoryEvent(
      'piece_sent',
      user,
      loaded.project.id,
      { id: drawerId, participantId: drawer.participantId, docType: drawer.docType },
      storedName,
      piece?.request?.label ?? (piece ? 'Autre document' : null),
    );
    if (!piece) {
      await ctx.db
        .transaction(async (tx) => {
          await appendDrawerFile(tx, drawerId, storedName);
          await recordHistoryEvent(tx, ctx.now(), sent);
        })
        .catch(async (error: unknown) => {
          await removeUnlistedFiles(ctx.storage, [projectFileKey(loaded.project.id, storedName)], ctx.log);
          throw error;
        });
      return answerProject(ctx, user, loaded.project.id);
    }
    // The drawer lists the file and the request records its version together, or neither does.
    const outcome = await ctx.db
      .transaction(async (tx) => {
        await appendDrawerFile(tx, drawerId, storedName);
        const recorded = await recordPieceVersion(ctx, tx, {
          upload: piece,
          loaded,
          user,
          documentId: drawerId,
          fileType: drawer.docType,
          storedName,
        });
        await recordHistoryEvent(tx, ctx.now(), sent);
        return recorded;
      })
      .catch(async (error: unknown) => {
        await removeUnlistedFiles(ctx.storage, [projectFileKey(loaded.project.id, storedName)], ctx.log);
        throw error;
      });
    if (outcome.mailed) ctx.outbox.wake();
    return answerProject(ctx, user, loaded.project.id);
  } finally {
    await discardUpload(upload);
  }
}

async function requireDrawer(ctx: AppContext, user: UserWithOffice, projectId: number, documentId: number) {
  const found = await requireEditableDocument(ctx, user, projectId, documentId);
  if (found.document.kind !== 'files') throw badRequest("Ce document n'accepte pas de fichier.");
  return found;
}

export async function removeFile(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  input: { id: number; file: string },
): Promise<Project> {
  const found = await requireDrawer(ctx, user, projectId, input.id);
  if (!found.document.files.includes(input.file)) throw notFound("Ce fichier n'existe pas dans ce document.");
  await ctx.db.transaction(async (tx) => {
    await removeDrawerFile(tx, input.id, input.file);
    await recordHistoryEvent(tx, ctx.now(), fileHistoryEvent('file_removed', user, projectId, found.document, input.file, null));
  });
  await removeUnlistedFiles(ctx.storage, [projectFileKey(projectId, input.file)], ctx.log);
  return answerProject(ctx, user, projectId);
}

export async function removeDocument(ctx: AppContext, user: UserWithOffice, projectId: number, documentId: number): Promise<Project> {
  const found = await requireDocumentOfProject(ctx, user, projectId, documentId);
  if (!canDeleteDocument(found.viewer, found.access))
    throw forbidden("Erreur : Vous n'avez pas les droits suffisants pour supprimer ce document.");
  const sharedRole = found.document.sharedRole;
  await ctx.db.transaction(async (tx) => {
    if (sharedRole) {
      // Never orphan the role: its people would have no questionnaire to fill in.
      await lockProjectPeople(tx, projectId);
      if (await hasRoleHolders(tx, projectId, sharedRole))
        throw new AppError('CONFLICT', SHARED_QUESTIONNAIRE_MESSAGES.stillHeld[sharedRole]);
    }
    await deleteDocument(tx, documentId);
    if (found.document.kind === 'questionnaire') await syncPieceRequests(tx, projectId, ctx.now());
  });
  await removeUnlistedFiles(
    ctx.storage,
    found.document.files.map((name) => projectFileKey(projectId, name)),
    ctx.log,
  );
  return answerProject(ctx, user, projectId);
}

/** Admins give a document to another participant of the project, or to none (spec section 8: 401 otherwise). */
export async function changeDocumentOwner(
  ctx: AppContext,
  user: UserWithOffice,
  input: { documentId: number; participantId: number | null },
): Promise<Project> {
  const found = await loadDocumentInProject(ctx, user, input.documentId);
  if (!canChangeDocumentOwner(found.viewer, found.access)) throw new AppError('UNAUTHORIZED', MESSAGES.adminOnly);
  if (found.document.sharedRole) throw badRequest(SHARED_QUESTIONNAIRE_MESSAGES.ownerFixed);
  if (input.participantId !== null && !found.access.participants.some((p) => p.id === input.participantId)) {
    throw badRequest('Cette personne ne fait pas partie de ce dossier.');
  }
  await ctx.db.transaction(async (tx) => {
    await setDocumentOwner(tx, input.documentId, input.participantId);
    // A questionnaire's pieces are asked of its owner.
    if (found.document.kind === 'questionnaire') await syncPieceRequests(tx, found.document.projectId, ctx.now());
  });
  return answerProject(ctx, user, found.document.projectId);
}

/**
 * `get_file/{docId}/{index}/{token}`: the token stands for the user (links
 * open in a new tab without the bearer), who must still be able to read it.
 */
export async function openFileForDownload(ctx: AppContext, docId: number, index: number, token: string) {
  const user = await requireDownloadTokenHolder(ctx, token, docId, 'file');
  const { document } = await requireReadableDocument(ctx, user, docId);
  const storedName = document.kind === 'files' ? document.files[index] : undefined;
  if (!storedName) throw notFound("Ce fichier n'existe pas.");
  await ctx.db.transaction((tx) =>
    recordHistoryEvent(tx, ctx.now(), fileHistoryEvent('file_downloaded', user, document.projectId, document, storedName, null)),
  );
  const { stream, size } = await ctx.storage.open(projectFileKey(document.projectId, storedName));
  const extension = storedName.split('.').pop()?.toLowerCase() ?? '';
  return {
    stream,
    size,
    contentType: PROJECT_FILE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
    filename: displayFileName(storedName),
  };
}

/** `/mydocuments`: the documents of the user's own participations, across non-archived projects. */
export async function listMyDocuments(ctx: AppContext, user: UserWithOffice): Promise<MyDocument[]> {
  const mine = await findOpenProjectIdsOfUser(ctx.db, user.id);
  const viewer = toViewer(user);
  const loaded = await loadProjects(ctx.db, [...new Set(mine)]);
  return loaded.flatMap((p) => {
    if (projectAccess(viewer, toProjectForAccess(p)) !== 'full') return [];
    const project = toProject(p, viewer);
    return project.documents.flatMap((document) => {
      // The domain's owners: a role's shared questionnaire is the user's through a participation that shares it.
      const owner = questionnaireOwners(project, document).find((x) => x.user?.id === user.id);
      if (!owner) return [];
      return [
        {
          project: { id: project.id, name: project.name, status: project.status },
          participant: { id: owner.id, first_name: owner.first_name, last_name: owner.last_name, role: owner.role },
          document,
        },
      ];
    });
  });
}

/** A file sent, removed or downloaded, in the history: about the drawer's owner, who may read it. */
function fileHistoryEvent(
  kind: 'piece_sent' | 'file_removed' | 'file_downloaded',
  user: UserWithOffice,
  projectId: number,
  drawer: { id: number; participantId: number | null; docType: string },
  storedName: string,
  piece: string | null,
): HistoryEvent {
  return {
    kind,
    projectId,
    actor: user,
    subjectParticipantIds: drawer.participantId === null ? [] : [drawer.participantId],
    details: { documentId: drawer.id, fileType: fileTypeTitle(drawer.docType), file: displayFileName(storedName), piece },
  };
}

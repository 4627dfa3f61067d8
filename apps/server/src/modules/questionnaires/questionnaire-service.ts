import type { Readable } from 'node:stream';
import {
  asksForTheSamePieces,
  clean,
  findAnswersTooLong,
  listChangedAnswers,
  PARTICIPANT_ROLE_LABELS,
  findQuestionnaireByDownloadForm,
  findQuestionnaireBySaveDocType,
  getDefinition,
  MESSAGES,
  progress,
  projectAccess,
  questionnaireOwners,
  QUESTIONNAIRE_DOC_TYPES,
  type Answers,
  type DownloadFormType,
  type QuestionnaireDefinition,
  type QuestionnaireDocType,
  type QuestionnaireItem,
  type saveQuestionnaireSchema,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import {
  canEditDocument,
  canReadDocument,
  loadDocumentInProject,
  requireReadableDocument,
  type DocumentInProject,
} from '../documents/document-access';
import type { DocumentRow } from '../projects/project-data';
import type { UserWithOffice } from '../users/user-data';
import { findDocumentById, recordGeneratedPdf, updateAnswersAtVersion } from './questionnaire-data';
import { questionnairePdfKey } from '../../files/storage/storage-keys';
import { readablePdfName, removeStoredPdf, storedPdfName, storedPdfSize } from './questionnaire-files';
import { renderQuestionnairePdf } from './questionnaire-pdf';
import { syncPieceRequests } from '../pieces/piece-service';
import { answersReplacedBy, recordAnswerChanges } from '../answer-changes/answer-changes-service';
import { recordAnswersHistory } from '../history/answer-history';
import { recordHistoryEvent } from '../history/history-recorder';

export const QUESTIONNAIRE_MESSAGES = {
  /** Spec 001, section 8. */
  saveRefused: MESSAGES.documentSaveRefused,
  versionConflict:
    "Ce document a été modifié entre-temps par une autre personne. Voici la version enregistrée : vérifiez vos réponses avant d'enregistrer à nouveau.",
  unknownDocType: "Ce type de questionnaire n'existe pas.",
  docTypeMismatch: 'Ce document ne correspond pas au type de questionnaire indiqué.',
  notQuestionnaire: "Ce document n'est pas un questionnaire.",
  documentMissing: "Ce document n'existe pas.",
  pdfBusy: 'Ce questionnaire est en cours de modification. Merci de réessayer dans un instant.',
  pdfNotGenerated: "Le PDF de ce questionnaire n'a pas encore été généré. Merci de relancer le téléchargement depuis le dossier.",
} as const;
const M = QUESTIONNAIRE_MESSAGES;

/**
 * The body of `PATCH /document` as the route validated it. `docType` is the save name
 * (`document_civil_status`) or the wire array name (`document_civil_statuses`).
 */
export type SaveQuestionnaireInput = z.output<typeof saveQuestionnaireSchema>;

/** A questionnaire as the project carries it; its answers only for a reader. */
export function toQuestionnaireItem(row: DocumentRow, readable: boolean): QuestionnaireItem {
  return { ...(readable ? row.answers : {}), id: row.id, version: row.version, progress: row.progress };
}

function resolveDocType(docType: string): QuestionnaireDocType | undefined {
  return (QUESTIONNAIRE_DOC_TYPES as readonly string[]).includes(docType)
    ? (docType as QuestionnaireDocType)
    : findQuestionnaireBySaveDocType(docType);
}

/** The document must be a questionnaire of `docType`. */
function requireDefinition(row: DocumentRow, docType: QuestionnaireDocType): QuestionnaireDefinition {
  if (row.kind !== 'questionnaire') throw badRequest(M.notQuestionnaire);
  if (row.docType !== docType) throw badRequest(M.docTypeMismatch);
  return getDefinition(docType);
}

/**
 * `PATCH /document`: stores the cleaned answers if the user may edit the
 * questionnaire and saved over the version they read. Answers what is stored.
 * 401 with the stored questionnaire when editing is refused (spec 001,
 * section 8), 409 with the current one when someone saved meanwhile.
 */
export async function saveQuestionnaire(ctx: AppContext, user: UserWithOffice, input: SaveQuestionnaireInput): Promise<QuestionnaireItem> {
  const docType = resolveDocType(input.docType);
  if (!docType) throw badRequest(M.unknownDocType);
  const { id, version: expectedVersion, ...raw } = input.document;
  const found = await loadDocumentInProject(ctx, user, id);
  if (projectAccess(found.viewer, found.access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  const definition = requireDefinition(found.document, docType);
  if (!canEditDocument(found)) {
    throw new AppError('DOCUMENT_SAVE_REFUSED', M.saveRefused, {
      details: { document: toQuestionnaireItem(found.document, canReadDocument(found)) },
    });
  }

  const [tooLong] = findAnswersTooLong(definition, raw);
  if (tooLong) throw new AppError('VALIDATION_FAILED', tooLong.message, { details: { field: tooLong.field } });

  const answers: Answers = clean(definition, raw);
  // The answers decide which pieces are asked (issue 22), and the office's changes are marked: all in one transaction.
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await answersReplacedBy(tx, definition, found.document, expectedVersion);
    const at = ctx.now();
    // The file first, then its document, in the update's one statement: the order of every write to a file's people
    // and documents (the revision triggers lock the file's row after the document's otherwise, and two orders can deadlock).
    const row = await updateAnswersAtVersion(tx, {
      id,
      projectId: found.document.projectId,
      expectedVersion,
      answers,
      progress: progress(definition, answers),
      at,
    });
    if (!row) return row;
    // Most saves change no piece: the file is derived again only when the answers ask for other pieces.
    if (!asksForTheSamePieces(docType, before, answers)) await syncPieceRequests(tx, row.projectId, at);
    const changes = listChangedAnswers(definition, before, answers);
    await recordAnswerChanges(tx, {
      definition,
      documentId: id,
      document: found.forAccess,
      changes,
      hasMarks: row.hasMarks,
      editor: user,
      viewer: found.viewer,
      project: found.access,
      at,
    });
    // Last: it locks the file's history head until the commit, so no other lock can be waited for after it.
    await recordAnswersHistory(tx, {
      definition,
      projectId: row.projectId,
      documentId: id,
      document: found.forAccess,
      project: found.access,
      changes,
      actor: user,
      at,
    });
    return row;
  });
  if (!saved) {
    const current = await findDocumentById(ctx.db, id);
    if (!current) throw notFound(M.documentMissing);
    throw new AppError('VERSION_CONFLICT', M.versionConflict, {
      details: { document: toQuestionnaireItem(current, canReadDocument(found)) },
    });
  }
  return { ...answers, id: saved.id, version: saved.version, progress: saved.progress };
}

/** Whose answers the PDF holds: the owner, or everyone sharing it ("Vendeurs : A, B"). */
function personName(found: DocumentInProject): string | null {
  const role = found.document.sharedRole;
  if (role) {
    const names = found.loaded.participants.filter((p) => p.role === role).map((p) => `${p.firstName} ${p.lastName}`.trim());
    return `${PARTICIPANT_ROLE_LABELS[role]}s${names.length > 0 ? ` : ${names.join(', ')}` : ''}`;
  }
  const person = found.loaded.participants.find((p) => p.id === found.document.participantId);
  return person ? `${person.firstName} ${person.lastName}`.trim() : null;
}

function readableName(found: DocumentInProject, definition: QuestionnaireDefinition): string {
  return readablePdfName({ projectName: found.loaded.project.name, title: definition.title, personName: personName(found) });
}

/** How many times a PDF was actually rendered (not reused from disk); tests read it. */
export const pdfRenders = { count: 0 };

/**
 * `GET download_form/{type}/{documentId}`: makes sure the PDF of the current
 * answers is on disk and recorded in `documents.file`, rendering it only when
 * the answers changed since the last one (its name carries the version).
 */
export async function generateQuestionnairePdf(
  ctx: AppContext,
  user: UserWithOffice,
  type: DownloadFormType,
  documentId: number,
): Promise<{ filename: string; name: string }> {
  const docType = findQuestionnaireByDownloadForm(type);
  if (!docType) throw badRequest(M.unknownDocType);
  const found = await requireReadableDocument(ctx, user, documentId);
  const definition = requireDefinition(found.document, docType);
  const filename = await ensureCurrentPdf(ctx, found, definition);
  return { filename, name: readableName(found, definition) };
}

// A save landing while the PDF renders makes it stale: it is then rendered
// again from the new answers, a few times at most.
const PDF_ATTEMPTS = 3;

async function ensureCurrentPdf(ctx: AppContext, found: DocumentInProject, definition: QuestionnaireDefinition): Promise<string> {
  let row: DocumentRow | undefined = found.document;
  for (let attempt = 0; attempt < PDF_ATTEMPTS && row; attempt += 1) {
    const name = storedPdfName(row.id, row.version);
    if (row.file === name && (await storedPdfSize(ctx, name)) !== undefined) return name;

    pdfRenders.count += 1;
    const pdf = await renderQuestionnairePdf({
      definition,
      answers: row.answers as Answers,
      projectName: found.loaded.project.name,
      personName: personName(found),
      generatedAt: ctx.now(),
    });
    // Stored whole under its own name (a PUT or a rename): a download in progress never reads half a file.
    await ctx.storage.putBuffer(questionnairePdfKey(name)!, pdf);
    if (await recordGeneratedPdf(ctx.db, row.id, row.version, name)) {
      if (row.file !== name) await removeStoredPdf(ctx, row.file);
      return name;
    }
    row = await findDocumentById(ctx.db, found.document.id);
    if (row?.file !== name) await removeStoredPdf(ctx, name);
  }
  if (!row) throw notFound(M.documentMissing);
  throw new AppError('CONFLICT', M.pdfBusy);
}

/** The stored PDF of a questionnaire the user may read, ready to stream. */
export async function openQuestionnairePdf(
  ctx: AppContext,
  user: UserWithOffice,
  documentId: number,
): Promise<{ stream: Readable; size: number; name: string }> {
  const found = await requireReadableDocument(ctx, user, documentId);
  const definition = getDefinition(found.document.docType);
  const key = questionnairePdfKey(found.document.file);
  if (found.document.kind !== 'questionnaire' || !definition || !key) throw notFound(M.pdfNotGenerated);
  const stored = await ctx.storage.open(key).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw notFound(M.pdfNotGenerated);
    throw error;
  });
  await ctx.db
    .transaction((tx) =>
      recordHistoryEvent(tx, ctx.now(), {
        kind: 'pdf_downloaded',
        projectId: found.document.projectId,
        actor: user,
        subjectParticipantIds: questionnaireOwners(found.access, found.forAccess).map((owner) => owner.id),
        details: { documentId: found.document.id, questionnaire: definition.title },
      }),
    )
    .catch((error: unknown) => {
      stored.stream.destroy();
      throw error;
    });
  return { ...stored, name: readableName(found, definition) };
}

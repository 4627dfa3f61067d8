import { QUESTIONNAIRE_DOC_TYPES, type QuestionnaireDocType, type SharedQuestionnaireRole } from './participant-documents';

/** A questionnaire as carried on the wire: its own id (the document's), version, and answers. */
export type QuestionnaireItem = { id: number; version: number; progress: number } & Record<string, unknown>;

/** A drawer of uploaded files of one file type (stored names carry a 9-character prefix). */
export interface FileDrawer {
  id: number;
  doc_type: string;
  files: string[];
}

/**
 * A project's document (spec section 3): belongs to one participant or none
 * (unassigned) and holds exactly one item, either one questionnaire in the
 * array named after its type, or one drawer in `document_files`.
 */
export type ProjectDocument = {
  id: number;
  participant: { id: number } | null;
  /**
   * Set on the questionnaire a realty file holds once for a whole role (the
   * sale for its sellers, the purchase for its buyers); `participant` is then
   * null. Absent or null on every other document.
   */
  shared_role?: SharedQuestionnaireRole | null;
  /**
   * A person's own copy of a role questionnaire from before it was shared:
   * kept readable, no longer editable, no longer counted nor transferred,
   * until the office deletes it.
   */
  superseded?: boolean;
  /** Name of the generated PDF, once generated. */
  file: string | null;
  document_files: FileDrawer[];
} & Record<QuestionnaireDocType, QuestionnaireItem[]>;

const ITEM_KEYS = new Set(['id', 'version', 'progress']);

/** Whether a questionnaire carries at least one answer (its readers receive the answers). */
export function hasAnswers(item: QuestionnaireItem): boolean {
  return Object.keys(item).some((key) => !ITEM_KEYS.has(key));
}

/**
 * What goes to the drafting software: every drawer, and the questionnaires
 * that hold answers and are not superseded copies (an empty one left by a
 * change of role, or a copy replaced by the shared questionnaire, would only
 * mislead whoever drafts the deed).
 */
export function isTransferableDocument(document: ProjectDocument): boolean {
  if (document.superseded) return false;
  const item = QUESTIONNAIRE_DOC_TYPES.map((docType) => document[docType]?.[0]).find((found) => found !== undefined);
  return item === undefined || hasAnswers(item);
}

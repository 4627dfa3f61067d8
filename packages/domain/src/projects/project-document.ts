import type { QuestionnaireDocType } from './participant-documents';

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
  /** Name of the generated PDF, once generated. */
  file: string | null;
  document_files: FileDrawer[];
} & Record<QuestionnaireDocType, QuestionnaireItem[]>;

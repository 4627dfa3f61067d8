import {
  QUESTIONNAIRE_DOC_TYPES,
  QUESTIONNAIRES,
  type NotaryOffice,
  type QuestionnaireDocType,
  type QuestionnaireItem,
} from '@notadoo/domain';

/**
 * What a screen passes when it opens a questionnaire (spec 001, section 2: the
 * document and the office travel with the navigation):
 *
 *   navigate(questionnairePath(project.id, docType), {
 *     state: {
 *       document: project.documents[i][docType][0],
 *       docType,
 *       owner: project.documents[i].participant?.id ?? null,
 *       office: project.notary_office,
 *     } satisfies QuestionnaireNavigationState,
 *   });
 *
 * The screen re-reads the project (GET /project/{id}) and prefers its fresher
 * copy of the document, owner and office; the state is what it falls back on
 * and what tells it which document to open.
 */
export interface QuestionnaireNavigationState {
  /** The questionnaire item, `project.documents[i][docType][0]`; its `id` is the document's. */
  document: QuestionnaireItem;
  /** The array name it was taken from, e.g. 'document_civil_statuses'. */
  docType: QuestionnaireDocType;
  /** The participant owning the document, null when unassigned. */
  owner: number | null;
  /** `project.notary_office`. */
  office: NotaryOffice | null;
}

/** Whether router state carries a document to open (what the form guard checks). */
export function hasQuestionnaireDocument(
  state: unknown,
): state is Pick<QuestionnaireNavigationState, 'document'> & Partial<QuestionnaireNavigationState> {
  if (typeof state !== 'object' || state === null || !('document' in state)) return false;
  const document: unknown = state.document;
  return typeof document === 'object' && document !== null && 'id' in document && typeof document.id === 'number';
}

/** The questionnaire a form route shows: 'sale/appt' → 'document_sale_appts'. */
export function docTypeForRoute(route: string): QuestionnaireDocType | undefined {
  return QUESTIONNAIRE_DOC_TYPES.find((docType) => QUESTIONNAIRES[docType].route === route);
}

import {
  QUESTIONNAIRE_DOC_TYPES,
  type FileDrawer,
  type ProjectDocument,
  type QuestionnaireDocType,
  type QuestionnaireItem,
} from '@notadoo/domain';

/** A questionnaire's title as the Documents tab shows it. */
export const QUESTIONNAIRE_TITLES: Record<QuestionnaireDocType, string> = {
  document_civil_statuses: 'État civil',
  document_buyers: 'Acquisition',
  document_successions: 'Succession',
  document_sale_houses: "Vente d'une maison",
  document_heritage_balances: 'Bilan patrimonial',
  document_sale_lands: "Vente d'un terrain",
  document_sale_appts: "Vente d'un appartement",
};

export type DocumentContent =
  { kind: 'questionnaire'; docType: QuestionnaireDocType; item: QuestionnaireItem } | { kind: 'files'; drawer: FileDrawer };

/** The one item a document holds (spec section 3): a questionnaire, or a drawer of files; null for an empty one. */
export function contentOf(document: ProjectDocument): DocumentContent | null {
  for (const docType of QUESTIONNAIRE_DOC_TYPES) {
    const item = document[docType]?.[0];
    if (item) return { kind: 'questionnaire', docType, item };
  }
  const drawer = document.document_files?.[0];
  return drawer ? { kind: 'files', drawer } : null;
}

/** Spec section 2: civil statuses first, then the drawers, then the role questionnaires. */
function rankOf(document: ProjectDocument): number {
  const content = contentOf(document);
  if (!content) return 99;
  if (content.kind === 'questionnaire')
    return content.docType === 'document_civil_statuses' ? 0 : 2 + QUESTIONNAIRE_DOC_TYPES.indexOf(content.docType);
  return 1;
}

export function sortDocuments(documents: readonly ProjectDocument[]): ProjectDocument[] {
  return [...documents].sort((a, b) => rankOf(a) - rankOf(b) || a.id - b.id);
}

import type { ProjectDocument, QuestionnaireDocType } from '@notadoo/domain';

export { createParticipant, createProject, withProjectCache } from '../../../testing/tab-fixtures';

function emptyDocument(id: number, participantId: number | null): ProjectDocument {
  return {
    id,
    participant: participantId === null ? null : { id: participantId },
    file: null,
    document_files: [],
    document_civil_statuses: [],
    document_buyers: [],
    document_successions: [],
    document_sale_houses: [],
    document_heritage_balances: [],
    document_sale_lands: [],
    document_sale_appts: [],
  };
}

export function createQuestionnaireDocument(
  id: number,
  participantId: number | null,
  docType: QuestionnaireDocType = 'document_civil_statuses',
  progress = 40,
): ProjectDocument {
  return { ...emptyDocument(id, participantId), [docType]: [{ id, version: 1, progress }] };
}

export function createDrawerDocument(id: number, participantId: number | null, docType = 'identity_card', files: string[] = []): ProjectDocument {
  return { ...emptyDocument(id, participantId), document_files: [{ id, doc_type: docType, files }] };
}

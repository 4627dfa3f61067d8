import {
  QUESTIONNAIRE_DOC_TYPES,
  type NotaryOffice,
  type Participant,
  type Project,
  type ProjectDocument,
  type QuestionnaireDocType,
  type QuestionnaireItem,
} from '@notadoo/domain';
import { createParticipant as createSharedParticipant } from '../../../testing/project-factory';
import type { QuestionnaireNavigationState } from '../navigation-state';

// Test data of the questionnaire screen: a project of one seller (the
// signed-in user of createSession, id 1) holding one questionnaire.

export function createOffice(overrides: Partial<NotaryOffice> = {}): NotaryOffice {
  return {
    id: 1,
    city: 'Lyon',
    postal_code: '69002',
    address: '<p>12 rue de la République</p>',
    latitude: 45.76,
    longitude: 4.83,
    image: null,
    email: 'etude.lyon@notadoo.fr',
    phone: '04 78 00 00 00',
    active: true,
    position: 1,
    link_contact: null,
    link_more_info: null,
    ...overrides,
  };
}

/** The seller of createSession()'s user, participant 5. */
export function createParticipant(overrides: Partial<Participant> = {}): Participant {
  return createSharedParticipant({ id: 5, ...overrides });
}

export function createItem(overrides: Partial<QuestionnaireItem> = {}): QuestionnaireItem {
  return { id: 40, version: 1, progress: 0, ...overrides };
}

export function createDocument(docType: QuestionnaireDocType, item: QuestionnaireItem, participantId: number | null = 5): ProjectDocument {
  const empty = Object.fromEntries(QUESTIONNAIRE_DOC_TYPES.map((type) => [type, []])) as unknown as Record<
    QuestionnaireDocType,
    QuestionnaireItem[]
  >;
  return {
    id: item.id,
    participant: participantId === null ? null : { id: participantId },
    file: null,
    document_files: [],
    ...empty,
    [docType]: [item],
  };
}

export function createProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 12,
    name: 'Vente rue des Lilas',
    type: 'realty',
    subtype: 'appt',
    status: 2,
    progress: 0,
    created_at: '2026-11-01T09:00:00.000Z',
    cover_image: null,
    is_archived: false,
    is_partial: false,
    participants: [createParticipant()],
    notary_office: createOffice(),
    creator: 1,
    city: 'Lyon',
    documents: [createDocument('document_civil_statuses', createItem())],
    ...overrides,
  };
}

export function navigationStateFor(project: Project, docType: QuestionnaireDocType, documentId = 40): QuestionnaireNavigationState {
  const document = project.documents.find((d) => d.id === documentId)!;
  return { document: document[docType][0]!, docType, owner: document.participant?.id ?? null, office: project.notary_office };
}

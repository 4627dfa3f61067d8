import type { NotaryOffice, Participant, PartialProject, ProjectSummary } from '@notadoo/domain';

export function createParticipant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 10,
    first_name: 'Claire',
    last_name: 'Martin',
    email: 'claire.martin@example.fr',
    user: { id: 1, lastConnectionDate: '2026-11-21T13:05:00.000Z', avatar: null },
    roles_project: ['seller', 'creator'],
    role: 'seller',
    ...overrides,
  };
}

export function createOffice(overrides: Partial<NotaryOffice> = {}): NotaryOffice {
  return {
    id: 1,
    city: 'Paris',
    postal_code: '75008',
    address: '<p>24 rue de la Boétie<br>75008 Paris</p>',
    latitude: 48.8727,
    longitude: 2.3133,
    image: null,
    email: null,
    phone: null,
    active: true,
    position: 1,
    link_contact: null,
    link_more_info: null,
    ...overrides,
  };
}

/** A dashboard entry of createSession()'s user (id 1), office chosen in Paris, status 2. */
export function createSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 5,
    name: 'Vente appartement Lyon',
    type: 'realty',
    subtype: 'appt',
    status: 2,
    progress: 40,
    created_at: '2026-11-01T09:00:00.000Z',
    cover_image: null,
    is_archived: false,
    is_partial: false,
    participants: [createParticipant()],
    creator: 1,
    ...overrides,
    notary_office: overrides.notary_office === undefined ? createOffice() : overrides.notary_office,
    city: overrides.city !== undefined ? overrides.city : (overrides.notary_office === null ? null : (overrides.notary_office?.city ?? 'Paris')),
  };
}

export function createPartial(overrides: Partial<PartialProject> = {}): PartialProject {
  return { id: 9, name: 'Vente maison Nantes', status: 2, is_partial: true, ...overrides };
}

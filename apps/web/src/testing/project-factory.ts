import type { Participant, Project } from '@notadoo/domain';
import { createOffice } from './office-factory';

/** The creator of the project, linked to the session of createSession() (user id 1). */
export function createParticipant(overrides: Partial<Participant> = {}): Participant {
  const user = overrides.user === undefined ? { id: 1, lastConnectionDate: '2026-11-21T13:05:00.000Z', avatar: null } : overrides.user;
  return {
    id: 10,
    first_name: 'Claire',
    last_name: 'Martin',
    email: 'claire.martin@example.fr',
    user,
    avatar: user?.avatar ?? null,
    roles_project: ['seller', 'creator'],
    role: 'seller',
    // Joined: an account that has signed in (what the wire tells of other people).
    joined: user !== null && user.lastConnectionDate !== null,
    added_by: null,
    role_confirmed: true,
    ...overrides,
  };
}

/** A realty project of createSession()'s user with the Paris office chosen, status 2. */
export function createProject(overrides: Partial<Project> = {}): Project {
  const office = overrides.notary_office === undefined ? createOffice() : overrides.notary_office;
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
    documents: [],
    ...overrides,
    notary_office: office,
    city: office?.city ?? null,
  };
}

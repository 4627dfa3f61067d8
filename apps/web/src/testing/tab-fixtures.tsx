/** Fixtures of the project page's tabs: a project rendered from its cache entry, as the page does. */
import type { Participant, Project, ProjectDocument } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { projectQueryKey } from '../api/project-cache';

/** A participant; `user: null` is a person without account. */
export function createParticipant(overrides: Partial<Participant> = {}): Participant {
  const user = overrides.user === undefined ? { id: 1, lastConnectionDate: '2026-11-21T13:05:00.000Z', avatar: null } : overrides.user;
  return {
    id: 100,
    first_name: 'Claire',
    last_name: 'Martin',
    email: 'claire.martin@example.fr',
    user,
    avatar: user?.avatar ?? null,
    roles_project: ['seller'],
    role: 'seller',
    // Joined: an account that has signed in (what the wire tells of other people).
    joined: user !== null && user.lastConnectionDate !== null,
    added_by: null,
    role_confirmed: true,
    ...overrides,
  };
}

export function createProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 10,
    name: 'Vente rue des Lilas',
    type: 'realty',
    subtype: 'appt',
    status: 2,
    progress: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    cover_image: null,
    is_archived: false,
    is_partial: false,
    participants: [],
    notary_office: null,
    creator: 1,
    city: null,
    documents: [] as ProjectDocument[],
    ...overrides,
  };
}

/** Renders a tab from the project cache entry, as the project page does, so that answers replacing it show. */
export function withProjectCache(Tab: ComponentType<{ project: Project }>, initial: Project) {
  return function ProjectCacheHarness() {
    const { data } = useQuery({ queryKey: projectQueryKey(initial.id), queryFn: () => initial, initialData: initial, staleTime: Infinity });
    return <Tab project={data} />;
  };
}

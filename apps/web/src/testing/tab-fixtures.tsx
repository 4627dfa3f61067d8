/** Fixtures of the project page's tabs: a project rendered from its cache entry, as the page does. */
import type { Participant, Project, ProjectDocument, QuestionnaireDocType, Session } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { projectQueryKey } from '../api/project-cache';
import { setAuthToken } from '../lib/auth-token';
import { mockFetch, type FetchRoutes } from './mock-fetch';
import { renderWithProviders } from './render-app';

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

export function createDrawerDocument(
  id: number,
  participantId: number | null,
  docType = 'identity_card',
  files: string[] = [],
): ProjectDocument {
  return { ...emptyDocument(id, participantId), document_files: [{ id, doc_type: docType, files }] };
}

interface RenderTabOptions {
  /** The signed-in user, answered by `GET users/me`. */
  session: Session;
  /** The API's answers beside the session. */
  routes?: FetchRoutes;
  /** The address the tab opens at. */
  path?: string;
  /** Screens the tab navigates to. */
  screens?: RouteObject[];
}

/** Renders a project tab signed in as `session`, with the API mocked: the fetch mock and a user to act with. */
export function renderProjectTab(
  Tab: ComponentType<{ project: Project }>,
  project: Project,
  { session, routes = {}, path, screens }: RenderTabOptions,
) {
  setAuthToken('jeton');
  const fetchMock = mockFetch({ 'GET users/me': { body: session }, ...routes });
  const Harness = withProjectCache(Tab, project);
  renderWithProviders(<Harness />, { path, routes: screens });
  return { fetchMock, user: userEvent.setup() };
}

/** The calls the tab made to one API route. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === `/api/${path}` && (init?.method ?? 'GET') === method);
}

/** The JSON body of one such call. */
export function bodyOf(call: unknown[] | undefined): unknown {
  return JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));
}

import type { Project, Session } from '@notadoo/domain';
import type { ReactNode } from 'react';

/** What a tab panel of the project page receives. */
export interface ProjectPanelContext {
  project: Project;
  /** The signed-in user; undefined while the session loads (offer nothing that needs a permission meanwhile). */
  viewer: Session | undefined;
  /** Puts on screen a project the server answered after a change (every project call answers the whole project). */
  replaceProject: (project: Project) => void;
  /** Tab 0: called with the server's answer once an office is chosen; `firstChoice` when the project had none. */
  onOfficeChosen: (project: Project, firstChoice: boolean) => void;
}

/** A tab panel, composed by the route: the project page does not import other features. */
export type ProjectPanel = (context: ProjectPanelContext) => ReactNode;

/** A smaller piece given by the route (the transfer button, the transfer history of the Outils tab). */
export type ProjectSlot = (context: Pick<ProjectPanelContext, 'project' | 'viewer'>) => ReactNode;

/** Tab values, as in the spec: 0 Office notarial, 1 Personnes, 2 Documents, 3 Outils; 4 Pièces (issue 22), shown beside Documents. */
export const PROJECT_TABS = {
  office: '0',
  persons: '1',
  documents: '2',
  tools: '3',
  pieces: '4',
  /** Issue 28: the messages of the file. */
  messages: '5',
  /** Issue 26: the history of the file. */
  history: '6',
} as const;
export type ProjectTabValue = (typeof PROJECT_TABS)[keyof typeof PROJECT_TABS];

/**
 * Documents by default; the office tab while no office is chosen (spec
 * section 2); the Pièces tab when the address points at a piece (the link of
 * a correction mail, `?piece={requestId}`) and the page has one; the Messages
 * tab for the link of a message mail.
 */
export function defaultTabOf(
  project: Pick<Project, 'notary_office'>,
  search: URLSearchParams = new URLSearchParams(),
  hasPiecesTab = false,
  hasMessagesTab = false,
  hasHistoryTab = false,
): ProjectTabValue {
  if (!project.notary_office) return PROJECT_TABS.office;
  if (hasHistoryTab && search.get('tab') === 'history') return PROJECT_TABS.history;
  // The link of a "message waiting" mail: `?tab=messages`.
  if (hasMessagesTab && search.get('tab') === 'messages') return PROJECT_TABS.messages;
  return hasPiecesTab && search.has('piece') ? PROJECT_TABS.pieces : PROJECT_TABS.documents;
}

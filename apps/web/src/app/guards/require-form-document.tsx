import { Navigate, Outlet, useLocation, useParams } from 'react-router';

/** What the project page passes along when it opens a questionnaire (questionnaire spec, section 2). */
export interface QuestionnaireNavigationState {
  document: unknown;
  office?: unknown;
}

function hasDocument(state: unknown): state is QuestionnaireNavigationState {
  return typeof state === 'object' && state !== null && 'document' in state && state.document != null;
}

/** A questionnaire opened without its document goes back to the project dashboard. */
export function RequireFormDocument() {
  const { id } = useParams();
  const { state } = useLocation();
  if (!hasDocument(state)) return <Navigate to={`/project/${id}/dashboard`} replace />;
  return <Outlet />;
}

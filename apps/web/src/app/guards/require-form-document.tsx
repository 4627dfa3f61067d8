import { Navigate, Outlet, useLocation, useParams } from 'react-router';
// The module itself, not the feature's index: the guard must not pull the questionnaire screens into the first bundle.
import { hasQuestionnaireDocument } from '../../features/questionnaire/navigation-state';

/**
 * A questionnaire opened without its document goes back to the project
 * dashboard (spec 001, section 2). The state's shape is
 * `QuestionnaireNavigationState` of the questionnaire feature.
 */
export function RequireFormDocument() {
  const { id } = useParams();
  // What a page put in the history entry: unknown until checked.
  const state: unknown = useLocation().state;
  if (!hasQuestionnaireDocument(state)) return <Navigate to={`/project/${id}/dashboard`} replace />;
  return <Outlet />;
}

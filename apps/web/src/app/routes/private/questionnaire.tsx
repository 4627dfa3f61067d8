import { useLocation, useParams } from 'react-router';
import { docTypeForRoute, hasQuestionnaireDocument, QuestionnaireScreen } from '../../../features/questionnaire';
import { NotFoundPage } from '../not-found';

/** /project/{id}/form/{route}; the guard has checked that the router state carries the document. */
export function QuestionnairePage({ form }: { form: string }) {
  const { id } = useParams();
  // What a page put in the history entry: unknown until checked.
  const state: unknown = useLocation().state;
  const docType = docTypeForRoute(form);
  if (!docType || !hasQuestionnaireDocument(state)) return <NotFoundPage />;
  return <QuestionnaireScreen key={`${id}-${state.document.id}`} projectId={Number(id)} docType={docType} navigation={state} />;
}

import { QUESTIONNAIRE_DOC_TYPES, QUESTIONNAIRES } from '@notadoo/domain';
import { useLocation, useParams } from 'react-router';
import { docTypeForRoute, hasQuestionnaireDocument, QuestionnaireScreen } from '../../../features/questionnaire';
import { NotFoundPage } from '../not-found';

/** The seven questionnaire screens (spec 001, section 2), by the route after `/project/{id}/form/`. */
export const QUESTIONNAIRE_ROUTES: readonly string[] = QUESTIONNAIRE_DOC_TYPES.map((docType) => QUESTIONNAIRES[docType].route);

/** /project/{id}/form/{route}; the guard has checked that the router state carries the document. */
export function QuestionnairePage({ form }: { form: string }) {
  const { id } = useParams();
  const { state } = useLocation();
  const docType = docTypeForRoute(form);
  if (!docType || !hasQuestionnaireDocument(state)) return <NotFoundPage />;
  return (
    <QuestionnaireScreen
      key={`${id}-${state.document.id}`}
      projectId={Number(id)}
      docType={docType}
      navigation={state}
    />
  );
}

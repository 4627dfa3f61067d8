import { useLocation, useParams } from 'react-router';
import { docTypeForRoute, hasQuestionnaireDocument, QuestionnaireScreen } from '../../../features/questionnaire';
import { NotFoundPage } from '../not-found';

/** The seven questionnaires of the questionnaire specification, by route; titles used until a definition is written. */
export const QUESTIONNAIRE_TITLES = {
  'sale/appt': "Vente d'un appartement",
  'sale/house': "Vente d'une maison",
  'sale/land': "Vente d'un terrain",
  succession: 'Succession',
  buyer: 'Acquisition',
  civilstatus: 'État civil',
  heritagebalance: 'Bilan patrimonial',
} as const;

export type QuestionnaireRoute = keyof typeof QUESTIONNAIRE_TITLES;

/** /project/{id}/form/{route}; the guard has checked that the router state carries the document. */
export function QuestionnairePage({ form }: { form: QuestionnaireRoute }) {
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
      fallbackTitle={`Questionnaire : ${QUESTIONNAIRE_TITLES[form]}`}
    />
  );
}

import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** The seven questionnaires of the questionnaire specification, by route. */
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

export function QuestionnairePage({ form }: { form: QuestionnaireRoute }) {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={`Questionnaire : ${QUESTIONNAIRE_TITLES[form]}`}
      description="Répondez aux questions étape par étape ; vos réponses ne sont visibles que par l'étude notariale choisie."
    >
      <Anchor component={Link} to={`/project/${id}/dashboard`}>
        Revenir au dossier
      </Anchor>
    </PlaceholderPage>
  );
}

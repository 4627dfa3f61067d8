import { Title, Text } from '@mantine/core';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function LegalsPage() {
  return (
    <PlaceholderPage title="Mentions légales" description="Informations légales sur l'éditeur du site et sur la protection de vos données.">
      <Title order={2} size="h4">
        Protection des données
      </Title>
      <Text>
        Les données saisies dans les questionnaires ne sont visibles que par l'étude notariale choisie, seule responsable de
        leur traitement. Vous pouvez les modifier ou les supprimer à tout moment. Les cookies déposés par le site ont une
        durée de vie maximale de six mois.
      </Text>
    </PlaceholderPage>
  );
}

import { List, Title } from '@mantine/core';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function HowItWorksPage() {
  return (
    <PlaceholderPage
      title="Comment ça marche ?"
      description="Notadoo accompagne les clients et les études notariales à chaque étape du dossier."
    >
      <Title order={2} size="h4">
        Pour les clients
      </Title>
      <List>
        <List.Item>Créez votre compte et ouvrez un dossier de vente ou de succession.</List.Item>
        <List.Item>Choisissez une étude notariale du réseau, complétez les questionnaires et transmettez votre dossier.</List.Item>
      </List>
      <Title order={2} size="h4">
        Pour les notaires
      </Title>
      <List>
        <List.Item>Recevez des dossiers complets, consultez les réponses et les pièces, puis transférez-les vers votre logiciel de rédaction d'actes.</List.Item>
      </List>
    </PlaceholderPage>
  );
}

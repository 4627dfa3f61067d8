import { List } from '@mantine/core';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function NotaryFeesPage() {
  return (
    <PlaceholderPage
      title="Frais de notaire"
      description="Les « frais de notaire » regroupent plusieurs sommes, dont la plus grande part revient à l'État."
    >
      <List>
        <List.Item>Les émoluments du notaire, tarifés par la réglementation.</List.Item>
        <List.Item>Les droits et taxes collectés pour l'État et les collectivités.</List.Item>
        <List.Item>Les débours, sommes avancées par le notaire pour votre compte.</List.Item>
        <List.Item>Une provision versée d'avance ; tout trop-perçu vous est remboursé.</List.Item>
        <List.Item>Une estimation préalable vous est remise sur simple demande.</List.Item>
      </List>
    </PlaceholderPage>
  );
}

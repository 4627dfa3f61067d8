import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function NetworkPresentationPage() {
  return (
    <PlaceholderPage
      title="Le réseau notarial Notadoo"
      description="Un réseau d'études notariales indépendantes qui partagent des outils numériques au service de leurs clients."
    >
      <Anchor component={Link} to="/contact">
        Nous contacter pour rejoindre le réseau
      </Anchor>
    </PlaceholderPage>
  );
}

import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function PartnersPage() {
  return (
    <PlaceholderPage
      title="Nos partenaires"
      description="Partenaires institutionnels, partenaires de développement, partenaires commerciaux et fournisseurs : ils font avancer Notadoo."
    >
      <div>
        <Button component={Link} to="/contact" variant="light">
          Devenir partenaire
        </Button>
      </div>
    </PlaceholderPage>
  );
}

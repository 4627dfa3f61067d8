import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function DashboardPage() {
  return (
    <PlaceholderPage title="Mes dossiers" description="Retrouvez ici tous vos dossiers de vente et de succession.">
      <div>
        <Button component={Link} to="/project/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Nouveau dossier
        </Button>
      </div>
    </PlaceholderPage>
  );
}

import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

export function NewProjectButton() {
  return (
    <Button component={Link} to="/project/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Nouveau dossier
    </Button>
  );
}

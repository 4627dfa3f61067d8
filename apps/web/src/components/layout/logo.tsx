import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The brand, always leading home. */
export function Logo() {
  return (
    <Anchor component={Link} to="/" underline="never" fw={800} fz="xl" c="indigo.8" aria-label="Notadoo, accueil">
      Notadoo
    </Anchor>
  );
}

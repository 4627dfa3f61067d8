import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useSignOut } from '../../../lib/use-sign-out';

/** Spec section 2: the client waits about 3 s before the homepage. */
export const LOGOUT_REDIRECT_DELAY_MS = 3000;

export function LogoutPage() {
  const navigate = useNavigate();
  const signOut = useSignOut();

  useEffect(() => {
    signOut();
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, signOut]);

  return (
    <Container size="lg" py="xl">
      <PageTitle title="Déconnexion" />
      <Stack gap="sm" role="status">
        <Title order={1} size="h2">
          Vous êtes déconnecté(e)...
        </Title>
        <Text>Vous allez être redirigé(e) vers la page d'accueil.</Text>
        <Anchor component={Link} to="/">
          Retourner à l'accueil maintenant
        </Anchor>
      </Stack>
    </Container>
  );
}

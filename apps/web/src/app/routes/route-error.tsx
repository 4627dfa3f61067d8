import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@notadoo/domain';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

/** Last resort when a screen crashes: a French message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{MESSAGES.operationFailed}</Title>
        <Text>Cette page n'a pas pu s'afficher. Merci de réessayer dans quelques instants.</Text>
        <Anchor component={Link} to="/">
          Retourner à l'accueil
        </Anchor>
      </Stack>
    </Container>
  );
}

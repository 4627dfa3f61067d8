import { Anchor, Container, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@notadoo/domain';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

export function NotFoundPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle title="Page introuvable" />
      <Stack gap="md">
        <Title order={1}>{MESSAGES.pageNotFound}</Title>
        <Anchor component={Link} to="/">
          Retourner à l'accueil
        </Anchor>
      </Stack>
    </Container>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { MyDocumentsList } from '../../../features/documents';

export function MyDocumentsPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle title="Mes documents" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Mes documents</Title>
          <Text c="dimmed">Retrouvez ici les documents que vous avez déposés dans vos dossiers.</Text>
        </Stack>
        <MyDocumentsList />
      </Stack>
    </Container>
  );
}

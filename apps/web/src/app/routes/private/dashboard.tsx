import { Container } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { MyProjects } from '../../../features/dashboard/components/my-projects';

export function DashboardPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle title="Mes dossiers" />
      <MyProjects />
    </Container>
  );
}

import { Center, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ADMIN_MESSAGES } from '@notadoo/domain';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { config } from '../../../config/env';
import { useSiteInfo } from '../api/get-site-info';

export function MaintenancePage() {
  return (
    <Container size="sm" py={80}>
      <PageTitle title="Maintenance en cours" description={`Le site ${config.networkName} est momentanément en maintenance.`} />
      <Center>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconTool size={36} />
          </ThemeIcon>
          <Title order={1}>Maintenance en cours</Title>
          <Text size="lg">{ADMIN_MESSAGES.maintenance}</Text>
          <Text c="dimmed">
            Nos équipes améliorent {config.networkName}. Vos dossiers, vos réponses et vos documents sont conservés en toute sécurité et
            seront de nouveau accessibles dès la fin de l'intervention. Cette page se mettra à jour d'elle-même.
          </Text>
        </Stack>
      </Center>
    </Container>
  );
}

/** While the server's MAINTENANCE switch is on, every visitor sees the maintenance page, whatever the address. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  if (site.data?.maintenance) return <MaintenancePage />;
  return children;
}

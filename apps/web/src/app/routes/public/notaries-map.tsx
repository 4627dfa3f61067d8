import { Container, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { NetworkOffices } from '../../../features/offices/components/network-offices';
import { config } from '../../../config/env';

export function NotariesMapPage() {
  return (
    <Container size="lg" py="xl">
      <PageTitle
        title="Nos études notariales"
        description={`La carte des études notariales du réseau ${config.networkName} partout en France : adresses, contacts et informations.`}
      />
      <Stack gap="md">
        <Title order={1}>Nos études notariales</Title>
        <Text>Retrouvez sur la carte de France les études notariales du réseau Notadoo et contactez celle de votre choix.</Text>
        <NetworkOffices />
      </Stack>
    </Container>
  );
}

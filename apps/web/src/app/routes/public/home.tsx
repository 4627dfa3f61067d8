import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingEstate, IconFileCheck, IconLock, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthToken } from '../../../lib/auth-token';
import { PageTitle } from '../../../components/page-title';

const STEPS = [
  { icon: IconFileCheck, title: 'Création du compte', text: 'Créez votre compte gratuitement en quelques minutes.' },
  { icon: IconBuildingEstate, title: 'Complétion du dossier', text: 'Répondez aux questionnaires et déposez vos documents.' },
  { icon: IconScale, title: 'Consultation en temps réel', text: "Suivez l'avancement de votre dossier avec votre étude." },
  { icon: IconLock, title: 'Sécurité des données', text: "Vos informations ne sont visibles que par l'étude notariale choisie." },
];

function Hero() {
  const signedIn = Boolean(useAuthToken());
  return (
    <Stack gap="md" py={{ base: 'xl', md: 60 }} maw={720}>
      <Title order={1}>Votre dossier notarial, en ligne et en toute simplicité</Title>
      <Text size="lg">
        Vente immobilière, succession ou bilan patrimonial : constituez votre dossier en ligne avec une étude du réseau
        notarial Notadoo, à votre rythme.
      </Text>
      <Group>
        {signedIn ? (
          <Button component={Link} to="/dashboard" size="md">
            Accéder à mes dossiers
          </Button>
        ) : (
          <Button component={Link} to="/signup" size="md">
            Créer mon compte gratuitement
          </Button>
        )}
        <Button component={Link} to="/how-it-works" size="md" variant="outline">
          Comment ça marche ?
        </Button>
      </Group>
    </Stack>
  );
}

export function HomePage() {
  return (
    <Container size="lg">
      <PageTitle title="Accueil" />
      <Hero />
      <Title order={2} size="h3" mb="md">
        Quatre étapes pour votre dossier
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {STEPS.map((step) => (
          <Stack key={step.title} gap="xs">
            <ThemeIcon size="lg" variant="light" aria-hidden>
              <step.icon size={20} />
            </ThemeIcon>
            <Title order={3} size="h5">
              {step.title}
            </Title>
            <Text size="sm">{step.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}

import { Button, Container, Grid, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingEstate, IconScale } from '@tabler/icons-react';
import { useDeferredValue, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { HydrationStep } from '../../../components/layout/hydration-step';
import { PageTitle } from '../../../components/page-title';
import { config } from '../../../config/env';
import { useAuthToken } from '../../../lib/auth-token';
import { activeOffices, useNotaryOffices } from '../../../features/offices/api/get-notary-offices';
import { OfficeCard } from '../../../features/offices/components/office-card';
import { HomeSlideshow } from './home-slideshow';

/**
 * The quick signup of the hero: the address typed here starts the signup form.
 * Read from the form when sent (not kept in state), so that an address typed
 * on the prerendered page before the app took it over is kept.
 */
function QuickSignup() {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    void navigate(`/signup?${new URLSearchParams({ email: typeof email === 'string' ? email.trim() : '' }).toString()}`);
  };
  return (
    // Sent before the app's code ran, the browser goes where the app would: the signup with the address.
    <form method="get" action="/signup" onSubmit={onSubmit} aria-label="Inscription rapide">
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Votre adresse email"
          name="email"
          type="email"
          placeholder="prenom.nom@exemple.fr"
          maxLength={255}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit">Créer mon compte gratuitement</Button>
      </Group>
    </form>
  );
}

function Hero() {
  const signedIn = Boolean(useAuthToken());
  return (
    <Stack gap="md" py={{ base: 'xl', md: 60 }} maw={760}>
      <Title order={1}>Votre dossier notarial, en ligne et en toute simplicité</Title>
      <Text size="lg">
        Vente immobilière, succession ou bilan patrimonial : constituez votre dossier en ligne avec une étude du réseau notarial{' '}
        {config.networkName}, à votre rythme, et suivez-le jusqu'à la signature.
      </Text>
      {signedIn ? (
        <Group>
          <Button component={Link} to="/dashboard" size="md">
            Accéder à mes dossiers
          </Button>
        </Group>
      ) : (
        <QuickSignup />
      )}
      <Button component={Link} to="/how-it-works" variant="subtle" w="fit-content" px={0}>
        Comment ça marche ?
      </Button>
    </Stack>
  );
}

/** The two activities of the network, shown side by side on the home page. */
const ACTIVITIES = [
  {
    id: 'home-realty',
    icon: IconBuildingEstate,
    title: 'Immobilier',
    text: "Vous vendez ou achetez un appartement, une maison ou un terrain ? Préparez l'avant-contrat et l'acte de vente sans attendre le premier rendez-vous.",
    points: [
      "Questionnaires du vendeur et de l'acquéreur, adaptés au type de bien",
      'Dépôt des diagnostics, du titre de propriété et des pièces de copropriété',
      'Votre agent immobilier peut suivre et compléter le dossier avec vous',
    ],
  },
  {
    id: 'home-succession',
    icon: IconScale,
    title: 'Succession',
    text: 'Un proche est décédé ? Réunissez les informations utiles au règlement de la succession, avec les autres héritiers, dans un espace unique.',
    points: [
      'État civil du défunt, des héritiers et du conjoint survivant',
      'Inventaire des biens, comptes et contrats',
      'Bilan patrimonial pour préparer sereinement votre propre transmission',
    ],
  },
];

function Activities() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {ACTIVITIES.map(({ id, icon: Icon, title, text, points }) => (
        <Paper key={id} withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
          <Group mb="sm">
            <Icon size={28} aria-hidden />
            <Title order={2} size="h3" id={id}>
              {title}
            </Title>
          </Group>
          <Text mb="sm">{text}</Text>
          <List size="sm" spacing={4}>
            {points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function NetworkOfficesList() {
  const offices = useNotaryOffices();
  // The cards arrive after the page is shown: rendered in the background, they do not hold up a tap or a keystroke.
  const list = activeOffices(useDeferredValue(offices.data) ?? []);
  if (list.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="home-offices">
      <Group justify="space-between">
        <Title order={2} id="home-offices">
          Les études du réseau
        </Title>
        <Button component={Link} to="/notaries" variant="light">
          Voir la carte
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {list.map((office) => (
          <OfficeCard key={office.id} office={office} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function HomePage() {
  return (
    <Container size="lg">
      <PageTitle
        title="Accueil"
        description={`Ouvrez votre dossier de vente immobilière ou de succession en ligne avec une étude du réseau notarial ${config.networkName} : gratuit, sécurisé, suivi en temps réel.`}
      />
      <Grid>
        <Grid.Col span={12}>
          <Hero />
        </Grid.Col>
      </Grid>
      <Stack gap={48} pb="xl">
        <HydrationStep>
          <Activities />
        </HydrationStep>
        <HydrationStep>
          <HomeSlideshow />
        </HydrationStep>
        <NetworkOfficesList />
      </Stack>
    </Container>
  );
}

import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconBriefcase, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { config } from '../../../config/env';

const CLIENT_STEPS = [
  ['Créez votre compte', 'Gratuitement, avec votre adresse email et un mot de passe. Confirmez ensuite votre adresse grâce au lien reçu.'],
  [
    'Ouvrez votre dossier',
    "Vente d'un appartement, d'une maison ou d'un terrain, règlement d'une succession ou bilan patrimonial : choisissez le type de dossier et votre rôle.",
  ],
  ['Choisissez votre étude', "Sélectionnez l'office notarial du réseau qui traitera votre dossier. Lui seul aura accès à vos réponses."],
  [
    'Invitez les autres intervenants',
    "Ajoutez l'acquéreur, le vendeur, les héritiers ou votre agent immobilier : chacun reçoit une invitation et complète sa partie.",
  ],
  [
    'Complétez questionnaires et pièces',
    "Répondez aux questionnaires guidés à votre rythme (tout est enregistré au fur et à mesure) et déposez vos justificatifs : pièce d'identité, titre de propriété, diagnostics…",
  ],
  [
    'Transmettez et suivez',
    "Quand votre dossier est prêt, transmettez-le au notaire d'un clic, puis suivez son avancement en temps réel jusqu'à la signature.",
  ],
] as const;

const NOTARY_STEPS = [
  ['Rejoignez le réseau', 'Votre office est référencé sur la carte du réseau et reçoit les dossiers des clients qui le choisissent.'],
  [
    'Recevez des dossiers structurés',
    'Chaque dossier arrive avec ses intervenants, leurs questionnaires remplis et les pièces classées par type.',
  ],
  [
    'Relisez et complétez',
    'Consultez toutes les réponses et tous les documents, ajoutez un confrère ou un collaborateur, réclamez une pièce manquante.',
  ],
  [
    'Faites avancer le statut',
    'Relecture, complet en attente de signature, signé : chaque changement de statut est visible du client, qui est prévenu par email.',
  ],
  [
    'Transférez vers votre logiciel',
    "Envoyez en quelques clics les questionnaires en PDF et les pièces vers le dossier correspondant de votre logiciel de rédaction d'actes.",
  ],
  ['Signez et archivez', "Une fois l'acte signé, archivez le dossier : il reste consultable, en lecture seule, par les intervenants."],
] as const;

function Steps({ steps, label }: { steps: ReadonlyArray<readonly [string, string]>; label: string }) {
  return (
    <Timeline active={steps.length} bulletSize={28} lineWidth={2} aria-label={label}>
      {steps.map(([title, text], index) => (
        <Timeline.Item
          key={title}
          bullet={
            <Text size="xs" fw={700}>
              {index + 1}
            </Text>
          }
          title={
            <Title order={3} size="h5">
              {title}
            </Title>
          }
        >
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export default function HowItWorksPage() {
  return (
    <PublicPage
      title="Comment ça marche ?"
      description={`Six étapes pour constituer votre dossier de vente ou de succession en ligne avec ${config.networkName}, et six étapes pour les notaires du réseau.`}
      intro={`${config.networkName} relie les clients et les études notariales autour d'un même dossier en ligne, de sa création à la signature de l'acte.`}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="steps-clients">
          <Group mb="md">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <IconUser size={20} />
            </ThemeIcon>
            <Title order={2} size="h3" id="steps-clients">
              Vous êtes un particulier
            </Title>
          </Group>
          <Steps steps={CLIENT_STEPS} label="Les six étapes du client" />
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="steps-notaries">
          <Group mb="md">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <IconBriefcase size={20} />
            </ThemeIcon>
            <Title order={2} size="h3" id="steps-notaries">
              Vous êtes notaire
            </Title>
          </Group>
          <Steps steps={NOTARY_STEPS} label="Les six étapes du notaire" />
        </Paper>
      </SimpleGrid>
      <Stack align="center" gap="xs" mt="lg">
        <Text fw={500}>Prêt à commencer ?</Text>
        <Group>
          <Button component={Link} to="/signup">
            Créer mon compte gratuitement
          </Button>
          <Button component={Link} to="/contact" variant="outline">
            Rejoindre le réseau
          </Button>
        </Group>
      </Stack>
    </PublicPage>
  );
}

import { Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconFileCheck, IconLock, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Spec section 9: the slideshow turns every 6000 ms and stops when a title is clicked. */
export const SLIDESHOW_INTERVAL_MS = 6000;

export const SLIDES = [
  {
    icon: IconUserPlus,
    title: 'Création du compte',
    text: 'Inscrivez-vous gratuitement en une minute avec votre adresse email. Aucun engagement, aucun frais pour ouvrir votre espace.',
  },
  {
    icon: IconFileCheck,
    title: 'Complétion du dossier',
    text: 'Répondez aux questionnaires guidés et déposez vos justificatifs depuis votre ordinateur ou votre téléphone. Tout est enregistré au fil de la saisie.',
  },
  {
    icon: IconDeviceDesktopAnalytics,
    title: 'Consultation en temps réel',
    text: "Suivez l'avancement de votre dossier, les pièces reçues et les étapes restantes, en même temps que votre notaire.",
  },
  {
    icon: IconLock,
    title: 'Sécurité des données',
    text: "Vos informations ne sont visibles que par l'étude notariale que vous avez choisie ; elles sont hébergées en France et échangées de façon chiffrée.",
  },
] as const;

export function HomeSlideshow() {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (stopped) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDESHOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [stopped]);
  const slide = SLIDES[index]!;
  return (
    <Stack gap="md" component="section" aria-labelledby="slideshow-title">
      <Title order={2} id="slideshow-title">
        Votre dossier en quatre étapes
      </Title>
      <Group gap="xs" role="tablist" aria-label="Étapes">
        {SLIDES.map((s, i) => (
          <UnstyledButton
            key={s.title}
            role="tab"
            aria-selected={i === index}
            aria-controls="slideshow-panel"
            onClick={() => {
              setIndex(i);
              setStopped(true);
            }}
            px="md"
            py="xs"
            style={{
              borderRadius: 'var(--mantine-radius-xl)',
              background: i === index ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-1)',
              color: i === index ? 'white' : undefined,
            }}
          >
            <Text size="sm" fw={500}>
              {i + 1}. {s.title}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
      <Paper id="slideshow-panel" role="tabpanel" aria-live={stopped ? 'polite' : 'off'} withBorder p="xl" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <slide.icon size={28} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={3}>{slide.title}</Title>
            <Text>{slide.text}</Text>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}

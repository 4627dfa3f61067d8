import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { NewProjectButton } from './new-project-button';

/** A new user's dashboard: what to do first, and the button to do it. */
export function EmptyDashboard() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFolderPlus size={30} />
        </ThemeIcon>
        <Text size="lg" fw={600}>
          Bienvenue ! Vous n'avez pas encore de dossier.
        </Text>
        <Text c="dimmed" maw={520}>
          Créez votre premier dossier de vente ou de succession en quelques clics : nous vous guiderons ensuite pas à pas
          jusqu'à sa transmission à votre notaire.
        </Text>
        <NewProjectButton />
      </Stack>
    </Paper>
  );
}

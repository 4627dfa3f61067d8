import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { PROJECT_PERMISSION_MESSAGES } from '@notadoo/domain';
import { IconFolderPlus, IconHourglass } from '@tabler/icons-react';
import { NewProjectButton } from './new-project-button';

export const ROLE_CHANGE_NEXT_STEP =
  "Un administrateur de Notadoo doit d'abord vous accorder les droits d'intermédiaire immobilier ou de notaire que vous avez demandés. " +
  'Dès que c’est fait, vous pourrez créer vos dossiers ici. En attendant, vous retrouverez ici les dossiers auxquels vous êtes invité(e).';

/**
 * A new user's dashboard: what to do first, and the button to do it; or,
 * while a requested role change waits for an admin, why nothing can be
 * created yet and what happens next.
 */
export function EmptyDashboard({ pendingRoleChange = false }: { pendingRoleChange?: boolean }) {
  if (pendingRoleChange) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
            <IconHourglass size={30} />
          </ThemeIcon>
          <Text size="lg" fw={600}>
            {PROJECT_PERMISSION_MESSAGES.creationRoleChangePending}
          </Text>
          <Text c="dimmed" maw={560}>
            {ROLE_CHANGE_NEXT_STEP}
          </Text>
        </Stack>
      </Paper>
    );
  }
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
          Créez votre premier dossier de vente ou de succession en quelques clics : nous vous guiderons ensuite pas à pas jusqu'à sa
          transmission à votre notaire.
        </Text>
        <NewProjectButton />
      </Stack>
    </Paper>
  );
}

import { Alert, Card, Stack, Text } from '@mantine/core';
import type { PartialProject } from '@notadoo/domain';
import { IconLock } from '@tabler/icons-react';
import { ProjectStatusBadge } from '../../../components/project-status-badge';

/** Spec section 2: shown on a partial project, which cannot be opened. */
export const PARTIAL_PROJECT_BANNER = "Droits d'accès insuffisants pour ce projet.";

/** A project the user takes part in without a role that grants access: name and status only, no link. */
export function PartialProjectCard({ project }: { project: PartialProject }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={project.name} bg="gray.0">
      <Stack gap="xs">
        <Text fw={600} size="lg" lineClamp={2}>
          {project.name}
        </Text>
        <div>
          <ProjectStatusBadge status={project.status} />
        </div>
        <Alert color="orange" variant="light" icon={<IconLock size={16} aria-hidden />} p="xs">
          {PARTIAL_PROJECT_BANNER}
        </Alert>
      </Stack>
    </Card>
  );
}

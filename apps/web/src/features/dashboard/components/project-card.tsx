import { Anchor, Card, Group, Progress, Stack, Text } from '@mantine/core';
import {
  PROJECT_SUBTYPE_LABELS,
  PROJECT_TYPE_LABELS,
  progressColour,
  type ProjectSummary,
  type Viewer,
} from '@notadoo/domain';
import { Link } from 'react-router';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { ParticipantAvatars } from './participant-avatars';
import { ProjectCardMenu } from './project-card-menu';
import { ProjectCover } from './project-cover';

interface ProjectCardProps {
  project: ProjectSummary;
  /** Undefined while the session loads: the menu waits for it. */
  viewer: Viewer | undefined;
}

export function projectPath(id: number): string {
  return `/project/${id}/dashboard`;
}

/** A project the user may open: cover, name, status, progress, participants and office city. */
export function ProjectCard({ project, viewer }: ProjectCardProps) {
  const path = projectPath(project.id);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={project.name}>
      <Card.Section>
        {/* The cover repeats the title link for pointer users; keyboard and screen-reader users get the title only. */}
        <Link to={path} tabIndex={-1} aria-hidden>
          <ProjectCover coverImage={project.cover_image} type={project.type} />
        </Link>
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Anchor component={Link} to={path} fw={600} size="lg" lineClamp={2} c="dark">
            {project.name}
          </Anchor>
          {viewer && <ProjectCardMenu project={project} viewer={viewer} />}
        </Group>
        <Group gap="xs">
          <ProjectStatusBadge status={project.status} />
          <Text size="sm" c="dimmed">
            {PROJECT_TYPE_LABELS[project.type]} · {PROJECT_SUBTYPE_LABELS[project.subtype]}
          </Text>
        </Group>
        <Progress.Root size="md" aria-hidden>
          <Progress.Section value={project.progress} color={progressColour(project.progress)} />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          Progression : {project.progress} %
        </Text>
        <Group justify="space-between" gap="xs">
          <ParticipantAvatars participants={project.participants} />
          <Text size="sm" c="dimmed">
            {project.city ? `Office de ${project.city}` : 'Office non choisi'}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

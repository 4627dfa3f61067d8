import { Anchor, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { PROJECT_SUBTYPE_LABELS, PROJECT_TYPE_LABELS, progressColour, type ProjectSummary, type Viewer } from '@notadoo/domain';
import { IconArchive, IconChecklist, IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { ParticipantAvatars } from './participant-avatars';
import { ProjectCardMenu } from './project-card-menu';
import { ProjectCover } from './project-cover';

interface ProjectCardProps {
  project: ProjectSummary;
  /** Undefined while the session loads: the menu waits for it. */
  viewer: Viewer | undefined;
  /** Issue 28: the viewer's unread messages in the file (0: no badge). */
  unreadMessages?: number;
}

export function projectPath(id: number): string {
  return `/project/${id}/dashboard`;
}

/**
 * Issue 22, what the pieces ask of the viewer: the office's (and admins')
 * received pieces waiting for review (`pieces_to_review`); a person's pieces
 * still to send, from the counts on their own participations (sent back for
 * correction included: they are not counted as received).
 */
export function piecesNotice(project: ProjectSummary, viewer: Viewer | undefined): string | null {
  const toReview = project.pieces_to_review ?? 0;
  if (toReview > 0) return `${toReview} ${toReview > 1 ? 'pièces' : 'pièce'} à vérifier`;
  if (!viewer) return null;
  const toSend = project.participants
    .filter((p) => p.user?.id === viewer.id && p.pieces)
    .reduce((sum, p) => sum + (p.pieces!.total - p.pieces!.received), 0);
  return toSend > 0 ? `${toSend} ${toSend > 1 ? 'pièces' : 'pièce'} à envoyer` : null;
}

/** A project the user may open: cover, name, status, progress, participants and office city. */
export function ProjectCard({ project, viewer, unreadMessages = 0 }: ProjectCardProps) {
  const path = projectPath(project.id);
  const notice = piecesNotice(project, viewer);
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
          {project.is_archived && (
            <Badge variant="light" color="gray" leftSection={<IconArchive size={14} aria-hidden />}>
              Archivé
            </Badge>
          )}
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
        {unreadMessages > 0 && (
          <Badge
            component={Link}
            to={`${path}?tab=messages`}
            variant="light"
            color="blue"
            leftSection={<IconMessages size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start', cursor: 'pointer' }}
          >
            {unreadMessages} {unreadMessages > 1 ? 'messages non lus' : 'message non lu'}
          </Badge>
        )}
        {notice && (
          <Badge variant="light" color="orange" leftSection={<IconChecklist size={14} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            {notice}
          </Badge>
        )}
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

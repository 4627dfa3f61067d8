import { Badge, Center, Grid, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import type { Project, Viewer } from '@notadoo/domain';
import { useState } from 'react';
import { useMessageThreads } from '../../../api/get-message-threads';
import { WithSession } from '../../../components/with-session';
import { NO_THREAD_TEXT } from '../lib/message-display';
import { ThreadView } from './thread-view';

/**
 * The Messages tab (issue 28): the conversations of the file the viewer may
 * read (everyone's, their own with the office, or, for the office, each
 * person's and its own), and the chosen one.
 */
export function MessagesTab({ project }: { project: Project }) {
  return <WithSession>{(session) => <MessagesView project={project} viewer={session} />}</WithSession>;
}

function MessagesView({ project, viewer }: { project: Project; viewer: Viewer }) {
  const threads = useMessageThreads(project.id, { enabled: project.notary_office !== null });
  const [chosen, setChosen] = useState<string | null>(null);
  if (project.notary_office === null) return <Text c="dimmed">{NO_THREAD_TEXT}</Text>;
  if (threads.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Chargement des conversations" />
      </Center>
    );
  }
  if (!threads.data) return <Text role="alert">Les conversations n'ont pas pu être chargées.</Text>;
  const list = threads.data.threads;
  const current = list.find((t) => t.key === chosen) ?? list[0];
  if (!current) return <Text c="dimmed">{NO_THREAD_TEXT}</Text>;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <nav aria-label="Conversations du dossier">
          <Stack gap={4}>
            {list.map((t) => (
              <NavLink
                key={t.key}
                component="button"
                active={t.key === current.key}
                aria-current={t.key === current.key ? 'true' : undefined}
                label={t.title}
                description={t.unread > 0 ? `${t.unread} non lu${t.unread > 1 ? 's' : ''}` : undefined}
                rightSection={
                  t.unread > 0 ? (
                    <Badge size="sm" circle aria-hidden>
                      {t.unread}
                    </Badge>
                  ) : null
                }
                onClick={() => setChosen(t.key)}
              />
            ))}
          </Stack>
        </nav>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {current.title}
          </Title>
          <ThreadView key={current.key} projectId={project.id} thread={current.key} title={current.title} viewer={viewer} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The unread count beside the tab's name; nothing when all is read. */
export function MessagesUnreadBadge({ project }: { project: Project }) {
  const threads = useMessageThreads(project.id, { enabled: project.notary_office !== null });
  const unread = threads.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge size="sm" circle aria-label={`${unread} message${unread > 1 ? 's' : ''} non lu${unread > 1 ? 's' : ''}`}>
      {unread}
    </Badge>
  );
}

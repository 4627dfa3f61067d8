import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Viewer } from '@notadoo/domain';
import type { useUnreadFiles } from '../api/get-unread-files';
import { ProjectCard } from './project-card';

/**
 * "Messages non lus d'abord" (issue 28): the files with unread messages,
 * newest first, above the usual list (which leaves them out).
 */
export function UnreadFilesSection({ files, viewer }: { files: ReturnType<typeof useUnreadFiles>; viewer: Viewer | undefined }) {
  const list = (files.data?.pages ?? []).flatMap((p) => p.files);
  return (
    <Stack gap="sm" component="section" aria-labelledby="unread-files-title">
      <Title order={2} size="h4" id="unread-files-title">
        Dossiers avec des messages non lus
      </Title>
      {files.isPending ? (
        <Text c="dimmed">Chargement…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">Aucun message non lu : vous êtes à jour.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((f) => (
            <ProjectCard key={f.project.id} project={f.project} viewer={viewer} unreadMessages={f.unread} />
          ))}
        </SimpleGrid>
      )}
      {files.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={files.isFetchingNextPage} onClick={() => void files.fetchNextPage()}>
            Afficher plus de dossiers non lus
          </Button>
        </Group>
      )}
    </Stack>
  );
}

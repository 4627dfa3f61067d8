import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { canFilterByOfficeCity, PROJECT_TYPE_LABELS, type ProjectType, type Viewer } from '@notadoo/domain';
import { useState } from 'react';
import { useSession } from '../../../api/get-session';
import { useUnreadMessages } from '../../../api/get-unread-messages';
import {
  isPartialProject,
  NO_FILTERS,
  useMyProjects,
  useOfficeCities,
  type DashboardFilters,
  type DashboardProject,
} from '../api/get-my-projects';
import { useUnreadFiles } from '../api/get-unread-files';
import { EmptyDashboard } from './empty-dashboard';
import { NewProjectButton } from './new-project-button';
import { PartialProjectCard } from './partial-project-card';
import { ProjectCard } from './project-card';
import { ProjectFilterBar } from './project-filter-bar';
import { UnreadFilesSection } from './unread-files-section';

type ProjectTab = 'all' | ProjectType;

const TABS: Array<{ value: ProjectTab; label: string }> = [
  { value: 'all', label: 'Tous' },
  { value: 'realty', label: PROJECT_TYPE_LABELS.realty },
  { value: 'succession', label: PROJECT_TYPE_LABELS.succession },
];

/** Typing a search waits this long before asking the server. */
const SEARCH_DELAY_MS = 300;

function ProjectGrid({ projects, viewer, archived }: { projects: DashboardProject[]; viewer: Viewer | undefined; archived: boolean }) {
  const unread = useUnreadMessages(projects.filter((p) => !isPartialProject(p)).map((p) => p.id));
  if (projects.length === 0)
    return <Text py="md">{archived ? 'Aucun dossier archivé à afficher.' : 'Aucun dossier ne correspond à votre recherche.'}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {projects.map((project) =>
        isPartialProject(project) ? (
          <PartialProjectCard key={project.id} project={project} />
        ) : (
          <ProjectCard key={project.id} project={project} viewer={viewer} unreadMessages={unread.get(project.id) ?? 0} />
        ),
      )}
    </SimpleGrid>
  );
}

function LoadingGrid() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy aria-label="Chargement de vos dossiers">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} h={280} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** The dashboard: the user's projects (archived ones under "Archivés" only), newest first, in pages, with search, tabs and filters applied by the server. */
export function MyProjects() {
  const { session } = useSession();
  const [filters, setFilters] = useState<DashboardFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const projects = useMyProjects({ ...filters, search });
  const officeCities = useOfficeCities(session !== undefined && canFilterByOfficeCity(session));
  const filtered =
    filters.search.trim() !== '' || filters.type !== null || filters.status !== null || filters.city !== null || filters.archived;
  const empty = projects.data?.length === 0 && !filtered && !projects.isPlaceholderData;
  // While an admin has not granted the requested rights, creating is refused (checkProjectCreation): no button then.
  const pendingRoleChange = session?.needsRoleChange === true;
  // Issue 28: on request, the files with unread messages come first, and leave the usual list.
  const [unreadFirst, setUnreadFirst] = useState(false);
  const unreadFiles = useUnreadFiles(unreadFirst);
  const shownFirst = new Set(unreadFirst ? (unreadFiles.data?.pages ?? []).flatMap((p) => p.files.map((f) => f.project.id)) : []);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Mes dossiers</Title>
        {/* Once: the empty dashboard has its own button. */}
        {!empty && !pendingRoleChange && <NewProjectButton />}
      </Group>
      {projects.isError && (
        <Alert color="red" title="Vos dossiers n'ont pas pu être chargés.">
          <Button variant="light" color="red" size="xs" onClick={() => void projects.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {empty ? (
        <EmptyDashboard pendingRoleChange={pendingRoleChange} />
      ) : (
        <Stack gap="md">
          <ProjectFilterBar filters={filters} onChange={setFilters} officeCities={officeCities.data} />
          <Switch
            label="Messages non lus d'abord"
            checked={unreadFirst}
            onChange={(event) => setUnreadFirst(event.currentTarget.checked)}
          />
          {unreadFirst && <UnreadFilesSection files={unreadFiles} viewer={session} />}
          <Tabs
            value={filters.type ?? 'all'}
            onChange={(tab) => setFilters({ ...filters, type: tab === 'realty' || tab === 'succession' ? tab : null })}
            activateTabWithKeyboard={false}
          >
            <Tabs.List aria-label="Type de dossier">
              {TABS.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {/* One panel, the active tab's: the tabs only filter the same grid. */}
            <Tabs.Panel value={filters.type ?? 'all'} pt="md">
              {projects.isPending ? (
                <LoadingGrid />
              ) : (
                projects.data && (
                  <ProjectGrid projects={projects.data.filter((p) => !shownFirst.has(p.id))} viewer={session} archived={filters.archived} />
                )
              )}
            </Tabs.Panel>
          </Tabs>
          {projects.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={projects.isFetchingNextPage} onClick={() => void projects.fetchNextPage()}>
                Afficher plus de dossiers
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

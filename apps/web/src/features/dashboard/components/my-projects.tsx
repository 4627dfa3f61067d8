import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { canFilterByOfficeCity, PROJECT_TYPE_LABELS, type Viewer } from '@notadoo/domain';
import { useState } from 'react';
import { useSession } from '../../../api/get-session';
import { isPartialProject, useMyProjects, type DashboardProject } from '../api/get-my-projects';
import { filterProjects, NO_FILTERS, officeCitiesOf, type ProjectFilters, type ProjectTab } from '../lib/filter-projects';
import { EmptyDashboard } from './empty-dashboard';
import { NewProjectButton } from './new-project-button';
import { PartialProjectCard } from './partial-project-card';
import { ProjectCard } from './project-card';
import { ProjectFilterBar } from './project-filter-bar';

const TABS: Array<{ value: ProjectTab; label: string }> = [
  { value: 'all', label: 'Tous' },
  { value: 'realty', label: PROJECT_TYPE_LABELS.realty },
  { value: 'succession', label: PROJECT_TYPE_LABELS.succession },
];

function ProjectGrid({ projects, viewer }: { projects: DashboardProject[]; viewer: Viewer | undefined }) {
  if (projects.length === 0) return <Text py="md">Aucun dossier ne correspond à votre recherche.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {projects.map((project) =>
        isPartialProject(project) ? (
          <PartialProjectCard key={project.id} project={project} />
        ) : (
          <ProjectCard key={project.id} project={project} viewer={viewer} />
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

function FilteredProjects({ projects, viewer }: { projects: DashboardProject[]; viewer: Viewer | undefined }) {
  const [filters, setFilters] = useState<ProjectFilters>(NO_FILTERS);
  const officeCities = viewer && canFilterByOfficeCity(viewer) ? officeCitiesOf(projects) : undefined;
  const shown = filterProjects(projects, filters);
  return (
    <Stack gap="md">
      <ProjectFilterBar filters={filters} onChange={setFilters} officeCities={officeCities} />
      <Tabs value={filters.tab} onChange={(tab) => setFilters({ ...filters, tab: (tab as ProjectTab | null) ?? 'all' })}>
        <Tabs.List aria-label="Type de dossier">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* One panel, the active tab's: the tabs only filter the same grid. */}
        <Tabs.Panel value={filters.tab} pt="md">
          <ProjectGrid projects={shown} viewer={viewer} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The dashboard: the user's projects (archived ones never), with search, tabs and filters. */
export function MyProjects() {
  const { session } = useSession();
  const projects = useMyProjects();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Mes dossiers</Title>
        <NewProjectButton />
      </Group>
      {projects.isPending && <LoadingGrid />}
      {projects.isError && (
        <Alert color="red" title="Vos dossiers n'ont pas pu être chargés.">
          <Button variant="light" color="red" size="xs" onClick={() => void projects.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {projects.data?.length === 0 && <EmptyDashboard />}
      {projects.data && projects.data.length > 0 && <FilteredProjects projects={projects.data} viewer={session} />}
    </Stack>
  );
}

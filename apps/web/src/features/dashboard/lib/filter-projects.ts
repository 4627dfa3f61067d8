import type { ProjectType } from '@notadoo/domain';
import type { DashboardProject } from '../api/get-my-projects';

/** The dashboard tabs: all projects, or one project type. */
export type ProjectTab = 'all' | ProjectType;

export interface ProjectFilters {
  search: string;
  tab: ProjectTab;
  status: number | null;
  /** Office city; only admins are offered this filter. */
  city: string | null;
}

export const NO_FILTERS: ProjectFilters = { search: '', tab: 'all', status: null, city: null };

/** Case and accents ignored: "elise" finds "Élise". */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('fr-FR').trim();
}

function matches(project: DashboardProject, filters: ProjectFilters, search: string): boolean {
  if (search && !normalize(project.name).includes(search)) return false;
  if (filters.status !== null && project.status !== filters.status) return false;
  // A partial entry says nothing of its type or office: it only shows when those filters are off.
  if (project.is_partial) return filters.tab === 'all' && filters.city === null;
  if (filters.tab !== 'all' && project.type !== filters.tab) return false;
  if (filters.city !== null && project.city !== filters.city) return false;
  return true;
}

export function filterProjects(projects: readonly DashboardProject[], filters: ProjectFilters): DashboardProject[] {
  const search = normalize(filters.search);
  return projects.filter((project) => matches(project, filters, search));
}

/** The office cities of the listed projects, for the admins' office filter. */
export function officeCitiesOf(projects: readonly DashboardProject[]): string[] {
  const cities = new Set<string>();
  for (const project of projects) if (!project.is_partial && project.city) cities.add(project.city);
  return [...cities].sort((a, b) => a.localeCompare(b, 'fr'));
}

import type { PartialProject, ProjectSummary } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** What the dashboard lists: full summaries, and partial entries (name and status) where the user's role grants no access. */
export type DashboardProject = ProjectSummary | PartialProject;

export const myProjectsQueryKey = ['projects', 'mine'] as const;

export function isPartialProject(project: DashboardProject): project is PartialProject {
  return project.is_partial;
}

export function getMyProjects(): Promise<DashboardProject[]> {
  return apiClient.get<DashboardProject[]>('projects/mine');
}

/** The server hides archived projects; the filter is kept so that a stale entry never shows either. */
export function useMyProjects() {
  return useQuery({
    queryKey: myProjectsQueryKey,
    queryFn: getMyProjects,
    select: (projects) => projects.filter((p) => isPartialProject(p) || !p.is_archived),
  });
}

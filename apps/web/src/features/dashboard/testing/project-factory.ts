import type { PartialProject, ProjectSummary } from '@notadoo/domain';
import { createProject } from '../../../testing/project-factory';

export { createOffice } from '../../../testing/office-factory';

/** A dashboard entry of createSession()'s user (id 1), office chosen in Paris, status 2: a project without its documents. */
export function createSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  const { documents: _documents, ...summary } = createProject(overrides);
  return summary;
}

export function createPartial(overrides: Partial<PartialProject> = {}): PartialProject {
  return { id: 9, name: 'Vente maison Nantes', status: 2, is_partial: true, ...overrides };
}

/** Project status codes and labels (spec section 4). */
export const PROJECT_STATUSES = {
  1: 'En cours de création',
  2: 'À compléter',
  3: 'Relecture étude',
  4: 'Complet en attente de signature',
  5: 'Signé',
  6: 'Signé + Archivé',
  7: 'Sans suite',
} as const satisfies Record<number, string>;

export type ProjectStatus = keyof typeof PROJECT_STATUSES;

export const SUBMITTED_STATUS: ProjectStatus = 3;
/** From this status on, participants may no longer edit their role's data. */
export const LOCKED_FROM_STATUS: ProjectStatus = 5;

export function statusLabel(status: number): string {
  return (PROJECT_STATUSES as Record<number, string>)[status] ?? 'Status non défini';
}

export type ProgressColour = 'red' | 'blue' | 'green';

export function progressColour(progress: number): ProgressColour {
  if (progress < 25) return 'red';
  if (progress < 75) return 'blue';
  return 'green';
}

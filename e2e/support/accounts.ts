/**
 * The demo accounts every product outside production starts with
 * (apps/server/src/seed/demo-accounts.ts): the journeys sign in with them.
 */
export const ADMIN = { email: 'admin@notadoo.fr', password: 'Notadoo-Admin-2026!', name: 'Alice Martin' } as const;
/** The notary of the Paris office. */
export const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!', name: 'Nicolas Bernard' } as const;
export const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026', name: 'Claire Dubois' } as const;
/** An estate agent (intermediary rights granted). */
export const AGENT = { email: 'agent@notadoo.fr', password: 'Mandat2026', name: 'Inès Petit' } as const;

/** The Paris office's id in every fresh product (apps/server/src/seed/network-offices.ts, first of the list). */
export const PARIS_OFFICE_ID = 1;

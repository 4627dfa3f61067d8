/** Demo accounts created outside production; the README lists them and the server prints them. */
export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
  isPro?: boolean;
  isNotary?: boolean;
  /** City of the office the account is attached to. */
  officeCity?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    label: 'administrateur',
    email: 'admin@notadoo.fr',
    password: 'Notadoo-Admin-2026!',
    firstName: 'Alice',
    lastName: 'Martin',
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
  },
  {
    label: 'notaire (office de Paris)',
    email: 'notaire@notadoo.fr',
    password: 'Notadoo-Notaire-2026!',
    firstName: 'Nicolas',
    lastName: 'Bernard',
    roles: ['ROLE_USER'],
    isNotary: true,
    officeCity: 'Paris',
  },
  {
    label: 'intermédiaire immobilier',
    email: 'agent@notadoo.fr',
    password: 'Mandat2026',
    firstName: 'Inès',
    lastName: 'Petit',
    roles: ['ROLE_USER'],
    isPro: true,
  },
  { label: 'client', email: 'client@notadoo.fr', password: 'Dossier2026', firstName: 'Claire', lastName: 'Dubois', roles: ['ROLE_USER'] },
];

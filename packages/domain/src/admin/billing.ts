import { statusLabel } from '../projects/status';
import { toCsv } from './csv';

/** One row of the billing table: `GET /projects/open` (spec section 7). */
export interface OpenProject {
  id: number;
  name: string;
  city: string | null;
  created_at: string;
  status: number;
}

export const BILLING_CSV_HEADER = ['Identifiant', 'Nom du dossier', 'Ville de l’office', 'Date de création', 'Statut'] as const;

/** Billing counts days as the network's offices live them: the range's filter and the dates shown alike. */
export const BILLING_TIME_ZONE = 'Europe/Paris';

/** Creation date as a French spreadsheet reads it (JJ/MM/AAAA, Paris time). */
const billingDate = new Intl.DateTimeFormat('fr-FR', { timeZone: BILLING_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const billingYear = new Intl.DateTimeFormat('en-US', { timeZone: BILLING_TIME_ZONE, year: 'numeric' });

export function formatBillingDate(iso: string): string {
  return billingDate.format(new Date(iso));
}

export function billingCsv(rows: readonly OpenProject[]): string {
  return toCsv(
    BILLING_CSV_HEADER,
    rows.map((p) => [p.id, p.name, p.city ?? '', formatBillingDate(p.created_at), statusLabel(p.status)]),
  );
}

export const BILLING_MESSAGES = {
  rangeInverted: 'La date de début doit précéder la date de fin.',
} as const;

/** The default range: 1 January to 31 December of the year `today` falls in, in Paris (spec section 7). */
export function currentYearRange(today: Date): { from: string; to: string } {
  const year = billingYear.format(today);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

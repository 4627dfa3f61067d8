import type { Participant } from '@notadoo/domain';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function fullNameOf(participant: Pick<Participant, 'first_name' | 'last_name' | 'email'>): string {
  return `${participant.first_name} ${participant.last_name}`.trim() || participant.email || 'Personne sans nom';
}

export function isCreator(participant: Pick<Participant, 'roles_project'>): boolean {
  return participant.roles_project.includes('creator');
}

/**
 * "Dernière connexion : 21/11/2026" where the date is sent (one's own card,
 * and every card for the chosen office and admins: `canSeePersonActivity`);
 * otherwise "A rejoint le dossier" or "Jamais connecté(e)": other
 * participants learn only whether the person joined.
 */
export function lastConnectionText(participant: Pick<Participant, 'user' | 'joined'>): string {
  const iso = participant.user?.lastConnectionDate;
  const date = iso ? new Date(iso) : null;
  if (date && !Number.isNaN(date.getTime())) return `Dernière connexion : ${dateFormat.format(date)}`;
  return participant.joined ? 'A rejoint le dossier' : 'Jamais connecté(e)';
}

import type { Participant } from '@notadoo/domain';

export function fullNameOf(participant: Pick<Participant, 'first_name' | 'last_name' | 'email'>): string {
  return `${participant.first_name} ${participant.last_name}`.trim() || participant.email || 'Personne sans nom';
}

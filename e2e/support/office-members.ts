import { ADMIN } from './accounts';
import type { ProductApi } from './api';
import type { Seed } from './seed';

export interface NewOfficeMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The office's city, Paris unless said. */
  city?: string;
}

/** An office's address for a person: `prénom.nom@etude-paris.fr`, without accents. */
export function officeAddress(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}@etude-paris.fr`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A notary of an office, as an admin makes one (issue 27: registered, made a
 * notary, attached to the office), who has never signed in: no second factor
 * yet. Each journey about a notary's own security gets one of its own.
 */
export async function seedOfficeMember(api: ProductApi, seed: Seed, member: NewOfficeMember): Promise<number> {
  const adminToken = await api.signIn(ADMIN);
  const { firstName, lastName, email, password, city = 'Paris' } = member;
  const { id } = await api.call<{ id: number }>(
    'POST',
    'admin/users',
    { email, password, passwordConfirm: password, firstName, lastName },
    adminToken,
  );
  await api.call('POST', 'admin/user/toggleStatus', { id, data: '1', action: 'notary' }, adminToken);
  await api.call('PATCH', `users/${id}`, { notaryOffice: await seed.officeId(city) }, adminToken);
  return id;
}

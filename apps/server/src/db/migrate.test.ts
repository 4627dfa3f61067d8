import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../test/test-app';
import { seedDemoAccounts, seedOffices } from '../seed/seed';
import { migrate } from './migrate';
import { notaryOffices, users } from './schema';

describe.each(BACKENDS)('migrations and seed on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.drop());

  it('applies each migration once, and seeds offices and demo accounts once', async () => {
    const first = await migrate(database);
    expect(first[0]).toBe('0001_accounts_and_offices.sql');
    expect(await migrate(database)).toEqual([]);

    expect(await seedOffices(database.db)).toBeGreaterThanOrEqual(13);
    expect(await seedOffices(database.db)).toBe(0);
    await seedDemoAccounts(database.db);
    await seedDemoAccounts(database.db);
    const accounts = await database.db.select().from(users);
    expect(accounts.map((u) => u.email).sort()).toEqual([
      'admin@notadoo.fr',
      'agent@notadoo.fr',
      'client@notadoo.fr',
      'notaire@notadoo.fr',
    ]);
    const notary = accounts.find((u) => u.email === 'notaire@notadoo.fr')!;
    const offices = await database.db.select().from(notaryOffices);
    expect(offices.find((o) => o.id === notary.notaryOfficeId)?.city).toBe('Paris');
    expect(notary.isNotary).toBe(true);
    expect(accounts.find((u) => u.email === 'agent@notadoo.fr')!.isPro).toBe(true);
    expect(accounts.find((u) => u.email === 'admin@notadoo.fr')!.roles).toContain('ROLE_ADMIN');
  });
});

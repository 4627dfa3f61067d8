import type { DemoAccount } from '../seed/demo-accounts';
import { seedDemoAccounts, seedOffices } from '../seed/seed';
import type { Database } from './database';
import { migrate } from './migrate';

/** What a start did to the database, printed by start-server.ts. */
export interface Preparation {
  migrations: string[];
  offices: number;
  accounts: DemoAccount[];
}

/** Migrations, then the network's offices and (outside production) the demo accounts, each only when missing. */
export async function prepareDatabase(database: Database, options: { demoAccounts: boolean }): Promise<Preparation> {
  return database.withStartupLock(async () => {
    const migrations = await migrate(database);
    const offices = await seedOffices(database.db);
    const accounts = options.demoAccounts ? await seedDemoAccounts(database.db) : [];
    return { migrations, offices, accounts };
  });
}

/** Adds what a later start did to what the first-start process did. */
export function mergePreparations(first: Preparation, then: Preparation): Preparation {
  return { migrations: [...first.migrations, ...then.migrations], offices: first.offices + then.offices, accounts: then.accounts };
}

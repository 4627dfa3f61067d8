/**
 * Child process of a first start (see new-pglite-database.ts): creates the
 * embedded database in the folder given as argument, migrates and seeds it,
 * closes it and prints what it did as one JSON line.
 */
import { openDatabase } from './database';
import { prepareDatabase } from './prepare-database';

const [pgliteDir, demo] = process.argv.slice(2);
if (!pgliteDir) throw new Error('usage : first-start <dossier de la base> [demo|no-demo]');
const database = await openDatabase({ pgliteDir });
const preparation = await prepareDatabase(database, { demoAccounts: demo === 'demo' });
await database.close();
process.stdout.write(`${JSON.stringify(preparation)}\n`);

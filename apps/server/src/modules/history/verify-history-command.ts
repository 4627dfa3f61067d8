/**
 * `npm run verify-history [-- <projectId>…]`: checks the hash chains of the
 * history (one file's, or every chain: the files' and the accounts' sign-ins)
 * and prints the first broken entry of each broken chain. Exit code 1 when
 * one is broken, 2 when it could not check. On the embedded database, stop
 * the server first (the database is one process's), or call the admin route
 * `GET /api/admin/project/{id}/history/verify` instead.
 */
import path from 'node:path';
import { projectChain } from '@notadoo/domain';
import { ConfigError, readConfig } from '../../config';
import { DataDirLockedError, lockDataDir } from '../../db/data-dir-lock';
import { openDatabase } from '../../db/database';
import { DEFAULT_POSTGRES_SETTINGS } from '../../db/postgres-settings';
import { eachChain, verifyChain } from './history-service';

async function main(): Promise<number> {
  const ids = process.argv.slice(2).filter((arg) => arg !== '--');
  if (ids.some((id) => !/^[1-9][0-9]{0,9}$/.test(id))) {
    console.error('Usage : npm run verify-history [-- <identifiant de dossier> …]');
    return 2;
  }
  const config = readConfig();
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, settings: DEFAULT_POSTGRES_SETTINGS } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  try {
    const chains = ids.length > 0 ? ids.map((id) => projectChain(Number(id))) : eachChain(database.db);
    let checked = 0;
    let broken = 0;
    for await (const chain of chains) {
      const verdict = await verifyChain(database.db, chain);
      checked += 1;
      if (verdict.ok) continue;
      broken += 1;
      const at = verdict.firstBroken!;
      console.log(`${chain} : rompue à l'entrée n° ${at.seq}${at.id === null ? '' : ` (id ${at.id})`} — ${at.reason}`);
    }
    console.log(
      broken === 0 ? `${checked} chaîne(s) vérifiée(s) : aucune rupture.` : `${checked} chaîne(s) vérifiée(s) : ${broken} rompue(s).`,
    );
    return broken === 0 ? 0 : 1;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error);
    process.exit(2);
  },
);

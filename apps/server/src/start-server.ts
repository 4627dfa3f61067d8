import path from 'node:path';
import { ConfigError, readConfig } from './config';
import { lockDataDir, DataDirLockedError } from './db/data-dir-lock';
import { makeDataDirPrivate, restrictProcessUmask } from './files/private-data';
import { createPgliteDatabaseInChild, isNewPgliteDataDir } from './db/new-pglite-database';
import { StorageUnusableError } from './files/storage/file-storage';
import { DEFAULT_POSTGRES_SETTINGS } from './db/postgres-settings';
import { batchedLogStream } from './log-stream';
import { freedMemoryRelease } from './freed-memory-release';

/** Starts the whole server (main.ts loads this module once the process is the one that stays). */
export async function startServer(): Promise<void> {
  // First of all: everything this process creates is owner-only (issue 9).
  restrictProcessUmask();
  // Before any thread that allocates (the database's, libuv's): malloc's arenas and thresholds; the memory it
  // holds freed is then given back every few seconds once listening (glibc only).
  const memoryRelease = await freedMemoryRelease();
  const config = readConfig();
  // The embedded database is one process's: a second server on this DATA_DIR stops here.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  makeDataDirPrivate(config.dataDir);
  const pgliteDir = path.join(config.dataDir, 'db');
  const demoAccounts = config.env !== 'production';
  // An empty DATA_DIR: the embedded database is made in a child process, whose memory goes back to the system.
  const firstStart =
    !config.databaseUrl && isNewPgliteDataDir(pgliteDir) ? await createPgliteDatabaseInChild(pgliteDir, { demoAccounts }) : undefined;
  // The application is loaded once that child is done, so that the two are not in memory together.
  const [
    { openDatabase },
    { mergePreparations, prepareDatabase },
    { buildApp },
    { createMailer },
    { createFileStorage },
    { createEmbeddedMaintenance },
  ] = await Promise.all([
    import('./db/database'),
    import('./db/prepare-database'),
    import('./app'),
    import('./mail/mailer'),
    import('./files/storage/create-storage'),
    import('./db/embedded-maintenance'),
  ]);
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, settings: { ...DEFAULT_POSTGRES_SETTINGS, queryTimeoutMs: config.databaseQueryTimeoutMs } }
      : { pgliteDir },
  );
  const prepared = await prepareDatabase(database, { demoAccounts });
  const seeded = firstStart ? mergePreparations(firstStart, prepared) : prepared;
  // PGlite's file system sets modes itself (0666), past the umask: its files are made 0600 once it has opened them.
  // Files it adds later stay behind the 0700 folders.
  if (!config.databaseUrl) makeDataDirPrivate(path.join(config.dataDir, 'db'));

  // A bucket that is missing or refuses the keys stops the start here, not at the first upload.
  const storage = await createFileStorage(config);
  await storage.check();

  // Each request's access line is written with the others of its round (log-stream.ts); what waits is written on exit.
  const logStream = batchedLogStream();
  process.on('exit', () => logStream.flush());
  // The server's own lines go through that stream too: they come out in their turn among the log's
  // (a console.log would pass pino's lines still waiting for the end of their round, « Server listening » among them).
  const print = (line: string) => logStream.write(`${line}\n`);
  const app = await buildApp({
    config,
    database,
    storage,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      log: { info: print },
      // Links carry tokens: printed for the developer, never in production.
      logLinks: config.env !== 'production',
    }),
    logger: { level: config.env === 'production' ? 'info' : 'warn', stream: logStream },
  });

  // The embedded database has no autovacuum: the server does its work once listening (a PostgreSQL server does it itself).
  const maintenance = createEmbeddedMaintenance(database, app.log);

  // Requests in flight finish (app.close waits for them) before the database closes; a stuck one is cut after 10 s.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    print(`${signal} reçu : arrêt du serveur.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await maintenance.stop();
    await memoryRelease.stop();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  maintenance.start();
  memoryRelease.start();
  // Reminders of the pieces still owed (issue 22); app.close stops them. PIECE_REMINDERS_INTERVAL_MS=0 turns them off.
  if (config.pieceReminders.intervalMs > 0) app.pieceReminders.start();
  // Summaries of the office's changes to clients' answers, mailed after a quiet period; app.close stops them.
  app.answerChangeSummaries.start();
  // Mails of the messages waiting on a file (issue 28), one per recipient and file per minute; app.close stops them.
  app.messageMails.start();
  // Issue 26: copies of people's data built in the background, and the purge of abandoned files (0: off in this process).
  if (config.personalData.exportIntervalMs > 0) app.dataExports.start();
  if (config.personalData.purgeIntervalMs > 0) app.filePurge.start();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embarqué (${path.join(config.dataDir, 'db')})`;
  print(`Notadoo démarré sur ${config.publicUrl} — base : ${where} — fichiers : ${storage.description}`);
  if (seeded.migrations.length) print(`Migrations appliquées : ${seeded.migrations.join(', ')}`);
  if (seeded.offices) print(`${seeded.offices} offices notariaux ajoutés.`);
  if (!config.smtpUrl) print(`Mails écrits dans ${path.join(config.dataDir, 'mail')}`);
  if (seeded.accounts.length) {
    print('Comptes de démonstration :');
    for (const a of seeded.accounts) print(`  ${a.label.padEnd(28)} ${a.email.padEnd(22)} mot de passe : ${a.password}`);
  }
}

/** Why the server could not start, in French for what the operator can fix; then the process ends. */
export function stopOnStartFailure(error: unknown): never {
  console.error(
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StorageUnusableError ? error.message : error,
  );
  process.exit(1);
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { DEFAULT_POSTGRES_SETTINGS } from '../src/db/postgres-settings';
import { migrate } from '../src/db/migrate';
import type { MailMessage } from '../src/mail/mailer';
import { seedOffices } from '../src/seed/seed';
import { DEFAULT_OUTBOX_SETTINGS } from '../src/mail/outbox-worker';
import { hashPassword } from '../src/auth/passwords';
import { users } from '../src/db/schema';
import type { FileStorage } from '../src/files/storage/file-storage';
import { createLocalDiskStorage } from '../src/files/storage/local-disk-storage';

/** Every API test runs on embedded PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL server too. */
export const BACKENDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  databaseQueryTimeoutMs: DEFAULT_POSTGRES_SETTINGS.queryTimeoutMs,
  jwtSecret: 'secret-de-test-secret-de-test-secret-de-test',
  publicUrl: 'http://app.test',
  smtpUrl: undefined,
  mailFrom: 'Notadoo <no-reply@notadoo.fr>',
  env: 'test',
  webDistDir: '/nonexistent',
  mailOutbox: DEFAULT_OUTBOX_SETTINGS,
  bridge: { url: 'http://127.0.0.1:4100', serviceKey: 'cle-de-test' },
  site: { networkName: 'Notadoo', contactEmail: 'contact@notadoo.test', maintenance: false },
  trustProxy: false,
  s3: null,
  passwordHashing: { concurrency: 2, queueLength: 32 },
  // Tests run the pass themselves (runReminderPass), on the test clock.
  pieceReminders: { intervalMs: 0, fromHour: 9 },
};

/**
 * A fresh database per call: in-memory PGlite, or a new throw-away database on
 * the PostgreSQL server (so test files can run in parallel without sharing rows).
 */
export async function openTestDatabase(backend: 'pglite' | 'postgres'): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ pgliteInMemory: true });
    return { ...database, drop: () => database.close() };
  }
  const created = await createThrowAwayDatabase();
  const database = await openDatabase({ url: created.url });
  return {
    ...database,
    url: created.url,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A new empty database on the PostgreSQL server of TEST_DATABASE_URL (for tests), and how to drop it. */
export async function createThrowAwayDatabase(prefix = 'notadoo_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A controllable clock, so expiry can be tested without waiting. */
export function createClock(start = new Date('2026-11-22T10:00:00Z')) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (undefined on PGlite), for a second app on the same rows. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where the app stores files: local disk under dataDir, or the S3 storage passed in the options. */
  storage: FileStorage;
  /** Every mail the app sent, oldest first. */
  mails: MailMessage[];
  clock: ReturnType<typeof createClock>;
  createUser(overrides?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<{ id: number; email: string; password: string }>;
  tokenFor(email: string, password: string): Promise<string>;
  /** A new user, signed in: their id, e-mail, password and bearer headers. */
  signedInUser(overrides?: Parameters<TestApp['createUser']>[0]): Promise<{ id: number; email: string; password: string; headers: { authorization: string } }>;
  /** Signs in through the last invitation mailed to `email` (joining that project); answers the session token. */
  acceptInvitation(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export async function buildTestApp(backend: 'pglite' | 'postgres', options: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  await migrate(database);
  await seedOffices(database.db);
  const mails: MailMessage[] = [];
  const clock = createClock();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-test-'));
  const storage = options.storage ?? createLocalDiskStorage(dataDir);
  const app = await buildApp({
    database,
    mailer: { send: async (m) => void mails.push(m) },
    now: clock.now,
    ...options,
    storage,
    config: { ...testConfig, ...options.config, dataDir },
  });
  settleAroundEachRequest(app);
  const testApp: TestApp = {
    app,
    database,
    databaseUrl: database.url,
    dataDir,
    storage,
    mails,
    clock,
    async createUser(overrides = {}) {
      const { password = 'Motdepasse1', ...row } = overrides;
      counter += 1;
      const email = row.email ?? `user${counter}-${randomBytes(3).toString('hex')}@exemple.fr`;
      const [user] = await database.db
        .insert(users)
        .values({ firstName: 'Jeanne', lastName: 'Durand', isEmailConfirmed: true, ...row, email, passwordHash: await hashPassword(password) })
        .returning();
      return { id: user!.id, email, password };
    },
    async signedInUser(overrides = {}) {
      const user = await testApp.createUser(overrides);
      return { ...user, headers: bearer(await testApp.tokenFor(user.email, user.password)) };
    },
    async tokenFor(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async acceptInvitation(email, password) {
      const link = mails.filter((m) => m.to === email && m.link?.includes('invitation=')).at(-1)?.link;
      if (!link) throw new Error(`no invitation mailed to ${email}`);
      const invitation = new URL(link).searchParams.get('invitation');
      const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password, invitation } });
      if (res.statusCode !== 200) throw new Error(`invitation login failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Mails go through the outbox and its worker. So that a test can read
 * `mails` right after a request, each injected request also sends the mails
 * due by then (the worker of a running server does so right after commit).
 */
function settleAroundEachRequest(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  app.inject = (async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    await app.mailOutbox.drain();
    return res;
  }) as FastifyInstance['inject'];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

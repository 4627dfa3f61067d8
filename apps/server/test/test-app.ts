import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
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
  secondFactorKey: 'cle-de-double-authentification-de-test-0123',
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
  // Tests run the export and purge passes themselves, on the test clock.
  personalData: { exportIntervalMs: 0, purgeAfterMonths: 24, purgeIntervalMs: 0 },
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
  createUser(
    overrides?: Partial<typeof users.$inferInsert> & { password?: string },
  ): Promise<{ id: number; email: string; password: string }>;
  /**
   * Signs in through the API. Issue 27: an office member or admin without a second factor enrols
   * TOTP through the product's routes (the code computed here, on the app's clock), and the device
   * cookie earned is sent again on later sign-ins, as a browser would; `secondFactor` keeps both.
   */
  tokenFor(email: string, password: string): Promise<string>;
  /** The TOTP secrets (base32) enrolled by `tokenFor` or `enrolTotp`, and the trusted-device cookies, by e-mail. */
  secondFactor: { secrets: Map<string, string>; deviceCookies: Map<string, string> };
  /** The 6-digit code of `email`'s enrolled secret at the app's clock (plus `offsetMs`). */
  totpCode(email: string, offsetMs?: number): string;
  /** A new user, signed in: their id, e-mail, password and bearer headers. */
  signedInUser(
    overrides?: Parameters<TestApp['createUser']>[0],
  ): Promise<{ id: number; email: string; password: string; headers: { authorization: string } }>;
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
    // Every answer of every API test is held to its route's description (decision 0086).
    checkAnswers: true,
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
      const { password = 'Kq7#vLp2!xWr9', ...row } = overrides;
      counter += 1;
      const email = row.email ?? `user${counter}-${randomBytes(3).toString('hex')}@exemple.fr`;
      const [user] = await database.db
        .insert(users)
        .values({
          firstName: 'Jeanne',
          lastName: 'Durand',
          isEmailConfirmed: true,
          ...row,
          email,
          passwordHash: await hashPassword(password),
        })
        .returning();
      return { id: user!.id, email, password };
    },
    async signedInUser(overrides = {}) {
      const user = await testApp.createUser(overrides);
      return { ...user, headers: bearer(await testApp.tokenFor(user.email, user.password)) };
    },
    secondFactor: { secrets: new Map(), deviceCookies: new Map() },
    totpCode(email, offsetMs = 0) {
      const secret = testApp.secondFactor.secrets.get(email);
      if (!secret) throw new Error(`no TOTP enrolled for ${email}`);
      return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() + offsetMs });
    },
    async tokenFor(email, password) {
      return signInWithSecondFactor(testApp, email, { login: email, password });
    },
    async acceptInvitation(email, password) {
      const link = mails.filter((m) => m.to === email && m.link?.includes('invitation=')).at(-1)?.link;
      if (!link) throw new Error(`no invitation mailed to ${email}`);
      const invitation = new URL(link).searchParams.get('invitation');
      return signInWithSecondFactor(testApp, email, { login: email, password, invitation });
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

/** The sign-in call, then (issue 27) the code step or the setup of an office member or admin, as `tokenFor` says. */
async function signInWithSecondFactor(t: TestApp, email: string, payload: Record<string, unknown>): Promise<string> {
  const cookie = t.secondFactor.deviceCookies.get(email);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload, headers: cookie ? { cookie } : {} });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token, secondFactor } = res.json<{ token: string; secondFactor?: 'required' | 'setup' }>();
  if (secondFactor === undefined) return token;
  // An office member or admin held at the stronger-password gate sets the factor up after the new password.
  if (secondFactor === 'setup' && (await isHeldForPassword(t, token))) return token;
  const step =
    secondFactor === 'setup'
      ? await enrolTotp(t, email, token)
      : await t.app.inject({
          method: 'POST',
          url: '/api/auth/second-factor/verify',
          headers: bearer(token),
          payload: { code: t.totpCode(email) },
        });
  if (step.statusCode !== 200) throw new Error(`second factor failed: ${step.statusCode} ${step.body}`);
  if (secondFactor === 'required') keepDeviceCookie(t, email, step.headers['set-cookie']);
  return step.json<{ token: string }>().token;
}

async function isHeldForPassword(t: TestApp, token: string): Promise<boolean> {
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  return me.json<{ passwordChangeRequired?: boolean }>().passwordChangeRequired === true;
}

/** Sets up TOTP through the product's routes for a signed-in (setup-stage) token; answers the confirmation's reply. */
export async function enrolTotp(t: TestApp, email: string, token: string): Promise<LightMyRequestResponse> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/totp/setup', headers: bearer(token) });
  if (setup.statusCode !== 200) throw new Error(`TOTP setup failed: ${setup.statusCode} ${setup.body}`);
  t.secondFactor.secrets.set(email, setup.json<{ secret: string }>().secret);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/totp/confirm',
    headers: bearer(token),
    payload: { code: t.totpCode(email) },
  });
  if (confirm.statusCode === 200) keepDeviceCookie(t, email, confirm.headers['set-cookie']);
  return confirm;
}

function keepDeviceCookie(t: TestApp, email: string, header: string | string[] | number | undefined): void {
  const first = Array.isArray(header) ? header[0] : header;
  if (typeof first === 'string') t.secondFactor.deviceCookies.set(email, first.split(';')[0]!);
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_PURGE_AFTER_MONTHS } from '@notadoo/domain';
import { z } from 'zod';
import { DEFAULT_POSTGRES_SETTINGS } from './db/postgres-settings';
import { DEFAULT_OUTBOX_SETTINGS, type OutboxSettings } from './mail/outbox-worker';

/** The environment, read and checked once at start (docs/configuration.md lists every variable). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit être une adresse postgres://...')
    .optional(),
  // Reliability: a query unanswered this long fails (503) and its connection is dropped, so a silent link cannot hang requests.
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_POSTGRES_SETTINGS.queryTimeoutMs),
  JWT_SECRET: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
  // Issue 27: the key that encrypts TOTP secrets and keys the backup codes' hashes; unset: generated once in DATA_DIR.
  SECOND_FACTOR_KEY: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'doit être une adresse smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Notadoo <no-reply@notadoo.fr>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIST_DIR: z.string().optional(),
  // Mail outbox (issue 14): retries and polling, in milliseconds.
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(DEFAULT_OUTBOX_SETTINGS.pollIntervalMs),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(DEFAULT_OUTBOX_SETTINGS.leaseMs),
  MAIL_RETRY_FIRST_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_OUTBOX_SETTINGS.retryFirstDelayMs),
  MAIL_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_OUTBOX_SETTINGS.retryMaxDelayMs),
  MAIL_RETRY_WINDOW_MS: z.coerce.number().int().min(0).default(DEFAULT_OUTBOX_SETTINGS.retryWindowMs),
  MAIL_SENT_RETENTION_MS: z.coerce.number().int().min(0).default(DEFAULT_OUTBOX_SETTINGS.sentRetentionMs),
  // Transfer to the drafting software (issue 12): its local bridge, reached by the notary's browser.
  BRIDGE_URL: z.url({ protocol: /^https?$/, error: 'doit être une adresse http:// ou https://' }).optional(),
  BRIDGE_SERVICE_KEY: z.string().min(1).max(500).optional(),
  // Site (issue 10): the network's name, the address contact messages go to, the maintenance switch.
  NETWORK_NAME: z.string().trim().min(2).max(80).default('Notadoo'),
  CONTACT_EMAIL: z.email({ error: 'doit être une adresse email' }).default('contact@notadoo.fr'),
  MAINTENANCE: z.enum(['0', '1', 'true', 'false', 'on', 'off'], { error: 'doit valoir 1/0, true/false ou on/off' }).default('0'),
  // Storage (issue 11): an S3-compatible bucket shared by every server process; unset S3_BUCKET: local disk under DATA_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'doit être un nom de compartiment S3 (lettres, chiffres, « . », « - », « _ »)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'doit être une adresse http:// ou https://' }).optional(),
  S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false', 'on', 'off'], { error: 'doit valoir 1/0, true/false ou on/off' }).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'doit être un préfixe de noms d’objets (ex. « notadoo/ »)')
    .refine((v) => !v.split('/').some((s) => s === '.' || s === '..'), 'ne doit pas contenir « . » ni « .. »')
    .optional(),
  // Reminders of the pieces still owed (issue 22): how often a process tries the daily pass (0: never), and from which hour in Paris.
  PIECE_REMINDERS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  PIECE_REMINDERS_FROM_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  // Issue 26: copies of a person's data, and the purge of abandoned files.
  DATA_EXPORT_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  PURGE_AFTER_MONTHS: z.coerce.number().int().min(2).max(1200).default(DEFAULT_PURGE_AFTER_MONTHS),
  PURGE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  // Password hashing (issue 9, hostile test): argon2 runs at once, and waiting beyond them before a 503.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(defaultPasswordHashConcurrency()),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  // Security (issue 9): the proxies whose X-Forwarded-For is believed; unset: none.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: "doit être « true », un nombre de relais ou une liste d'adresses IP / CIDR séparées par des virgules",
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite persisted under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: how long a query's answer may take before the query fails and its connection is dropped. */
  databaseQueryTimeoutMs: number;
  jwtSecret: string;
  /** Issue 27: encrypts TOTP secrets at rest (AES-256-GCM) and keys the backup codes' HMAC; the same on every process. */
  secondFactorKey: string;
  /** Where the web app is reached; links in mails point there. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  env: 'development' | 'production' | 'test';
  /** The built web app served at `/` (production), if present. */
  webDistDir: string | undefined;
  /** How the mail outbox polls, holds claims and retries. */
  mailOutbox: OutboxSettings;
  /** The drafting software's local bridge, handed to the web of office members; null: no transfer button. */
  bridge: { url: string; serviceKey: string } | null;
  site: SiteConfig;
  /**
   * Fastify's `trustProxy`: false (default) ignores X-Forwarded-For; true trusts
   * any sender; a number trusts that many hops; a list trusts those addresses.
   */
  trustProxy: TrustProxy;
  /** Issue 11: where stored files go; null: local disk under `dataDir`. */
  s3: S3Settings | null;
  /** How many argon2 hashes or verifications run at once, and how many may wait (PASSWORD_HASH_*). */
  passwordHashing: { concurrency: number; queueLength: number };
  /** Issue 22: the daily pass of reminders, tried every `intervalMs` (0: off) from `fromHour` (Paris). */
  pieceReminders: { intervalMs: number; fromHour: number };
  /**
   * Issue 26: how often a process looks for copies of data to build (0: never in
   * this process); files left "Sans suite" or drafts untouched `purgeAfterMonths`
   * are purged by a pass tried every `purgeIntervalMs` (0: off in this process).
   */
  personalData: { exportIntervalMs: number; purgeAfterMonths: number; purgeIntervalMs: number };
}

/** An S3-compatible bucket (S3_* variables). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's usual sources (AWS_* variables, instance role...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (https://host/bucket/key), as most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Put before every object name: "" or ending with "/". */
  prefix: string;
}

/** What every visitor's pages depend on (issue 10). */
export interface SiteConfig {
  networkName: string;
  /** Contact messages are mailed here. */
  contactEmail: string;
  /** On: every visitor sees the maintenance page; the API answers 503 except the site info. */
  maintenance: boolean;
}

export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY` as Fastify's trustProxy takes it; undefined when malformed. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid && entries.length > 0 ? entries : undefined;
}

/**
 * Half the cores, at least one: sign-ins never take the whole machine, and
 * stay under libuv's 4 threads, which file reads share.
 */
function defaultPasswordHashConcurrency(): number {
  return Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2)));
}

export class ConfigError extends Error {}

/** Reads the environment; throws one error naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  const crossIssues = [...bridgeKeyIssues(blankless), ...s3Issues(blankless)];
  if (!parsed.success || crossIssues.length > 0) {
    const lines = [...(parsed.error?.issues ?? []), ...crossIssues].map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    secondFactorKey: e.SECOND_FACTOR_KEY ?? readOrCreateSecret(dataDir, 'second-factor-key'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    env: e.NODE_ENV,
    webDistDir: e.WEB_DIST_DIR,
    mailOutbox: {
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      leaseMs: e.MAIL_LEASE_MS,
      retryFirstDelayMs: e.MAIL_RETRY_FIRST_DELAY_MS,
      retryMaxDelayMs: e.MAIL_RETRY_MAX_DELAY_MS,
      retryWindowMs: e.MAIL_RETRY_WINDOW_MS,
      sentRetentionMs: e.MAIL_SENT_RETENTION_MS,
    },
    bridge: e.BRIDGE_URL && e.BRIDGE_SERVICE_KEY ? { url: e.BRIDGE_URL.replace(/\/$/, ''), serviceKey: e.BRIDGE_SERVICE_KEY } : null,
    site: {
      networkName: e.NETWORK_NAME,
      contactEmail: e.CONTACT_EMAIL,
      maintenance: ['1', 'true', 'on'].includes(e.MAINTENANCE),
    },
    trustProxy: e.TRUST_PROXY ?? false,
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queueLength: e.PASSWORD_HASH_QUEUE },
    pieceReminders: { intervalMs: e.PIECE_REMINDERS_INTERVAL_MS, fromHour: e.PIECE_REMINDERS_FROM_HOUR },
    personalData: {
      exportIntervalMs: e.DATA_EXPORT_INTERVAL_MS,
      purgeAfterMonths: e.PURGE_AFTER_MONTHS,
      purgeIntervalMs: e.PURGE_INTERVAL_MS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Self-hosted servers rarely have a DNS name per bucket: the path style is their default.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['1', 'true', 'on'].includes(e.S3_FORCE_PATH_STYLE) : e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
        }
      : null,
  };
}

/** S3 variables without a bucket are a mistake (a typo in S3_BUCKET would silently store files on local disk); keys go in pairs. */
function s3Issues(env: NodeJS.ProcessEnv): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  const named = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX', 'S3_REGION'].filter(
    (name) => env[name],
  );
  if (!env.S3_BUCKET && named.length > 0)
    issues.push({
      path: ['S3_BUCKET'],
      message: `requise quand ${named.join(', ')} ${named.length > 1 ? 'sont renseignées' : 'est renseignée'}`,
    });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    issues.push({
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble',
    });
  }
  return issues;
}

/** The bridge needs its service key: without it every call of the browser would be refused. */
function bridgeKeyIssues(env: NodeJS.ProcessEnv): Array<{ path: string[]; message: string }> {
  return env.BRIDGE_URL && !env.BRIDGE_SERVICE_KEY
    ? [{ path: ['BRIDGE_SERVICE_KEY'], message: 'requise quand BRIDGE_URL est renseignée' }]
    : [];
}

/** A missing JWT_SECRET (or SECOND_FACTOR_KEY) is generated once and kept in DATA_DIR, so tokens (and secrets) survive restarts. */
function readOrCreateSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The environment, read and checked once at start (README lists every variable). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit être une adresse postgres://...')
    .optional(),
  JWT_SECRET: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'doit être une adresse smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Notadoo <no-reply@notadoo.fr>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIST_DIR: z.string().optional(),
  // Security (issue 9): the proxies whose X-Forwarded-For is believed; unset: none.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: "doit être « true », un nombre de relais ou une liste d'adresses IP / CIDR séparées par des virgules" });
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
  jwtSecret: string;
  /** Where the web app is reached; links in mails point there. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  env: 'development' | 'production' | 'test';
  /** The built web app served at `/` (production), if present. */
  webDistDir: string | undefined;
  /**
   * Fastify's `trustProxy`: false (default) ignores X-Forwarded-For; true trusts
   * any sender; a number trusts that many hops; a list trusts those addresses.
   */
  trustProxy: TrustProxy;
}

export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY` as Fastify's trustProxy takes it; undefined when malformed. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid && entries.length > 0 ? entries : undefined;
}

export class ConfigError extends Error {}

/** Reads the environment; throws one error naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    env: e.NODE_ENV,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY ?? false,
  };
}

/** A missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

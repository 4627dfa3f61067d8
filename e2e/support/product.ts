import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_COMMAND } from '../../apps/server/bench/server-command';
import { describeHungStart, reportOptions } from './hung-start';
import { SecondFactorMemory } from './second-factor';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');
/** A start takes a few seconds; a machine busy with other work may take much longer. */
export const PRODUCT_START_TIMEOUT_MS = 110_000;

export interface ProductOptions {
  /** Variables added to the server's environment (e.g. `NODE_ENV: 'production'`, a bridge address). */
  env?: Record<string, string>;
  /** The host name the browser uses (PUBLIC_URL); 127.0.0.1 by default. Passkeys need `localhost`: WebAuthn refuses an IP address as RP ID. */
  publicHost?: string;
  /**
   * A product of the test's own, shared with no test of another name (nor without one): for a test that
   * counts what the whole product holds (every file, every pending request). Not passed to the server.
   */
  ownProduct?: string;
}

export interface RunningProduct {
  url: string;
  dataDir: string;
  /** What the journeys learnt of the accounts' second factors on this product (TOTP secrets, trusted-device cookies). */
  secondFactors: SecondFactorMemory;
  /** The raw .eml files written so far, oldest first. */
  mails(): Promise<string[]>;
  /** The first mail written to `to`, waiting for the outbox worker to write it (a few seconds at most). */
  mailTo(to: string): Promise<string>;
  /** What the server printed so far (its logs), stdout and stderr together. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Polls `check` until it answers a value (not undefined) or `timeoutMs` passed; `describe` says what was awaited. */
async function pollFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the whole product as `npm start` does once `npm run build` is done:
 * the server's bundle on Node.js with the same flags, serving the built web
 * app, with a throw-away DATA_DIR (embedded database, mail written to disk as
 * .eml files). NODE_ENV is `development` unless `env` says otherwise, so that
 * the demo accounts exist.
 */
export async function startProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  if (!existsSync(BUNDLE))
    throw new Error(`${path.relative(ROOT, BUNDLE)} manque : lancez d'abord « npm run build » (npm run test:e2e le fait).`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notadoo-e2e-'));
  const port = await freePort();
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const direct = `http://127.0.0.1:${port}`;
  const [node, ...args] = SERVER_COMMAND;
  // Beside DATA_DIR, kept when the start hangs.
  const reportDir = `${dataDir}-node-reports`;
  await mkdir(reportDir);
  const child: ChildProcess = spawn(node!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      SMTP_URL: '',
      // Read only if the start hangs (hung-start.ts); the first-start child inherits it.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${reportOptions(reportDir)}`.trim(),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  try {
    await pollFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté :\n${output}`);
        const res = await fetch(`${direct}/api/notaryoffices`).catch(() => undefined);
        return res?.ok ? true : undefined;
      },
      PRODUCT_START_TIMEOUT_MS,
      () => `le serveur ne répond pas après ${PRODUCT_START_TIMEOUT_MS / 1000} s :\n${output}`,
    );
  } catch (error) {
    const hung = child.exitCode === null;
    if (hung && error instanceof Error) error.message += `\n${await describeHungStart(child.pid!, reportDir)}`;
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    if (!hung) await rm(reportDir, { recursive: true, force: true });
    throw error;
  }

  const mails = async () => {
    const dir = path.join(dataDir, 'mail');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  };
  return {
    url,
    dataDir,
    secondFactors: new SecondFactorMemory(dataDir),
    mails,
    output: () => output,
    mailTo: (to) =>
      pollFor(
        async () => (await mails()).find((m) => m.includes(`To: ${to}`)),
        15_000,
        () => `aucun mail pour ${to} dans ${path.join(dataDir, 'mail')}`,
      ),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      }
      await rm(dataDir, { recursive: true, force: true });
      await rm(reportDir, { recursive: true, force: true });
    },
  };
}

/** The first link to `pathPrefix` in the plain-text part of a raw mail. */
export function linkIn(rawMail: string, pathPrefix: string): string {
  const match = decodedMail(rawMail).match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`aucun lien ${pathPrefix} dans le mail`);
  return match[0].replace(/&amp;/g, '&');
}

/** A raw mail's text in both decodings of its bodies (quoted-printable or base64), one after the other. */
export function decodedMail(rawMail: string): string {
  const quotedPrintable = rawMail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const base64Blocks = rawMail.match(/(?:^[A-Za-z0-9+/=]{40,}\r?\n)+/gm) ?? [];
  return [quotedPrintable, ...base64Blocks.map((b) => Buffer.from(b.replace(/\s/g, ''), 'base64').toString('utf8'))].join('\n');
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningProduct {
  url: string;
  dataDir: string;
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

/**
 * Starts the whole product as `npm start` does (built web app served by the
 * API server) with a throw-away DATA_DIR: embedded database, mail to disk.
 */
export async function startProduct(options: { env?: Record<string, string>; publicHost?: string } = {}): Promise<RunningProduct> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notadoo-e2e-'));
  const port = await freePort();
  // The address the browser uses (PUBLIC_URL). Passkeys need a host name (`localhost`): WebAuthn refuses an IP address as RP ID.
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const direct = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté :\n${output}`);
    try {
      const res = await fetch(`${direct}/api/notaryoffices`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`le serveur ne répond pas :\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const mails = async () => {
    const dir = path.join(dataDir, 'mail');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  };
  return {
    url,
    dataDir,
    mails,
    output: () => output,
    async mailTo(to) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = (await mails()).find((m) => m.includes(`To: ${to}`));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`aucun mail pour ${to} dans ${path.join(dataDir, 'mail')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link to `pathPrefix` in the plain-text part of a raw mail. */
export function linkIn(rawMail: string, pathPrefix: string): string {
  // Bodies are quoted-printable or base64: look in both decodings.
  const quotedPrintable = rawMail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const base64Blocks = rawMail.match(/(?:^[A-Za-z0-9+/=]{40,}\r?\n)+/gm) ?? [];
  const unfolded = [quotedPrintable, ...base64Blocks.map((b) => Buffer.from(b.replace(/\s/g, ''), 'base64').toString('utf8'))].join('\n');
  const match = unfolded.match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`aucun lien ${pathPrefix} dans le mail`);
  return match[0].replace(/&amp;/g, '&');
}

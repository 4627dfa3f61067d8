import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';

/**
 * The real server as `npm start` runs it (`node --import tsx
 * apps/server/src/main.ts`), for the fault tests: it can be killed, restarted
 * on the same DATA_DIR, or run twice on one PostgreSQL database. Everything it
 * prints is kept, for the test asserting the logs hold no secret.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FAULT_TEST_JWT_SECRET = 'secret-des-tests-de-pannes-secret-des-tests';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
  /** Sends `signal` (default SIGTERM) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every line any server printed in this test process. */
export const allServerOutput: string[] = [];

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | string>;
}

/** Spawns the server on a free port without waiting for it (e.g. to see it refuse to start). */
export async function spawnServer(options: { dataDir: string; env?: Record<string, string> }): Promise<SpawnedServer> {
  let output = '';
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Production: no demo accounts, info-level request logs (what an operator keeps), no mail links printed.
      NODE_ENV: 'production',
      JWT_SECRET: FAULT_TEST_JWT_SECRET,
      DATABASE_URL: '',
      SMTP_URL: '',
      TRUST_PROXY: '',
      // Local disk unless the test names a bucket (issue 11).
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_PREFIX: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    output += d.toString();
    allServerOutput.push(d.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, port, output: () => output, exited };
}

/** Starts the server and waits until it answers; throws with its output if it stops first. */
export async function startServer(options: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const spawned = await spawnServer(options);
  const url = `http://127.0.0.1:${spawned.port}`;
  let ended: number | string | undefined;
  void spawned.exited.then((code) => (ended = code));
  // A start takes 15-30 s on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended !== undefined) throw new Error(`le serveur s'est arrêté (${ended}) :\n${spawned.output()}`);
    try {
      const res = await fetch(`${url}/api/notaryoffices`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`le serveur ne répond pas :\n${spawned.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child: spawned.child,
    output: spawned.output,
    exited: spawned.exited,
    kill(signal) {
      spawned.child.kill(signal);
      return spawned.exited;
    },
    async stop(signal = 'SIGTERM') {
      spawned.child.kill(signal);
      await spawned.exited;
    },
  };
}

/** A server in development mode (mails written to DATA_DIR/mail with their links), all settings from `env`. */
export function startServerProcess(env: Record<string, string> & { DATA_DIR: string }): Promise<ServerProcess> {
  return startServer({ dataDir: env.DATA_DIR, env: { NODE_ENV: 'development', ...env } });
}

/** Calls the API of a running server; answers status and JSON body. */
export async function callApi<T = unknown>(
  server: ServerProcess,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** What a test keeps of an account's second factor, as an authenticator app and a browser would. */
const secondFactors = new Map<string, { secret: string; deviceCookie?: string }>();

/**
 * A session token through the server process's own sign-in: an office member
 * or admin sets TOTP up on the first sign-in, then comes back from the device
 * it trusted (its cookie), or gives a code.
 */
export async function signInThroughSecondFactor(
  server: Pick<ServerProcess, 'url'>,
  email: string,
  password: string,
  /** Sent with every call (a bench's proxy address). */
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  const known = secondFactors.get(email);
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extraHeaders, ...headers },
      body: JSON.stringify(body),
    });
  const read = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { token: string; secondFactor?: 'required' | 'setup'; secret?: string };
  };
  const signedIn = await read(
    await post('/users/login', { login: email, password }, known?.deviceCookie ? { cookie: known.deviceCookie } : {}),
    'sign-in',
  );
  if (signedIn.secondFactor === undefined) return signedIn.token;
  const bearer = { authorization: `Bearer ${signedIn.token}` };
  const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });
  let step: Response;
  if (signedIn.secondFactor === 'setup') {
    const { secret } = await read(await post('/auth/second-factor/totp/setup', {}, bearer), 'TOTP setup');
    secondFactors.set(email, { secret: secret! });
    step = await post('/auth/second-factor/totp/confirm', { code: code(secret!) }, bearer);
  } else {
    if (!known) throw new Error(`${email}: a second factor this test does not know`);
    step = await post('/auth/second-factor/verify', { code: code(known.secret) }, bearer);
  }
  const cookie = step.headers.get('set-cookie');
  const done = await read(step, 'second factor');
  if (cookie) secondFactors.get(email)!.deviceCookie = cookie.split(';')[0];
  return done.token;
}

/** The command the process runs now (Linux's /proc): the server replaces itself with one made for its database. */
export function runningCommand(server: ServerProcess): string[] {
  return readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Preparation } from './prepare-database';

/**
 * First start on an empty DATA_DIR, in a child process (issue 11). PGlite's
 * initdb runs a second PostgreSQL in WASM, and it and the migrations leave
 * some 300 MB of freed memory that the allocator never gives back to the
 * system: done in a short-lived process, the server then opens a ready
 * database as on any later start, and its memory is a later start's.
 */
export function isNewPgliteDataDir(pgliteDir: string): boolean {
  return !existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/** The script the child runs: this folder's first-start module, in the form (TypeScript or built JavaScript) this one is. */
const FIRST_START_SCRIPT = fileURLToPath(new URL(`./first-start${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** Creates, migrates and seeds the embedded database in a child process; answers what it did. */
export async function createPgliteDatabaseInChild(pgliteDir: string, options: { demoAccounts: boolean }): Promise<Preparation> {
  // The child runs under the same loader flags as this process (tsx when run from the sources). Without V8's Maglev
  // compiler: a Maglev compilation that needs a garbage collection from a thread waiting in Node.js's drain of the
  // platform's tasks (when its event loop runs dry, as the child's does when it ends) never ends, nor does that
  // thread; the server then waited for the child for good. The child's work is PostgreSQL's WebAssembly and a few
  // statements of JavaScript, which lose nothing to it.
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--no-maglev', FIRST_START_SCRIPT, pgliteDir, options.demoAccounts ? 'demo' : 'no-demo'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (stdout += d));
  // The server stopped during a first start stops its child too; a restart finishes the work (each migration is atomic).
  const stopChild = () => child.kill('SIGTERM');
  process.once('exit', stopChild);
  // 'close', not 'exit': the child may have exited before its last line is read from the pipe.
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  process.off('exit', stopChild);
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !lastLine.startsWith('{')) {
    throw new Error(`La création de la base embarquée dans ${pgliteDir} a échoué (code ${code}).${stdout ? `\n${stdout}` : ''}`);
  }
  return JSON.parse(lastLine) as Preparation;
}

import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Everything under DATA_DIR is the server's alone (issue 9): identity papers,
 * the embedded database, mails holding reset links, the JWT secret. The umask
 * makes every file the process creates (PGlite's included) owner-only; the
 * walk at start fixes folders and files left by an older version.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Files created from now on are 0600 and folders 0700, whatever their creator asks. */
export function restrictProcessUmask(): void {
  process.umask(0o077);
}

/** Sets every folder under `dataDir` (itself included) to 0700 and every file to 0600; symbolic links are left alone. */
export function makeDataDirPrivate(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const pending = [dataDir];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    fixMode(dir, PRIVATE_DIR_MODE);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) fixMode(full, PRIVATE_FILE_MODE);
    }
  }
}

function fixMode(target: string, mode: number): void {
  if ((lstatSync(target).mode & 0o777) !== mode) chmodSync(target, mode);
}

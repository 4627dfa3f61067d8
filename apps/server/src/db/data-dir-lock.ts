import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process: two servers writing the same
 * DATA_DIR lose rows and break indexes (issue 9). The first server creates
 * `DATA_DIR/server.lock` exclusively (O_EXCL) with its pid; a second one finds
 * it and refuses to start. A lock whose pid is no longer running (a crash, a
 * SIGKILL) is stale and taken over.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  file: string;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Only our own lock: never one a later server took over.
        if (readHolder(file) === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Notadoo (processus ${holder}). ` +
            `Arrêtez ce serveur, ou donnez un autre DATA_DIR à celui-ci : deux serveurs ne peuvent pas partager la base embarquée.`,
        );
      }
      // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dataDir} (${file}).`);
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

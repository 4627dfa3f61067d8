import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server as the root `npm start` runs it once `npm run build` is done:
 * its `node …` command read from the root package.json, so that the benches
 * and browser tests run it with the same Node.js flags (docs/decisions 0083,
 * 0091, 0092), on this process's Node.js.
 */
function startCommand(): string[] {
  const root = path.resolve(import.meta.dirname, '../../..');
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node' || !words.at(-1)!.endsWith('main.js'))
    throw new Error(`npm start is not "… && node <flags> <main.js>": ${scripts.start}`);
  return [process.execPath, ...words.slice(1)];
}

export const SERVER_COMMAND = startCommand();

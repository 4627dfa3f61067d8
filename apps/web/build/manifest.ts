/**
 * The build's manifest (dist/.vite/manifest.json, `build.manifest` in
 * vite.config.ts): which file each source became and what it imports. Read by
 * check-budgets.ts for the sizes of a first visit and by prerender-pages.ts
 * for the address of React's chunk.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/** The name of the chunk vite.config.ts puts React in, which the prerendered pages evaluate first. */
export const REACT_CHUNK = 'react';

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

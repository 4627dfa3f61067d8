import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the compressed file and its header cost about what they save. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, at the best
 * levels (done once per release, not per request); the server sends them
 * to browsers that accept them.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'notadoo-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await listFiles(outDir)) await precompressFile(file);
    },
  };
}

/** Writes the `.br` and `.gz` of one built file, if it is text worth compressing. */
export async function precompressFile(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file)) return;
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

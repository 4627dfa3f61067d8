/**
 * `npm run build` (server part): the server's TypeScript, with the domain
 * package's, bundled into apps/server/dist/ for `npm start` (issue 11). Run
 * from the sources, tsx's loader and its transforms hold some 60 MB for the
 * life of the process; the built files run on plain Node. The npm packages
 * stay outside the bundle (loaded from node_modules as usual).
 *
 * The bundle sits one folder below apps/server, as src/*.ts does, so the
 * paths the code computes from its own location (../assets, ./migrations,
 * ./first-start, ./pglite-worker.mjs) hold for both: the migrations and the
 * worker are copied next to it.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');
const OUT = path.join(SERVER, 'dist');
const manifest = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const workspacePackages = new Set(['@notadoo/domain']);
const external = Object.keys(manifest.dependencies)
  .filter((name) => !workspacePackages.has(name))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(SERVER, 'src/main.ts'), 'first-start': path.join(SERVER, 'src/db/first-start.ts') },
  outdir: OUT,
  bundle: true,
  // The code's dynamic imports stay lazy: without chunks, a module imported on demand (the S3 storage, the
  // application after the first start's child) is inlined, and the packages it imports are hoisted into static
  // imports of main.js, loaded at every start. Chunks sit next to main.js, so paths computed from
  // import.meta.url hold in them too.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // The domain package says it has no side effects for the web's tree-shaking, but its
  // index sets zod's French messages on import: the server keeps every import.
  ignoreAnnotations: true,
  // Readable function names in stack traces.
  keepNames: true,
  logLevel: 'warning',
});
cpSync(path.join(SERVER, 'src/db/migrations'), path.join(OUT, 'migrations'), { recursive: true });
// The embedded database's worker thread, plain JavaScript found next to the bundle (db/pglite-worker-client.ts).
cpSync(path.join(SERVER, 'src/db/pglite-worker.mjs'), path.join(OUT, 'pglite-worker.mjs'));

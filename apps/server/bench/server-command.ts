/**
 * The server as the root `npm start` runs it once `npm run build` is done
 * (keep the two in step): the built bundle on plain Node, with one V8
 * background thread (see docs/decisions.md, 2026-11-23), a young generation
 * of 16 MB (0083) and an old one grown by half its live size (0091).
 */
export const SERVER_COMMAND = [
  process.execPath,
  '--v8-pool-size=1',
  '--max-semi-space-size=16',
  '--heap-growing-percent=50',
  'apps/server/dist/main.js',
];

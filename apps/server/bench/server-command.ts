/**
 * The server as the root `npm start` runs it once `npm run build` is done
 * (keep the two in step): the built bundle on plain Node, with one V8
 * background thread (see docs/decisions.md, 2026-11-23), semi-spaces of 16 MB
 * for the main thread that leave the database thread its own limit (0083,
 * 0092) and an old generation grown by half its live size (0091).
 */
export const SERVER_COMMAND = [
  process.execPath,
  '--v8-pool-size=1',
  '--scavenger-max-new-space-capacity-mb=8',
  '--heap-growing-percent=50',
  'apps/server/dist/main.js',
];

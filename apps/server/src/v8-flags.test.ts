import { describe, expect, it } from 'vitest';
import { commandWithDatabaseFlags } from './v8-flags';

const started = {
  execPath: '/usr/bin/node',
  execArgv: ['--v8-pool-size=1', '--heap-growing-percent=50'],
  argv: ['/usr/bin/node', '/srv/notadoo/apps/server/dist/main.js', '--extra'],
  nodeOptions: undefined,
};

describe("V8's flags for the database", () => {
  it('starts the same command again with the flags of its database, before the script', () => {
    expect(commandWithDatabaseFlags(started, true)).toEqual([
      '/usr/bin/node',
      '--v8-pool-size=1',
      '--heap-growing-percent=50',
      '--scavenger-max-new-space-capacity-mb=16',
      '/srv/notadoo/apps/server/dist/main.js',
      '--extra',
    ]);
    expect(commandWithDatabaseFlags(started, false)).toEqual([
      '/usr/bin/node',
      '--v8-pool-size=1',
      '--heap-growing-percent=50',
      '--scavenger-max-new-space-capacity-mb=4',
      '--liftoff-only',
      '/srv/notadoo/apps/server/dist/main.js',
      '--extra',
    ]);
  });

  it('keeps a young generation given on the command line or in NODE_OPTIONS, so that the restarted process does not start again', () => {
    for (const usesPostgres of [true, false]) {
      const restarted = commandWithDatabaseFlags(started, usesPostgres)!;
      expect(commandWithDatabaseFlags({ ...started, execArgv: restarted.slice(1, -2) }, usesPostgres)).toBeUndefined();
    }
    expect(commandWithDatabaseFlags({ ...started, execArgv: ['--max-semi-space-size=2'] }, false)).toBeUndefined();
    expect(commandWithDatabaseFlags({ ...started, nodeOptions: '--inspect  --max-semi-space-size=2' }, false)).toBeUndefined();
  });

  it('does not mistake a flag that only starts the same way', () => {
    expect(commandWithDatabaseFlags({ ...started, execArgv: ['--max-semi-space-size-other=2'] }, false)).toBeDefined();
  });
});

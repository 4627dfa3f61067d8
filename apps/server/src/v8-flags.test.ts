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

  it('restarts the process only once: the restarted command has every flag of its database', () => {
    for (const usesPostgres of [true, false]) {
      const restarted = commandWithDatabaseFlags(started, usesPostgres)!;
      expect(commandWithDatabaseFlags({ ...started, execArgv: restarted.slice(1, -2) }, usesPostgres)).toBeUndefined();
    }
  });

  it("keeps the operator's choice of each flag and adds only those not given", () => {
    const semiSpace = { ...started, execArgv: ['--max-semi-space-size=2'] };
    expect(commandWithDatabaseFlags(semiSpace, true)).toBeUndefined();
    expect(commandWithDatabaseFlags(semiSpace, false)).toEqual([
      '/usr/bin/node',
      '--max-semi-space-size=2',
      '--liftoff-only',
      '/srv/notadoo/apps/server/dist/main.js',
      '--extra',
    ]);
    const inNodeOptions = { ...started, execArgv: [], nodeOptions: '--inspect  --min_semi_space_size=2 --no-liftoff-only' };
    expect(commandWithDatabaseFlags(inNodeOptions, false)).toBeUndefined();
    const liftoffOnly = { ...started, execArgv: ['--liftoff-only'] };
    expect(commandWithDatabaseFlags(liftoffOnly, false)).toEqual([
      '/usr/bin/node',
      '--liftoff-only',
      '--scavenger-max-new-space-capacity-mb=4',
      '/srv/notadoo/apps/server/dist/main.js',
      '--extra',
    ]);
  });

  it('does not mistake a flag that only starts the same way', () => {
    expect(commandWithDatabaseFlags({ ...started, execArgv: ['--max-semi-space-size-other=2'] }, false)).toBeDefined();
  });
});

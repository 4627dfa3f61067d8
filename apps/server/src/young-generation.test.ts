import { describe, expect, it } from 'vitest';
import { commandWithYoungGeneration, YOUNG_GENERATION_MB } from './young-generation';

const started = {
  execPath: '/usr/bin/node',
  execArgv: ['--v8-pool-size=1', '--heap-growing-percent=50'],
  argv: ['/usr/bin/node', '/srv/notadoo/apps/server/dist/main.js', '--extra'],
  nodeOptions: undefined,
};

describe('the young generation sized for the database', () => {
  it('starts the same command again with the flag of its database, before the script', () => {
    expect(commandWithYoungGeneration(started, true)).toEqual([
      '/usr/bin/node',
      '--v8-pool-size=1',
      '--heap-growing-percent=50',
      `--scavenger-max-new-space-capacity-mb=${YOUNG_GENERATION_MB.postgres}`,
      '/srv/notadoo/apps/server/dist/main.js',
      '--extra',
    ]);
    expect(commandWithYoungGeneration(started, false)).toContain(`--scavenger-max-new-space-capacity-mb=${YOUNG_GENERATION_MB.embedded}`);
  });

  it('gives PostgreSQL a larger one than the embedded database', () => {
    expect(YOUNG_GENERATION_MB.postgres).toBeGreaterThan(YOUNG_GENERATION_MB.embedded);
  });

  it('keeps a size given on the command line or in NODE_OPTIONS, so that the restarted process does not start again', () => {
    const restarted = commandWithYoungGeneration(started, true)!;
    expect(commandWithYoungGeneration({ ...started, execArgv: restarted.slice(1, -2) }, true)).toBeUndefined();
    expect(commandWithYoungGeneration({ ...started, execArgv: ['--max-semi-space-size=2'] }, false)).toBeUndefined();
    expect(commandWithYoungGeneration({ ...started, nodeOptions: '--inspect  --max-semi-space-size=2' }, false)).toBeUndefined();
  });

  it('does not mistake a flag that only starts the same way', () => {
    expect(commandWithYoungGeneration({ ...started, execArgv: ['--max-semi-space-size-other=2'] }, false)).toBeDefined();
  });
});

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./freed-memory-release.ts', import.meta.url));

/**
 * In a process of its own (resident memory is the whole process's): 100 MB of
 * 1 KiB blocks malloc'd one by one (Buffer.allocUnsafeSlow, outside Node's
 * pool), one in 64 kept, so that the freed ones are holes below live blocks,
 * which free() alone never gives back. Then one run of the release task.
 */
const CHILD = `
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freedMemoryRelease } from ${JSON.stringify(MODULE)};
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const task = await freedMemoryRelease(60_000);
const start = rssMb();
let blocks = Array.from({ length: 100_000 }, () => Buffer.allocUnsafeSlow(1024).fill(1));
const kept = blocks.filter((_, i) => i % 64 === 0);
blocks = undefined;
for (let i = 0; i < 5; i++) { globalThis.gc(); await sleep(20); }
const fragmented = rssMb();
task.start();
await task.stop();
const released = rssMb();
console.log(JSON.stringify({ start, fragmented, released, kept: kept.length }));
`;

describe('the release of memory malloc holds freed', () => {
  it.runIf(process.platform === 'linux')('gives back the pages freed below live blocks, which free() alone keeps', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', '--input-type=module', '-e', CHILD], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    const { start, fragmented, released } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
      start: number;
      fragmented: number;
      released: number;
    };
    // The holes are still resident after the collections (the test would prove nothing otherwise)...
    expect(fragmented - start).toBeGreaterThan(60);
    // ...and go back to the system with the task's run.
    expect(fragmented - released).toBeGreaterThan(50);
  });
});

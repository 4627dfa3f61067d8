import { MESSAGES } from '@notadoo/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { boundedConcurrency, createPasswordHasher, hashPassword } from './passwords';

describe('password work', () => {
  it('runs `concurrency` at a time, lets `queueLength` wait in order, and refuses the next at once with a French 503', async () => {
    const run = boundedConcurrency({ concurrency: 2, queueLength: 2 });
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const task = (i: number) => run(() => new Promise<number>((resolve) => void (started.push(i), finish.push(() => resolve(i)))));
    const tasks = [task(1), task(2), task(3), task(4)];
    const refused = await task(5).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVER_BUSY', message: MESSAGES.passwordChecksBusy, retryAfterSeconds: 1 });
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    finish[0]!();
    await tasks[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    finish[1]!();
    finish[2]!();
    await Promise.all(tasks.slice(1, 3));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3, 4]);
    finish[3]!();
    expect(await Promise.all(tasks)).toEqual([1, 2, 3, 4]);
    // Everything freed: two run at once again.
    const more = [task(6), task(7)];
    await Promise.resolve();
    expect(started.slice(-2)).toEqual([6, 7]);
    finish.slice(-2).forEach((f) => f());
    await Promise.all(more);
  });

  it('frees the slot of work that failed', async () => {
    const run = boundedConcurrency({ concurrency: 1, queueLength: 0 });
    await expect(run(() => Promise.reject(new Error('échec')))).rejects.toThrow('échec');
    expect(await run(async () => 'libre')).toBe('libre');
  });

  it('hashes and verifies through the queue', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, queueLength: 4 });
    const stored = await hasher.hash('Motdepasse1');
    expect(await hasher.verify(stored, 'Motdepasse1')).toBe(true);
    expect(await hasher.verify(await hashPassword('Autre123'), 'Motdepasse1')).toBe(false);
    expect(await hasher.verify('pas un hash', 'Motdepasse1')).toBe(false);
  });
});

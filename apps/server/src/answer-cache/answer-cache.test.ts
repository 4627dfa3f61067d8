import { describe, expect, it, vi } from 'vitest';
import { AnswerCache, type ChangeKey, type Readout } from './answer-cache';

// The answer cache alone (issue 11), without database nor feed: what it keeps,
// what a change drops, and which reads it refuses to keep because a change
// may have passed them by.

/** A load answering `value`, read from `keys`, that counts its calls. */
function loader<V>(value: V, ...keys: ChangeKey[]) {
  return vi.fn(async (): Promise<Readout<V>> => ({ value, readFrom: keys }));
}

/** A load held in flight until `finish()` is called, to change things meanwhile. */
function heldLoad<V>(value: V, ...keys: ChangeKey[]) {
  let finish!: () => void;
  const released = new Promise<void>((resolve) => (finish = resolve));
  const load = vi.fn(async (): Promise<Readout<V>> => {
    await released;
    return { value, readFrom: keys };
  });
  return { load, finish };
}

/** A cache whose feed is heard, with one area. */
function heardCache<V = string>(maxEntries = 100) {
  const cache = new AnswerCache();
  const area = cache.area<V>(maxEntries);
  cache.setHeard(true);
  return { cache, area };
}

describe('AnswerCache', () => {
  it('keeps an answer: the next get does not load it again', async () => {
    const { cache, area } = heardCache();
    const load = loader('Jeanne', 'u1');
    expect(await area.get('1', load)).toBe('Jeanne');
    expect(await area.get('1', loader('autre', 'u1'))).toBe('Jeanne');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(1);
  });

  it('keeps nothing until the feed is heard, nor once it is no longer', async () => {
    const cache = new AnswerCache();
    const area = cache.area<string>(100);
    const load = loader('Jeanne', 'u1');
    // Not heard yet (the initial state): every get loads.
    expect(await area.get('1', load)).toBe('Jeanne');
    expect(await area.get('1', load)).toBe('Jeanne');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);

    cache.setHeard(true);
    await area.get('1', load);
    expect(cache.size).toBe(1);

    // Feed lost: what was kept goes, and nothing new is kept.
    cache.setHeard(false);
    expect(cache.size).toBe(0);
    await area.get('1', load);
    await area.get('1', load);
    expect(load).toHaveBeenCalledTimes(5);
    expect(cache.size).toBe(0);
  });

  it('uses nothing kept once the feed has not been confirmed heard within its bound, until it is again', async () => {
    let now = 0;
    const cache = new AnswerCache(() => now);
    const area = cache.area<string>(100);
    cache.setHeard(true, 4000);
    const load = loader('Jeanne', 'u1');
    await area.get('1', load);
    now = 3000;
    // A marker came back: trusted 4 s from now.
    cache.stillHeard(4000);
    now = 6500;
    expect(await area.get('1', load)).toBe('Jeanne');
    expect(load).toHaveBeenCalledTimes(1);

    // Silent past the bound (a link that stopped forwarding): what was kept goes, nothing new is kept.
    now = 7001;
    await area.get('1', load);
    await area.get('1', load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);

    // A late marker: heard again, kept again.
    cache.stillHeard(4000);
    await area.get('1', load);
    await area.get('1', load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(1);
  });

  it('drops what was kept while the feed was silent past its bound, even if nothing was asked meanwhile', async () => {
    let now = 0;
    const cache = new AnswerCache(() => now);
    const area = cache.area<string>(100);
    cache.setHeard(true, 4000);
    await area.get('1', loader('ancien', 'u1'));
    now = 10_000;
    // The marker is back, but changes announced during the silence may have been missed.
    cache.stillHeard(4000);
    expect(cache.size).toBe(0);
    expect(await area.get('1', loader('frais', 'u1'))).toBe('frais');
  });

  it('does not keep a load that finishes after the bound passed', async () => {
    let now = 0;
    const cache = new AnswerCache(() => now);
    const area = cache.area<string>(100);
    cache.setHeard(true, 4000);
    const { load, finish } = heldLoad('lu pendant le silence', 'u1');
    const answer = area.get('1', load);
    now = 5000;
    finish();
    expect(await answer).toBe('lu pendant le silence');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for a load that answers undefined, and lets a failed load fail', async () => {
    const { cache, area } = heardCache();
    expect(await area.get('1', async () => undefined)).toBeUndefined();
    await expect(area.get('2', () => Promise.reject(new Error('base perdue')))).rejects.toThrow('base perdue');
    expect(cache.size).toBe(0);
    // The failed read is not left "in flight": a later one is kept as usual.
    await area.get('3', loader('c', 'u3'));
    expect(cache.size).toBe(1);
  });

  it('drops on a change exactly the answers read from the changed key', async () => {
    const { cache, area } = heardCache();
    const user1 = loader('user 1', 'u1');
    const project = loader('project 7', 'p7', 'u1', 'o3');
    const user2 = loader('user 2', 'u2', 'o3');
    await area.get('u1', user1);
    await area.get('p7', project);
    await area.get('u2', user2);

    cache.changed('u1');
    expect(cache.size).toBe(1);
    await area.get('u1', user1);
    await area.get('p7', project);
    await area.get('u2', user2);
    expect([user1, project, user2].map((load) => load.mock.calls.length)).toEqual([2, 2, 1]);

    // A key nothing was read from drops nothing.
    cache.changed('p99');
    expect(cache.size).toBe(3);
  });

  it('answers but does not keep a load during which one of its keys changed', async () => {
    const { cache, area } = heardCache();
    const { load, finish } = heldLoad('ancien nom', 'p7', 'u1');
    const answer = area.get('p7', load);
    // The change is announced while the old value is being read: its announcement has passed it by.
    cache.changed('p7');
    finish();
    expect(await answer).toBe('ancien nom');
    expect(cache.size).toBe(0);
    const next = loader('nouveau nom', 'p7', 'u1');
    expect(await area.get('p7', next)).toBe('nouveau nom');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('keeps a load during which only keys it does not depend on changed', async () => {
    const { cache, area } = heardCache();
    const { load, finish } = heldLoad('project 7', 'p7', 'u1');
    const answer = area.get('p7', load);
    cache.changed('p8');
    cache.changed('u2');
    finish();
    expect(await answer).toBe('project 7');
    expect(cache.size).toBe(1);
  });

  it('does not keep a load that started before a change heard while another read was in flight', async () => {
    // The change is remembered for as long as any read is in flight, not only the first one.
    const { cache, area } = heardCache();
    const first = heldLoad('a', 'u1');
    const second = heldLoad('b', 'u2');
    const answerA = area.get('a', first.load);
    const answerB = area.get('b', second.load);
    cache.changed('u2');
    // a finishes first; b, read from u2, must still be found stale when it finishes.
    first.finish();
    expect(await answerA).toBe('a');
    second.finish();
    expect(await answerB).toBe('b');
    expect(cache.size).toBe(1);
    expect(await area.get('a', loader('autre', 'u1'))).toBe('a');
  });

  it.for([
    ['flush', (cache: AnswerCache) => cache.flush()],
    ['the feed heard again', (cache: AnswerCache) => cache.setHeard(true)],
    ['the feed lost and heard again', (cache: AnswerCache) => (cache.setHeard(false), cache.setHeard(true))],
    ['a change of everything', (cache: AnswerCache) => cache.changed('*')],
  ] as const)('does not keep a load in flight across %s', async ([, interrupt]) => {
    const { cache, area } = heardCache();
    const { load, finish } = heldLoad('peut-être périmé', 'u1');
    const answer = area.get('1', load);
    interrupt(cache);
    finish();
    expect(await answer).toBe('peut-être périmé');
    expect(cache.size).toBe(0);
    // A read started afterwards is kept again.
    await area.get('1', loader('frais', 'u1'));
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used answer past maxEntries, a hit counting as a use', async () => {
    const { cache, area } = heardCache(2);
    const a = loader('a', 'ka');
    const b = loader('b', 'kb');
    const c = loader('c', 'kc');
    await area.get('a', a);
    await area.get('b', b);
    // A hit on a: b is now the least recently used.
    await area.get('a', a);
    await area.get('c', c);
    expect(cache.size).toBe(2);
    await area.get('a', a);
    await area.get('c', c);
    expect([a, c].map((load) => load.mock.calls.length)).toEqual([1, 1]);
    await area.get('b', b);
    expect(b).toHaveBeenCalledTimes(2);
    // b's return pushed out a, the least recently used by then.
    await area.get('c', c);
    await area.get('a', a);
    expect([a, c].map((load) => load.mock.calls.length)).toEqual([2, 1]);
  });

  it('counts maxEntries per area', async () => {
    const cache = new AnswerCache();
    const small = cache.area<string>(1);
    const large = cache.area<string>(10);
    cache.setHeard(true);
    await small.get('1', loader('s1', 'u1'));
    await small.get('2', loader('s2', 'u2'));
    for (const key of ['1', '2', '3']) await large.get(key, loader(`l${key}`, `u${key}`));
    expect(cache.size).toBe(4);
  });

  it('flushes every area on a change of everything', async () => {
    const cache = new AnswerCache();
    const users = cache.area<string>(10);
    const projects = cache.area<string>(10);
    cache.setHeard(true);
    await users.get('1', loader('u', 'u1'));
    await projects.get('7', loader('p', 'p7'));
    expect(cache.size).toBe(2);
    cache.changed('*');
    expect(cache.size).toBe(0);
    const again = loader('p', 'p7');
    await projects.get('7', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('hands out kept values deeply frozen: a request cannot change what the next one gets', async () => {
    // Test files are ES modules, hence strict: writing to a frozen object throws.
    const { area } = heardCache<{ name: string; office: { city: string }; roles: string[] }>();
    const value = { name: 'Jeanne', office: { city: 'Paris' }, roles: ['ROLE_USER'] };
    const kept = (await area.get('1', loader(value, 'u1')))!;
    const hit = (await area.get('1', loader({ name: 'x', office: { city: 'x' }, roles: [] }, 'u1')))!;
    expect(hit).toBe(kept);
    expect(() => {
      hit.name = 'Autre';
    }).toThrow(TypeError);
    expect(() => {
      hit.office.city = 'Lyon';
    }).toThrow(TypeError);
    expect(() => hit.roles.push('ROLE_ADMIN')).toThrow(TypeError);
    expect(await area.get('1', loader(value, 'u1'))).toEqual({ name: 'Jeanne', office: { city: 'Paris' }, roles: ['ROLE_USER'] });
  });
});

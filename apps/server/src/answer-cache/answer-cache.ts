/**
 * Answers kept in memory between requests (issue 11): the signed-in user
 * read on every request, dashboard pages and project pages. Each is kept
 * with the keys of the change feed it was read from (see the migration
 * 0110_change_feed.sql for what they mean) and dropped as soon as the feed
 * announces a change to one of them, whichever process made it.
 *
 * Nothing is kept while the feed is not heard (not yet listening, or its
 * connection lost), nor used once it has gone silent longer than the bound
 * its watchdog gives (a link that stopped forwarding without breaking): the
 * answers are then read every time. A read that
 * started before a change it depends on was heard is not kept either: it
 * may hold the old value, and the change's announcement has already passed.
 */

/** A key of the change feed: `u12`, `m12`, `o3`, `s3`, `p45`. */
export type ChangeKey = string;

/** A value to keep, with what it was read from. */
export interface Readout<V> {
  value: V;
  readFrom: readonly ChangeKey[];
}

interface Entry {
  area: CacheArea<unknown>;
  key: string;
  value: unknown;
  readFrom: readonly ChangeKey[];
}

/** Past this many keys changed while reads were in flight, every read in flight is dropped rather than tracked. */
const MAX_TRACKED_CHANGES = 10_000;

export class AnswerCache {
  /** Counts the changes heard; a read remembers the count it started at. */
  private epoch = 0;
  /** Reads that started before this count may be stale whatever they depend on (flush, feed lost or regained). */
  private validSince = 0;
  private heard = false;
  /** Until when the feed is known to be heard (its own marker came back): past it, nothing kept is used. */
  private heardUntil = 0;
  /** The count at which each key last changed, kept while reads are in flight. */
  private readonly changedAt = new Map<ChangeKey, number>();
  private readsInFlight = 0;
  private readonly entriesByKey = new Map<ChangeKey, Set<Entry>>();
  private readonly areas: Array<CacheArea<unknown>> = [];

  /** `now`: a monotonic clock in milliseconds, replaceable in tests. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** An area of kept answers of one kind, at most `maxEntries` of them (the least recently used go first). */
  area<V>(maxEntries: number): CacheArea<V> {
    const area = new CacheArea<V>(this, maxEntries);
    this.areas.push(area as CacheArea<unknown>);
    return area;
  }

  /**
   * The change feed is heard from now on (or no longer): answers may be kept
   * (or not), for `forMs` unless confirmed meanwhile (`stillHeard`). Either
   * way nothing kept so far is trusted.
   */
  setHeard(heard: boolean, forMs = Infinity): void {
    this.heard = heard;
    this.heardUntil = heard ? this.now() + forMs : 0;
    this.flush();
  }

  /** The feed proved heard just now (a marker of its own came back through it): kept answers may be used `forMs` longer. */
  stillHeard(forMs: number): void {
    if (!this.heard) return;
    // Silent for longer than its bound before this: whatever was kept then is not trusted.
    if (!this.isHeard()) this.flush();
    this.heardUntil = Math.max(this.heardUntil, this.now() + forMs);
  }

  /** Whether answers may be kept and used now; past the bound, what was kept goes (once). */
  isHeard(): boolean {
    if (!this.heard) return false;
    if (this.now() <= this.heardUntil) return true;
    if (this.size > 0) this.flush();
    return false;
  }

  /** The feed announced a change of `key` (`*`: of anything). */
  changed(key: ChangeKey): void {
    if (key === '*') {
      this.flush();
      return;
    }
    this.epoch += 1;
    if (this.readsInFlight > 0) {
      if (this.changedAt.size >= MAX_TRACKED_CHANGES) this.forgetReadsInFlight();
      else this.changedAt.set(key, this.epoch);
    }
    const entries = this.entriesByKey.get(key);
    if (entries) for (const entry of [...entries]) this.remove(entry);
  }

  /** Drops everything kept, and every read in flight. */
  flush(): void {
    for (const area of this.areas) area.entries.clear();
    this.entriesByKey.clear();
    this.forgetReadsInFlight();
  }

  /** How many answers are kept, for tests and benchmarks. */
  get size(): number {
    return this.areas.reduce((sum, area) => sum + area.entries.size, 0);
  }

  private forgetReadsInFlight(): void {
    this.epoch += 1;
    this.validSince = this.epoch;
    this.changedAt.clear();
  }

  /** @internal */ async read<V>(area: CacheArea<V>, key: string, load: () => Promise<Readout<V> | undefined>): Promise<V | undefined> {
    const startedAt = this.epoch;
    this.readsInFlight += 1;
    let readout: Readout<V> | undefined;
    try {
      readout = await load();
    } finally {
      this.readsInFlight -= 1;
    }
    if (readout && this.isHeard() && startedAt >= this.validSince && !readout.readFrom.some((k) => (this.changedAt.get(k) ?? 0) > startedAt)) {
      this.store(area as CacheArea<unknown>, key, readout);
    }
    if (this.readsInFlight === 0) this.changedAt.clear();
    return readout?.value;
  }

  private store(area: CacheArea<unknown>, key: string, readout: Readout<unknown>): void {
    const previous = area.entries.get(key);
    if (previous) this.remove(previous);
    const entry: Entry = { area, key, value: readout.value, readFrom: [...new Set(readout.readFrom)] };
    area.entries.set(key, entry);
    for (const changeKey of entry.readFrom) {
      let entries = this.entriesByKey.get(changeKey);
      if (!entries) this.entriesByKey.set(changeKey, (entries = new Set()));
      entries.add(entry);
    }
    if (area.entries.size > area.maxEntries) this.remove(area.entries.values().next().value as Entry);
  }

  /** @internal */ drop(area: CacheArea<unknown>, key: string): void {
    const entry = area.entries.get(key);
    if (entry) this.remove(entry);
  }

  private remove(entry: Entry): void {
    if (entry.area.entries.get(entry.key) === entry) entry.area.entries.delete(entry.key);
    for (const changeKey of entry.readFrom) {
      const entries = this.entriesByKey.get(changeKey);
      if (!entries) continue;
      entries.delete(entry);
      if (entries.size === 0) this.entriesByKey.delete(changeKey);
    }
  }
}

export class CacheArea<V> {
  /** @internal In least recently used first order. */
  readonly entries = new Map<string, Entry>();

  constructor(
    private readonly cache: AnswerCache,
    /** @internal */ readonly maxEntries: number,
  ) {}

  /**
   * The answer kept under `key`, or `load`'s, kept if it may be. Kept values
   * are frozen: they are shared by every request that gets them.
   */
  async get(key: string, load: () => Promise<Readout<V> | undefined>): Promise<V | undefined> {
    const entry = this.cache.isHeard() ? this.entries.get(key) : undefined;
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as V;
    }
    return this.cache.read(this, key, async () => {
      const readout = await load();
      return readout && { value: deepFreeze(readout.value), readFrom: readout.readFrom };
    });
  }

  /** The answer kept under `key`, if any, without reading anything. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value as V | undefined;
  }

  /** Drops the answer kept under `key` (one that expired by its own rule). */
  drop(key: string): void {
    this.cache.drop(this as CacheArea<unknown>, key);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

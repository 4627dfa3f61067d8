/**
 * Fixed-window counters in memory. Each server process counts on its own, so
 * behind N processes the effective limit is up to N times higher
 * (docs/decisions.md): enough to stop a scripted guess, no shared state needed.
 *
 * The map is bounded (issue 9): a Map keeps insertion order, so touching a key
 * moves it to the end and, when full, the least recently used key (the first)
 * is dropped. Every operation is constant-time; nothing scans the map.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** About 100 bytes a key: 100,000 keys stay under ~20 MB whatever the traffic. */
export const DEFAULT_MAX_KEYS = 100_000;

interface Window {
  count: number;
  resetAt: number;
}

export function createRateLimiter(now: () => number = () => Date.now(), maxKeys = DEFAULT_MAX_KEYS) {
  const windows = new Map<string, Window>();

  /** The live window of `key`, moved to the most recently used end; expired ones are dropped. */
  function touch(key: string, t: number): Window | undefined {
    const current = windows.get(key);
    if (!current) return undefined;
    windows.delete(key);
    if (current.resetAt <= t) return undefined;
    windows.set(key, current);
    return current;
  }

  function start(key: string, t: number, limit: RateLimit): Window {
    if (windows.size >= maxKeys) {
      const oldest = windows.keys().next();
      if (!oldest.done) windows.delete(oldest.value);
    }
    const fresh = { count: 0, resetAt: t + limit.windowMs };
    windows.set(key, fresh);
    return fresh;
  }

  return {
    /** Counts one hit on `key`; false once the key went over its limit in the current window. */
    hit(key: string, limit: RateLimit): boolean {
      const t = now();
      const window = touch(key, t) ?? start(key, t, limit);
      window.count += 1;
      return window.count <= limit.max;
    },
    /** Hits counted on `key` in its current window, without counting one. */
    count(key: string): number {
      return touch(key, now())?.count ?? 0;
    },
    /** Forgets `key` (e.g. the failures of an address once it signed in). */
    reset(key: string): void {
      windows.delete(key);
    },
    /** Keys held, for tests and monitoring. */
    get size(): number {
      return windows.size;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

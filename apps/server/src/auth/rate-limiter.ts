/**
 * Fixed-window counters in memory. Each server process counts on its own, so
 * behind N processes the effective limit is up to N times higher
 * (docs/decisions.md): enough to stop a scripted guess, no shared state needed.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export function createRateLimiter(now: () => number = () => Date.now()) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one hit on `key`; false once the key went over its limit in the current window. */
    hit(key: string, limit: RateLimit): boolean {
      const t = now();
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + limit.windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= limit.max;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

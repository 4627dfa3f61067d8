import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { AnswerCache } from './answer-cache';

/** The channel the triggers of migration 0110 announce changes on. */
export const CHANGE_CHANNEL = 'notadoo_changes';

export interface ChangeFeedSettings {
  /** How often the connection is checked by sending a marker through it. */
  heartbeatMs: number;
  /** How long a marker may take to come back before the connection is held for lost. */
  markerTimeoutMs: number;
  /** The first wait before listening again after a loss, doubled up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
}

/**
 * A marker every 2 s, lost after 2 s: a feed gone silent (a link that stops
 * forwarding without breaking) is noticed, and what was kept no longer used,
 * within 4 s (see `trustMs` and docs/decisions.md, 2026-11-24).
 */
export const DEFAULT_CHANGE_FEED_SETTINGS: ChangeFeedSettings = { heartbeatMs: 2_000, markerTimeoutMs: 2_000, retryMs: 1_000, maxRetryMs: 30_000 };

/**
 * How long a feed may stay without one of its own markers coming back
 * before its kept answers go unused: the next heartbeat's marker is due by then.
 */
export function trustMs(settings: ChangeFeedSettings): number {
  return settings.heartbeatMs + settings.markerTimeoutMs;
}

export interface ChangeFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once every change committed before the call has been heard by
   * this process: a write request waits for it before answering, so that its
   * own change is never hidden from the next request by a kept answer.
   */
  caughtUp(): Promise<void>;
}

/**
 * Hears the change feed of migration 0110 and hands each key to the answer
 * cache. On PostgreSQL the notifications come on a connection of their own,
 * after the commit, so a write request waits for a marker of its own to come
 * back through the feed before answering (notifications arrive in commit
 * order: once the marker is back, so are the write's). A lost connection
 * stops the caching until the feed is heard again; a silent one is found by
 * the heartbeat's marker, and meanwhile the cache uses nothing kept once no
 * marker of this process has come back for `trustMs`. PGlite hands a commit's notifications over before
 * the commit's own answer: nothing to wait for.
 */
export function createChangeFeed(options: { database: Database; cache: AnswerCache; log: FastifyBaseLogger; settings?: ChangeFeedSettings }): ChangeFeed {
  const { database, cache, log } = options;
  const settings = options.settings ?? DEFAULT_CHANGE_FEED_SETTINGS;
  const markerPrefix = `#${randomUUID()}:`;
  const waiting = new Map<string, () => void>();
  let markers = 0;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = true;
  let retryIn = settings.retryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const trust = database.kind === 'postgres' ? trustMs(settings) : Infinity;

  const heard = (payload: string) => {
    if (payload.startsWith('#')) {
      // Our own marker back (even late): the feed is heard up to now.
      if (payload.startsWith(markerPrefix)) cache.stillHeard(trust);
      waiting.get(payload)?.();
      return;
    }
    cache.changed(payload);
  };

  const lost = (error: Error) => {
    if (stopped) return;
    log.warn(`Fil des changements perdu (${error.message}) : les réponses ne sont plus gardées en mémoire jusqu'à son retour.`);
    unlisten = undefined;
    cache.setHeard(false);
    for (const release of waiting.values()) release();
    waiting.clear();
    scheduleListen();
  };

  const scheduleListen = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryIn);
    retryTimer.unref();
    retryIn = Math.min(retryIn * 2, settings.maxRetryMs);
  };

  const listen = async () => {
    try {
      const stop = await database.listen(CHANGE_CHANNEL, heard, lost);
      if (stopped) {
        await stop();
        return;
      }
      unlisten = stop;
      retryIn = settings.retryMs;
      cache.setHeard(true, trust);
    } catch (error) {
      log.warn(`Écoute du fil des changements impossible (${(error as Error).message}) : nouvel essai.`);
      scheduleListen();
    }
  };

  /** Sends a marker through the feed; false if it did not come back in time. */
  const sendMarker = async (): Promise<boolean> => {
    const marker = `${markerPrefix}${(markers += 1)}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      waiting.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), settings.markerTimeoutMs);
      // Not awaited: on a silent link the query only fails at its own timeout, later than the marker's.
      database.db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${marker})`).catch(() => resolve(false));
    });
    try {
      return await back;
    } finally {
      clearTimeout(timer);
      waiting.delete(marker);
    }
  };

  /** A marker that did not come back: the connection is held for lost (and listened to again). */
  const checkConnection = async () => {
    const stop = unlisten;
    // Not listening, the marker back, or the connection already lost and replaced meanwhile: nothing to do.
    if (!stop || (await sendMarker()) || unlisten !== stop) return;
    lost(new Error(`aucune nouvelle en ${settings.markerTimeoutMs} ms`));
    await stop();
  };

  return {
    async start() {
      stopped = false;
      await listen();
      if (database.kind === 'postgres') {
        heartbeat = setInterval(() => void checkConnection(), settings.heartbeatMs);
        heartbeat.unref();
      }
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      retryTimer = undefined;
      cache.setHeard(false);
      await unlisten?.();
      unlisten = undefined;
    },
    async caughtUp() {
      if (database.kind === 'postgres') await checkConnection();
    },
  };
}

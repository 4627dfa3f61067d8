import type { Project } from '@notadoo/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { DashboardPage } from '../modules/projects/project-service';
import type { UserWithOffice } from '../modules/users/user-data';
import { AnswerCache, type CacheArea } from './answer-cache';
import { createChangeFeed, type ChangeFeed, type ChangeFeedSettings } from './change-feed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes (it records what it generated): answered once its change is heard, as other methods are. */
    writes?: boolean;
  }
  interface FastifyInstance {
    /** Issue 11: the answers kept in memory and the change feed that drops them. */
    keptAnswers: KeptAnswers;
  }
}

/** The answers each process keeps (issue 11), by kind. */
export interface KeptAnswers {
  /** The signed-in user of every request, by user id. */
  users: CacheArea<UserWithOffice>;
  /** First and next pages of a dashboard without filter, by user, size and cursor. */
  dashboards: CacheArea<DashboardPage>;
  /** Project pages, by user and project. */
  projects: CacheArea<Project>;
  /**
   * Issue 9: accounts whose sign-in is locked, by e-mail, until when (ms
   * since the epoch): a flood on a locked account is refused without a
   * database round trip. Dropped when the account's row changes (a password
   * reset), whichever process made the change.
   */
  signInLocks: CacheArea<{ until: number }>;
  feed: ChangeFeed;
}

/**
 * At most this many of each, the least recently used dropped first: a user
 * is about 1 KB, a dashboard page of 24 projects some 30 KB, a project page
 * 10 to 60 KB (its questionnaires' answers), so some 60 MB at worst.
 */
const MAX_USERS = 10_000;
const MAX_DASHBOARDS = 1_000;
const MAX_PROJECTS = 500;
const MAX_SIGN_IN_LOCKS = 10_000;

export function keepAnswers(app: FastifyInstance, database: Database, settings?: ChangeFeedSettings): KeptAnswers {
  const cache = new AnswerCache();
  const feed = createChangeFeed({ database, cache, log: app.log, settings });
  app.addHook('onReady', async () => feed.start());
  app.addHook('onClose', async () => feed.stop());
  // A write is answered once this process has heard its changes: the next request, here, sees them.
  app.addHook('onSend', async (request, _reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config.writes) await feed.caughtUp();
    return payload;
  });
  const answers: KeptAnswers = {
    users: cache.area(MAX_USERS),
    dashboards: cache.area(MAX_DASHBOARDS),
    projects: cache.area(MAX_PROJECTS),
    signInLocks: cache.area(MAX_SIGN_IN_LOCKS),
    feed,
  };
  app.decorate('keptAnswers', answers);
  return answers;
}

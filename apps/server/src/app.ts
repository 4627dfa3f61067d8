import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorBody, isClientRoute, MESSAGES } from '@notadoo/domain';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/authenticate';
import { strongerPasswordGate } from './auth/password-gate';
import { secondFactorCodeGate, secondFactorSetupGate } from './auth/second-factor-gate';
import { registerSessionGates } from './auth/session-gates';
import { createPasswordHasher } from './auth/passwords';
import { createRateLimiter } from './auth/rate-limiter';
import { createTokenService } from './auth/session-tokens';
import type { Config, TrustProxy } from './config';
import { DEFAULT_RATE_LIMITS, type AppContext, type RateLimits } from './context';
import type { Database } from './db/database';
import { API_DOCS_UI_PREFIX, markApiDocsUiPublic, registerApiDocsUi, transformRouteSchema, wantsPage } from './http/api-docs';
import { registerAnswerCheck } from './http/answer-check';
import { describeCommonRefusals, plainJsonSerializer } from './http/answers';
import { registerErrorHandling } from './http/error-handler';
import {
  answerClientError,
  answerFrameworkError,
  MAX_HEADER_SIZE,
  registerNoStore,
  registerStorableTextGuard,
  registerUrlLengthLimit,
} from './http/http-guards';
import { sweepTemporaryUploads } from './files/upload';
import { createFileStorage } from './files/storage/create-storage';
import type { FileStorage } from './files/storage/file-storage';
import { storedImageRoutes } from './files/stored-image-routes';
import { passwordFormPosts } from './http/password-form-posts';
import { recordRoutes } from './http/route-table';
import { redactingLoggerOptions } from './http/log-redaction';
import { registerSecurityHeaders } from './http/security-headers';
import type { Mailer } from './mail/mailer';
import { createOutboxWorker, type OutboxWorker } from './mail/outbox-worker';
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox-routes';
import { accountRoutes } from './modules/accounts/account-routes';
import { officeRoutes } from './modules/offices/office-routes';
import { projectRoutes } from './modules/projects/project-routes';
import { questionnaireRoutes } from './modules/questionnaires/questionnaire-routes';
import { downloadRoutes } from './modules/downloads/download-routes';
import { participantRoutes } from './modules/participants/participant-routes';
import { documentRoutes } from './modules/documents/document-routes';
import { pieceRoutes } from './modules/pieces/piece-routes';
import { messageRoutes } from './modules/messages/message-routes';
import { createMessageMailTask, type MessageMailTask } from './modules/messages/message-mail-service';
import { createReminderTask, type ReminderTask } from './modules/pieces/piece-reminder-service';
import { createAnswerChangeSummaryTask, type AnswerChangeSummaryTask } from './modules/answer-changes/answer-change-summaries';
import { answerChangeRoutes } from './modules/answer-changes/answer-changes-routes';
import { personalDataRoutes } from './modules/personal-data/personal-data-routes';
import { createDataExportTask, type DataExportTask } from './modules/personal-data/export-service';
import { createPurgeTask, type PurgeTask } from './modules/personal-data/purge-service';
import { transferRoutes } from './modules/transfers/transfer-routes';
import { historyRoutes } from './modules/history/history-routes';
import { registerRequestOrigin } from './modules/history/request-origin';
import { userRoutes } from './modules/users/user-routes';
import { createSecondFactorKeys } from './modules/second-factor/second-factor-crypto';
import { secondFactorRoutes } from './modules/second-factor/second-factor-routes';
import { passkeyRoutes } from './modules/passkeys/passkey-routes';
import { createTrustedDevices } from './modules/second-factor/trusted-device';
// Issue 10: administration, billing, contact, site information and maintenance, avatars.
import { adminRoutes } from './modules/admin/admin-routes';
import { billingRoutes } from './modules/admin/billing-routes';
import { contactRoutes } from './modules/contact/contact-routes';
import { registerMaintenanceMode, siteRoutes } from './modules/site/site-routes';

/** API answers from this size on are compressed (brotli at a fast level, or gzip); the web app's files are compressed at build time. */
const COMPRESSION = { threshold: 1024, brotliQuality: 1, brotliWindowBits: 16 } as const;

const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox worker of this application (started when ready, stopped on close). */
    mailOutbox: OutboxWorker;
    /** Issue 22: the daily pass of piece reminders; `start-server.ts` starts it once listening, close stops it. */
    pieceReminders: ReminderTask;
    /** Issue 28: the pass sending the batched "messages waiting" mails. */
    messageMails: MessageMailTask;
    /** The summary mails of the office's changes to clients' answers; `start-server.ts` starts it once listening, close stops it. */
    answerChangeSummaries: AnswerChangeSummaryTask;
    /** Issue 26: builds the copies of people's data; `start-server.ts` starts it once listening, close stops it. */
    dataExports: DataExportTask;
    /** Issue 26: warns of, then purges, abandoned files; `start-server.ts` starts it once listening, close stops it. */
    filePurge: PurgeTask;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimits>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Issue 11: where files are stored; default: what the configuration names (S3 bucket or DATA_DIR). */
  storage?: FileStorage;
  /** Tests: every answer is checked against its route's description and a mismatch answers 500 (decision 0086). */
  checkAnswers?: boolean;
}

/** Builds the whole HTTP application; `start-server.ts` listens with it, tests call `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Download tokens travel in the URL path (get_pdf, get_file) and are longer than Fastify's 100-character default.
  const app = Fastify({
    logger: redactingLoggerOptions(options.logger),
    // One access line per request, written when it ends (below), where Fastify writes two by default.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 1024 },
    // Hardening (issue 9): the HTTP layer's own refusals in French, stated limits.
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // The answers' schemas describe them (the OpenAPI document, the tests' check) but are not run per request (decision 0086).
  app.setSerializerCompiler(plainJsonSerializer);

  // The arrival line said nothing the end's does not (its method and URL): half the log writes on every request's path.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  const now = options.now ?? (() => new Date());
  const outbox = createOutboxWorker({ db: options.database.db, mailer: options.mailer, settings: config.mailOutbox, log: app.log });
  app.decorate('mailOutbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  app.addHook('onReady', async () => ctx.limiter.startPurging());
  app.addHook('onClose', async () => ctx.limiter.stopPurging());
  const ctx: AppContext = {
    config,
    db: options.database.db,
    mailer: options.mailer,
    outbox,
    tokens: createTokenService(config.jwtSecret, () => now().getTime()),
    // Counted in the database, shared by every process (issue 11); windows on the database's clock unless a test clock is given.
    limiter: createRateLimiter({ db: options.database.db, secret: config.jwtSecret, now: options.now, log: app.log }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    log: app.log,
    now,
    passwords: createPasswordHasher(config.passwordHashing),
    storage: options.storage ?? (await createFileStorage(config)),
    secondFactor: {
      keys: createSecondFactorKeys(config.secondFactorKey),
      devices: createTrustedDevices(config.secondFactorKey, config.publicUrl.startsWith('https:')),
    },
  };

  const reminders = createReminderTask(ctx);
  app.decorate('pieceReminders', reminders);
  app.addHook('onClose', async () => reminders.stop());
  // Issue 28: the "messages waiting" mails, batched by the minute; `start-server.ts` starts it once listening.
  const messageMails = createMessageMailTask(ctx);
  app.decorate('messageMails', messageMails);
  app.addHook('onClose', async () => messageMails.stop());
  const summaries = createAnswerChangeSummaryTask(ctx);
  app.decorate('answerChangeSummaries', summaries);
  app.addHook('onClose', async () => summaries.stop());
  const dataExports = createDataExportTask(ctx);
  app.decorate('dataExports', dataExports);
  app.addHook('onClose', async () => dataExports.stop());
  const filePurge = createPurgeTask(ctx);
  app.decorate('filePurge', filePurge);
  app.addHook('onClose', async () => filePurge.stop());

  // External plugins first, then the app's own, then routes.
  registerSecurityHeaders(app, config);
  // Before compression's hook: the check reads the JSON as serialized.
  if (options.checkAnswers) registerAnswerCheck(app);
  // Issue 26: the history's entries say from which address and browser a change came.
  registerRequestOrigin(app);
  // API answers are compressed on the fly (brotli at a fast level: a JSON list
  // is sent once); the web app's files are compressed once, at build time.
  // Answers up to 64 KiB (a dashboard page is about 30 KiB) are compressed in
  // one call rather than through a zlib stream, whose set-up costs more than
  // the compression itself at that size (the plugin's default on 2 cores is 8 KiB).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION.threshold,
    syncThreshold: 64 * 1024,
    // Brotli's fastest level and a 64 KiB window (answers are smaller): a 4.3 KiB project page costs 19 µs instead
    // of 62 µs at level 4 with a 256 KiB window, for 1,321 bytes instead of 1,164. That work is on the path of
    // nearly every request, on a server whose CPU is what runs out first (docs/performance.md).
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality, [zlib.BROTLI_PARAM_LGWIN]: COMPRESSION.brotliWindowBits },
    },
  });
  await app.register(formbody);
  // Each upload route checks its own type and size limit while streaming; these are outer bounds.
  // preservePath: a name holding a path reaches the upload check, which refuses it, instead of being silently cut.
  await app.register(multipart, { preservePath: true, limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'API Notadoo', description: 'API de la plateforme de dossiers notariaux', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: transformRouteSchema,
  });

  registerErrorHandling(app);
  registerMaintenanceMode(app, ctx);
  registerUrlLengthLimit(app);
  markApiDocsUiPublic(app);
  describeCommonRefusals(app);
  recordRoutes(app);
  await registerApiDocsUi(app);
  await app.register(
    async (api) => {
      // Deny by default inside /api; static files (office images, the web app) are public.
      registerAuthentication(api, { db: ctx.db, tokens: ctx.tokens });
      // In this order: the code owed at sign-in, then a stronger password, then the second factor's setup.
      registerSessionGates(api, [secondFactorCodeGate, strongerPasswordGate, secondFactorSetupGate]);
      registerStorableTextGuard(api);
      registerNoStore(api);
      await api.register(accountRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(secondFactorRoutes(ctx));
      await api.register(passkeyRoutes(ctx));
      await api.register(officeRoutes(ctx));
      await api.register(projectRoutes(ctx));
      await api.register(questionnaireRoutes(ctx));
      await api.register(answerChangeRoutes(ctx));
      await api.register(downloadRoutes(ctx));
      await api.register(participantRoutes(ctx));
      await api.register(documentRoutes(ctx));
      await api.register(pieceRoutes(ctx));
      await api.register(messageRoutes(ctx));
      await api.register(personalDataRoutes(ctx, () => dataExports.wake()));
      await api.register(mailOutboxRoutes(ctx));
      await api.register(transferRoutes(ctx));
      await api.register(historyRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(contactRoutes(ctx));
      await api.register(siteRoutes(ctx));
      api.get('/docs', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
        wantsPage(request) ? reply.redirect(`${API_DOCS_UI_PREFIX}/`) : app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: path.join(ASSETS_DIR, 'offices'),
    prefix: '/uploads/offices/',
    decorateReply: false,
  });
  // Uploads a crash interrupted. An embedded database means this process owns DATA_DIR; on PostgreSQL a
  // sibling process may share it, so only leftovers untouched for an hour go.
  await sweepTemporaryUploads(config.dataDir, { olderThanMs: options.database.kind === 'pglite' ? 0 : 60 * 60_000 });
  // Covers and avatars, from the storage (issue 11).
  await app.register(storedImageRoutes(ctx));
  await app.register(passwordFormPosts);
  await serveWebApp(app, config);
  return app;
}

/** A hop count as a function (what Fastify does with a number, which its types omit). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Hashed build files never change under their name: browsers keep them a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app is served at `/` with a history fallback to index.html:
 * 200 for the client routes (`CLIENT_ROUTES` of the domain), 404 for any other
 * page address; anything else unknown (API, uploads) answers a JSON 404. Files are
 * sent in their brotli or gzip version written at build time when the browser
 * accepts it; index.html is checked on every visit so a new release is seen.
 */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDistDir ?? path.resolve(ASSETS_DIR, '../../web/dist');
  const hasWebApp = existsSync(path.join(dist, 'index.html'));
  const assetsDir = path.join(dist, 'assets') + path.sep;
  const prerendered = prerenderedPages(dist);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      // `/` is a page like the others: answered below, prerendered or not.
      index: false,
      preCompressed: true,
      // Ours instead of its `public, max-age=0`.
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (!hasWebApp || !isPage) return reply.status(404).send(errorBody('ROUTE_NOT_FOUND', MESSAGES.routeNotFound));
    const pathname = request.url.split('?')[0]!;
    // An address the app has no screen for still gets the app, which shows its not-found page, but with a 404
    // (search engines and link checkers read the status). The list is the one the web router is built from.
    if (!isClientRoute(pathname)) void reply.status(404);
    // A prerendered page shows what a visitor without a session sees: someone signed in gets the plain app.
    const page = hasSessionCookie(request.headers.cookie) ? undefined : prerendered.get(pathname);
    // The page is checked again on every visit (a new release is seen at once); static's own max-age=0 is left out.
    void reply.header('Vary', 'Cookie').header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile(page ?? 'index.html', { cacheControl: false });
  });
}

/**
 * The pages the web build wrote as complete HTML (apps/web/build/prerender-pages.ts),
 * by address: `prerendered/index.html` is `/`, `prerendered/login.html` is `/login`.
 */
function prerenderedPages(dist: string): Map<string, string> {
  const folder = path.join(dist, 'prerendered');
  if (!existsSync(folder)) return new Map();
  const pages = readdirSync(folder).filter((file) => file.endsWith('.html'));
  return new Map(pages.map((file) => [file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, `prerendered/${file}`]));
}

/** The web app keeps its session in the `authToken` cookie (apps/web/src/lib/auth-token.ts). */
function hasSessionCookie(cookies: string | undefined): boolean {
  return /(?:^|;\s*)authToken=[^;]/.test(cookies ?? '');
}

import { errorBodySchema, PROJECT_FILE_FORMATS } from '@notadoo/domain';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * How a route describes its answers in `schema.response` (decision 0086):
 * a zod schema for a JSON body, or one of the objects built here for an
 * answer with headers, a file or no body. Fastify hands them to the
 * serializer compiler, which ignores them (plain `JSON.stringify`, no work per
 * request); the OpenAPI transform (`api-docs.ts`) turns them into the
 * document; the test app's check (`answer-check.ts`) holds every answer to them.
 */
export interface DescribedAnswer {
  description: string;
  /** The body by media type; absent for an answer without one (204, 302, 304). */
  content?: Record<string, { schema: ZodType }>;
  /** Response headers the answer may carry, by name, with what each says. */
  headers?: Record<string, string>;
}

/** The answer of one status: a JSON body's schema, or a described answer. */
export type Answer = ZodType | DescribedAnswer;

export const JSON_MEDIA_TYPE = 'application/json';

/** A JSON body with the headers it may carry. */
export function jsonAnswer(schema: ZodType, description: string, headers?: Record<string, string>): DescribedAnswer {
  return { description, content: { [JSON_MEDIA_TYPE]: { schema } }, ...(headers && { headers }) };
}

/** Bytes that are not JSON (a CSV, a PDF, a ZIP, an uploaded file), of one of `mediaTypes` (`*\/*`: the file's own). */
export function fileAnswer(mediaTypes: readonly string[], description: string, headers?: Record<string, string>): DescribedAnswer {
  const schema = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])), ...(headers && { headers }) };
}

/** What an uploaded file is sent as: its own type (one of another extension as application/octet-stream). */
export const PROJECT_FILE_MEDIA_TYPES = [...PROJECT_FILE_FORMATS.map((format) => format.mimeType), 'application/octet-stream'];

/** An answer without a body (204, a redirect, 304). */
export function emptyAnswer(description: string, headers?: Record<string, string>): DescribedAnswer {
  return { description, ...(headers && { headers }) };
}

/** The headers answers carry, with what they say, for the descriptions to name. */
export const ANSWER_HEADERS = {
  nextPage: { 'X-Next-Page': 'Curseur de la page suivante (à renvoyer en `after`), absent à la dernière page' },
  totalCount: { 'X-Total-Count': 'Nombre total de résultats, toutes pages confondues' },
  etag: { ETag: 'Version de la réponse, à renvoyer en `If-None-Match` (304 si elle n’a pas changé)' },
  retryAfter: { 'Retry-After': 'Secondes à attendre avant de réessayer' },
  download: { 'Content-Disposition': 'Nom du fichier (`attachment` ou `inline`)' },
  deviceCookie: { 'Set-Cookie': 'Cookie de l’appareil reconnu (30 jours sans code)' },
  location: { Location: 'Adresse où continuer' },
} as const satisfies Record<string, Record<string, string>>;

export const ERROR_STATUSES = [400, 401, 403, 404, 406, 409, 413, 414, 415, 429, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Requête invalide (`field` nomme le champ en cause quand il y en a un)',
  401: 'Session absente, expirée ou révoquée',
  403: 'Action non permise à ce compte, ou étape de connexion à terminer (code, mot de passe plus robuste, double authentification à configurer)',
  404: 'Introuvable, ou hors de portée de ce compte',
  406: 'Requête à envoyer en multipart/form-data',
  409: 'En conflit avec l’état actuel',
  413: 'Contenu trop volumineux',
  414: 'Adresse trop longue',
  415: 'Type de contenu non accepté',
  429: 'Trop de demandes : réessayer après le délai de `Retry-After`',
  503: 'Service momentanément indisponible (maintenance, base de données ou stockage) : réessayer après `Retry-After`',
};

/**
 * The error answers of `statuses`, each the one error body (`errorBodySchema`).
 * A zod schema where no header is said, so the route's handler stays typed by its answers.
 */
export function errorAnswers(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, Answer>> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      status === 429 || status === 503
        ? jsonAnswer(errorBodySchema, ERROR_DESCRIPTIONS[status], ANSWER_HEADERS.retryAfter)
        : errorBodySchema.describe(ERROR_DESCRIPTIONS[status]),
    ]),
  );
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals any route of its kind can answer, whatever it does, added to
 * the ones it declares (a route's own description of a status wins):
 * 503 (maintenance, database) and 414 (an address too long) everywhere; 401
 * and 403 without a session or at a gate; 400 when it reads input or its
 * method carries a body; 413 and 415 when its method carries a body, 406 when
 * that must be multipart; 404 when its path,
 * or a signed-in caller's body, names something (a file the viewer may not
 * open is not found either).
 */
export function commonRefusals(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): ErrorStatus[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema ?? {};
  const access = (route.config as { access?: string } | undefined)?.access;
  // Fastify parses whatever body such a request brings, read by the route or not: it can be malformed, too large or of a refused type.
  const carriesBody = methods.some((method) => METHODS_WITH_BODY.has(method));
  const readsBody = carriesBody && (schema.body !== undefined || schema.consumes !== undefined);
  const statuses: ErrorStatus[] = [503, 414];
  if (access !== 'public' && access !== 'link') statuses.push(401, 403);
  if (access === 'project' || schema.params !== undefined || (readsBody && access !== 'public')) statuses.push(404);
  if (carriesBody || schema.params !== undefined || schema.querystring !== undefined) statuses.push(400);
  if (carriesBody) statuses.push(413, 415);
  if (schema.consumes?.includes('multipart/form-data')) statuses.push(406);
  return statuses;
}

/**
 * Completes the description of every route under /api registered after this
 * call with its common refusals. The OpenAPI plugin kept a reference to the
 * route's options, whose schema it reads when the document is asked for.
 */
export function describeCommonRefusals(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide || !route.schema?.response) return;
    // A copy: routes may share one response object (the pieces' calls do).
    route.schema = {
      ...route.schema,
      response: { ...errorAnswers(...commonRefusals(route)), ...(route.schema.response as Record<string, Answer>) },
    };
  });
}

/** Fastify's serializer for answers with a description: plain JSON, as without one; the description is never run (decision 0086). */
export function plainJsonSerializer(): (data: unknown) => string {
  return serializeAsJson;
}

function serializeAsJson(data: unknown): string {
  return JSON.stringify(data);
}

/** Whether `answer` is one of the objects above rather than a zod schema. */
export function isDescribedAnswer(answer: unknown): answer is DescribedAnswer {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    !(answer instanceof z.ZodType) &&
    typeof (answer as DescribedAnswer).description === 'string'
  );
}

/** The bodies an answer may have, by media type (none for an empty answer), and the headers it names, lower-cased. */
export function readAnswer(answer: Answer): { bodies: Record<string, ZodType>; headers: Set<string> } {
  if (!isDescribedAnswer(answer)) return { bodies: { [JSON_MEDIA_TYPE]: answer }, headers: new Set() };
  const bodies = Object.fromEntries(Object.entries(answer.content ?? {}).map(([type, { schema }]) => [type, schema]));
  return { bodies, headers: new Set(Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase())) };
}

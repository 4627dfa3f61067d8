import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JSON_MEDIA_TYPE, readAnswer, type Answer } from './answers';

/** Headers a client reads: an answer carrying one its description does not name is undescribed. */
const DESCRIBED_HEADERS = ['x-next-page', 'x-total-count', 'etag', 'retry-after', 'content-disposition', 'location'];

/**
 * The test app's checking mode (decision 0086): every answer of an /api route
 * that describes its answers must match the description of its status (the
 * JSON body validated by its zod schema, no field the schema lacks, the media
 * type and the headers named). A mismatch turns the answer into a 500 naming
 * it, so the API tests that made the call fail, and is written to stderr.
 * Registered before compression, it reads the JSON as serialized.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const mismatch = findAnswerMismatch(request, reply, payload);
    if (mismatch === undefined) return payload;
    const message = `Réponse non décrite : ${request.method} ${request.routeOptions.url} → ${reply.statusCode} : ${mismatch}`;
    process.stderr.write(`${message}\n`);
    if (isStream(payload)) payload.destroy();
    reply.removeHeader('content-length');
    void reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ code: 'UNDESCRIBED_ANSWER', message });
  });
}

/** What is wrong with this answer against its route's description, or undefined when it matches (or the route describes nothing). */
export function findAnswerMismatch(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  const schema = request.routeOptions.schema;
  const responses = schema?.response as Record<string, Answer> | undefined;
  if (!responses || !request.routeOptions.url?.startsWith('/api/')) return undefined;
  const status = String(reply.statusCode);
  const answer = responses[status] ?? responses[`${status[0]}xx`] ?? responses.default;
  if (answer === undefined) return `statut non décrit (décrits : ${Object.keys(responses).join(', ')})`;
  const { bodies, headers } = readAnswer(answer);
  const undescribedHeader = DESCRIBED_HEADERS.find((name) => reply.hasHeader(name) && !headers.has(name));
  if (undescribedHeader) return `en-tête ${undescribedHeader} non décrit`;

  const empty = payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
  if (empty) return Object.keys(bodies).length === 0 || reply.statusCode === 304 || request.method === 'HEAD' ? undefined : 'corps absent';
  const mediaType = String(reply.getHeader('content-type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const body = bodies[mediaType] ?? bodies['*/*'];
  if (!body) return `type ${mediaType || '(aucun)'} non décrit (décrits : ${Object.keys(bodies).join(', ') || 'aucun corps'})`;
  if (mediaType !== JSON_MEDIA_TYPE) return undefined;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return 'corps JSON envoyé en flux';

  const wire: unknown = JSON.parse(payload.toString());
  const result = body.safeParse(wire);
  if (!result.success) return z.prettifyError(result.error);
  const undescribedField = findUndescribedField(wire, result.data, '');
  return undescribedField === undefined ? undefined : `champ ${undescribedField} non décrit`;
}

/**
 * A field the answer sends that the schema's output lacks: zod drops the keys
 * an object schema does not name, so the JSON a client receives would hold
 * more than the document says (and than zod's serializer used to send).
 */
function findUndescribedField(sent: unknown, described: unknown, path: string): string | undefined {
  if (Array.isArray(sent) && Array.isArray(described)) {
    for (let index = 0; index < sent.length; index += 1) {
      const found = findUndescribedField(sent[index], described[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(sent) || !isPlainObject(described)) return undefined;
  for (const key of Object.keys(sent)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (!(key in described)) return keyPath;
    const found = findUndescribedField(sent[key], described[key], keyPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStream(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Readable).pipe === 'function' &&
    typeof (value as Readable).destroy === 'function'
  );
}

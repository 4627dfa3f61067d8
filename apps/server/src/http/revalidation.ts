import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Personal answers that a browser may keep but must check again before each
 * use (`no-cache`), through `If-None-Match`; shared caches must not keep them
 * (`private`). Issue 24: repeated reads cost one short statement and no body.
 */
export const REVALIDATED_PERSONAL_ANSWER = 'private, no-cache';

/**
 * A weak entity tag (the body is the same JSON whatever its compression, not
 * the same bytes) made of revisions the database bumps with every change.
 */
export function entityTag(parts: ReadonlyArray<string | number>): string {
  return `W/"${parts.join('.')}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends `load()`'s answer tagged `etag`, or `304 Not Modified` with no body
 * when the client already holds it. Call it only once access was checked
 * with the database's current rows: a 304 is never given to someone the
 * answer would now refuse.
 */
export async function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  load: () => unknown,
): Promise<FastifyReply> {
  reply.header('cache-control', REVALIDATED_PERSONAL_ANSWER).header('etag', etag);
  if (clientHolds(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(await load());
}

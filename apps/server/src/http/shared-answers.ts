import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** API answers from this size on are compressed (brotli at a fast level, or gzip); the web app's files are compressed at build time. */
export const COMPRESSION = { threshold: 1024, brotliQuality: 4 } as const;

type Encoding = 'br' | 'gzip' | 'identity';

interface Body {
  bytes: Buffer;
  /** How `bytes` are encoded: a small answer stays plain whatever the client accepts. */
  encoding: Encoding;
}

/** The bodies of each shared answer, by accepted encoding, for as long as the answer lives. */
const bodies = new WeakMap<object, Map<Encoding, Body>>();

/**
 * Sends an answer kept in memory and shared by requests (issue 11): a frozen
 * value cannot change, so it is turned into JSON and compressed once per
 * encoding, not on every request; a dashboard page is some 30 KB of JSON,
 * whose serialization and compression cost more than the rest of its
 * request. Any other value goes the usual way (serialized and compressed by
 * the compress plugin, which leaves an encoded body alone).
 */
export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, value: object): FastifyReply {
  if (!Object.isFrozen(value)) return reply.send(value);
  const encoding = request.headers['x-no-compression'] === undefined ? acceptedEncoding(request.headers['accept-encoding']) : 'identity';
  let encoded = bodies.get(value);
  if (!encoded) bodies.set(value, (encoded = new Map()));
  let body = encoded.get(encoding);
  if (!body) {
    body = encode(Buffer.from(JSON.stringify(value)), encoding);
    encoded.set(encoding, body);
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
  return reply.send(body.bytes);
}

function encode(json: Buffer, encoding: Encoding): Body {
  if (encoding === 'identity' || json.length < COMPRESSION.threshold) return { bytes: json, encoding: 'identity' };
  if (encoding === 'br') return { bytes: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } }), encoding };
  return { bytes: gzipSync(json), encoding };
}

/** brotli if the client takes it, else gzip, else none (a `q=0` refuses an encoding). */
export function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

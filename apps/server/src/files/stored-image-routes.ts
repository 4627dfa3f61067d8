import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { AppError, notFound } from '../http/app-error';
import { imageKey, type ImageFolder } from './storage/storage-keys';

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
/** A cover or avatar name is random and never given to other bytes: browsers and proxies may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
export const IMAGE_MISSING = 'Cette image est introuvable.';

/**
 * `/uploads/covers/{name}` and `/uploads/avatars/{name}`: the images the web
 * shows, streamed from the storage (local disk or the bucket) through the
 * server, so their addresses stay the same whatever the storage and the
 * bucket needs no public access. Only names the server generated are looked up.
 */
export function storedImageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const folder of ['covers', 'avatars'] as const satisfies ImageFolder[]) {
      app.get(`/uploads/${folder}/:name`, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
        const { name } = request.params as { name: string };
        const key = imageKey(folder, name);
        const type = IMAGE_TYPES[name.split('.').pop() ?? ''];
        if (!key || !type) throw notFound(IMAGE_MISSING);
        const etag = `"${name}"`;
        reply.header('cache-control', IMMUTABLE).header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const stored = await ctx.storage.open(key).catch((error: unknown) => {
          throw error instanceof AppError && error.status === 404 ? notFound(IMAGE_MISSING) : error;
        });
        return reply.type(type).header('content-length', stored.size).send(stored.stream);
      });
    }
  };
}

import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.ts';
import type { MediaStore } from './media-store.ts';
import { diskFailure } from './storage-failure.ts';
import type { StorageHealth } from './storage-health.ts';

/**
 * /media/* from the data directory, by the static file server (ranges, ETag, Last-Modified), with
 * a year's immutable caching. A picture that is there but cannot be read (an I/O error,
 * permissions, too many open files) answers 503 with Retry-After, as the bucket's route does, not
 * the static server's 500; the health logs it once.
 */
export const mediaFromDiskRoutes: FastifyPluginAsync<{
  root: string;
  cacheControl: string;
  health?: StorageHealth;
}> = async (app, { root, cacheControl, health }) => {
  // This plugin's own error handler (encapsulated): it hands everything on to the app's.
  app.setErrorHandler(async (error: FastifyError) => {
    const failure = (error.statusCode ?? 500) >= 500 ? diskFailure(error) : null;
    if (!failure) throw error;
    health?.failed(failure);
    throw failure;
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.header('cache-control', cacheControl),
  });
};

/**
 * /media/* read from a bucket (STORAGE_URL=s3://…), streamed through the app with the same headers
 * as the data directory's static files: a year's immutable caching (names carry a content hash),
 * the bucket's ETag for revalidation, nosniff. Anything not named as we name media is a 404.
 */
export const mediaFromBucketRoutes: FastifyPluginAsync<{ media: MediaStore; cacheControl: string }> = async (
  app,
  { media, cacheControl },
) => {
  app.get('/media/*', { exposeHeadRoute: true }, async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    const object = await media.open(rel);
    if (!object) return reply.status(404).send({ message: messages.notFound });
    reply
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .header('content-length', object.size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff');
    if (object.etag) {
      reply.header('etag', object.etag);
      if (req.headers['if-none-match'] === object.etag) {
        object.stream.destroy();
        return reply.status(304).send();
      }
    }
    if (req.method === 'HEAD') {
      object.stream.destroy();
      return reply.send();
    }
    return reply.send(object.stream);
  });
};

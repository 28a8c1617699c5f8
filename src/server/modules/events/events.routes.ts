import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '#server/modules/module.ts';

const HEARTBEAT_MS = 25_000;

/** GET /api/v1/events: the signed-in buyer's event stream (text/event-stream). */
export const eventsRoutes: FastifyPluginAsync<ModuleDeps> = async (app, { events: bus }) => {
  app.get(
    '/events',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], summary: 'Server-Sent Events for the signed-in buyer (profile changes)' },
    },
    async (req, reply) => {
      const { user, viewing } = req.ctx.actor;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 5000\n: connected\n\n');
      const unsubscribe = bus.subscribe(user.id, (type) => res.write(`event: ${type}\ndata: {}\n\n`));
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      req.raw.on('close', close);
      app.server.once('close', () => res.end());
      // Staff viewing the store as a member hear the member's events only while the view lasts
      // (decision 016, part 5): the stream ends with it, and the browser's reconnect asks again.
      if (viewing) {
        const ends = setTimeout(
          () => res.end(),
          Math.max(0, viewing.endsAt.getTime() - req.ctx.now.getTime()),
        );
        ends.unref();
        req.raw.on('close', () => clearTimeout(ends));
      }
    },
  );
};

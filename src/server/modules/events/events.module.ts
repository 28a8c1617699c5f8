import type { AppModule } from '#server/modules/module.ts';
import { eventsRoutes } from './events.routes.ts';

/** Live events for a signed-in buyer's open pages. */
export const eventsModule: AppModule = async (app, deps) => {
  await app.register(eventsRoutes, deps);
};

import type { AppModule } from '#server/modules/module.ts';
import { searchRoutes } from './search.routes.ts';

/** Search over the catalogue's read model. */
export const searchModule: AppModule = async (app, deps) => {
  await app.register(searchRoutes, deps);
};

import type { AppModule } from '#server/modules/module.ts';
import { listsRoutes } from './lists.routes.ts';

/** Buyers' saved lists ("weekly restock"), filled into the cart in one go. */
export const listsModule: AppModule = async (app, deps) => {
  await app.register(listsRoutes, { ...deps, prefix: '/lists' });
};

import type { AppModule } from '#server/modules/module.ts';
import { cartRoutes } from './cart.routes.ts';

/** The buyer's server-side cart. */
export const cartModule: AppModule = async (app, deps) => {
  await app.register(cartRoutes, { ...deps, prefix: '/cart' });
};

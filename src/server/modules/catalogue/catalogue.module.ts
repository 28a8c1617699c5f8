import type { AppModule } from '#server/modules/module.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { catalogueStaffRoutes } from './catalogue-staff.routes.ts';

/** The catalogue: the storefront's reads, and for staff every write (pictures and CSV included). */
export const catalogueModule: AppModule = async (app, deps) => {
  await app.register(catalogueRoutes, { ...deps, prefix: '/catalogue' });
  await app.register(catalogueStaffRoutes, { ...deps, prefix: '/admin/catalogue' });
};

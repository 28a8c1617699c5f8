import type { AppModule } from '#server/modules/module.ts';
import { bannersStaffRoutes } from './banners-staff.routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { catalogueFilesStaffRoutes } from './catalogue-files.routes.ts';
import { catalogueStaffRoutes } from './catalogue-staff.routes.ts';
import { productsStaffRoutes } from './products-staff.routes.ts';

/** The catalogue: the storefront's reads, and for staff every write (pictures and CSV included). */
export const catalogueModule: AppModule = async (app, deps) => {
  await app.register(catalogueRoutes, { ...deps, prefix: '/catalogue' });
  await app.register(catalogueStaffRoutes, { ...deps, prefix: '/admin/catalogue' });
  await app.register(productsStaffRoutes, { ...deps, prefix: '/admin/catalogue' });
  await app.register(bannersStaffRoutes, { ...deps, prefix: '/admin/catalogue' });
  await app.register(catalogueFilesStaffRoutes, { ...deps, prefix: '/admin/catalogue' });
};

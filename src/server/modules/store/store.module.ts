import type { AppModule } from '#server/modules/module.ts';
import { settingsStaffRoutes } from './settings-staff.routes.ts';
import { storeRoutes } from './store.routes.ts';

/** The store: its public details and mailing list, and for staff its settings. */
export const storeModule: AppModule = async (app, deps) => {
  await app.register(storeRoutes, deps);
  await app.register(settingsStaffRoutes, { ...deps, prefix: '/admin' });
};

import type { AppModule } from '#server/modules/module.ts';
import { dashboardRoutes, reportsStaffRoutes, stockReportsRoutes } from './reports-staff.routes.ts';

/** Reports (decision 018): the console's home, sales reports, low stock and reorder points. */
export const reportsModule: AppModule = async (app, deps) => {
  await app.register(dashboardRoutes, { ...deps, prefix: '/admin' });
  await app.register(reportsStaffRoutes, { ...deps, prefix: '/admin' });
  await app.register(stockReportsRoutes, { ...deps, prefix: '/admin' });
};

import type { AppModule } from '#server/modules/module.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { invoicesStaffRoutes } from './invoices-staff.routes.ts';

/** Receivables (decision 017): invoices and credit notes, payment terms; for members and staff. */
export const receivablesModule: AppModule = async (app, deps) => {
  await app.register(invoicesRoutes, { ...deps, prefix: '/invoices' });
  await app.register(invoicesStaffRoutes, { ...deps, prefix: '/admin' });
};

import type { AppModule } from '#server/modules/module.ts';
import { companyAccountRoutes } from './account.routes.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { invoicesStaffRoutes } from './invoices-staff.routes.ts';
import { companyLedgerRoutes, receivablesStaffRoutes } from './receivables-staff.routes.ts';

/**
 * Receivables (decision 017): invoices and credit notes, terms, payments, credit, statements and
 * the accounting export; for members (their account) and staff.
 */
export const receivablesModule: AppModule = async (app, deps) => {
  await app.register(invoicesRoutes, { ...deps, prefix: '/invoices' });
  await app.register(companyAccountRoutes, { ...deps, prefix: '/account' });
  await app.register(invoicesStaffRoutes, { ...deps, prefix: '/admin' });
  await app.register(receivablesStaffRoutes, { ...deps, prefix: '/admin' });
  await app.register(companyLedgerRoutes, { ...deps, prefix: '/admin' });
};

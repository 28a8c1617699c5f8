import type { AppModule } from '#server/modules/module.ts';
import { complianceRoutes } from './compliance.routes.ts';
import { complianceReportsRoutes } from './compliance-reports.routes.ts';
import { complianceStaffRoutes } from './compliance-staff.routes.ts';
import { exciseReturnRoutes } from './excise-return.routes.ts';

/** Compliance: state rules, directory listings and excise, for buyers and staff. */
export const complianceModule: AppModule = async (app, deps) => {
  await app.register(complianceRoutes, { ...deps, prefix: '/compliance' });
  await app.register(complianceStaffRoutes, { ...deps, prefix: '/admin/compliance' });
  await app.register(complianceReportsRoutes, { ...deps, prefix: '/admin/compliance' });
  await app.register(exciseReturnRoutes, { ...deps, prefix: '/admin/compliance' });
};

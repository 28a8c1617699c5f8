import type { AppModule } from '#server/modules/module.ts';
import { companiesStaffRoutes } from './companies-staff.routes.ts';
import { companyInvitationRoutes } from './company-invitations.routes.ts';
import { companyRoutes } from './company.routes.ts';
import { invitationRoutes } from './invitations.routes.ts';

/** Companies (decision 015): the member's company, its members and invitations, invitation links, and staff's companies. */
export const companiesModule: AppModule = async (app, deps) => {
  await app.register(companyRoutes, { ...deps, prefix: '/company' });
  await app.register(companyInvitationRoutes, { ...deps, prefix: '/company/invitations' });
  await app.register(invitationRoutes, { ...deps, prefix: '/invitations' });
  await app.register(companiesStaffRoutes, { ...deps, prefix: '/admin' });
};

import type { AppModule } from '#server/modules/module.ts';
import { accountRoutes } from './account.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { buyersStaffRoutes } from './buyers-staff.routes.ts';
import { viewAsRoutes } from './view-as.routes.ts';
import { documentsRoutes } from '#server/modules/companies/documents.routes.ts';
import { emailFlowRoutes } from './email-flows.routes.ts';
import { locationDocumentsRoutes } from '#server/modules/companies/location-documents.routes.ts';
import { verificationStaffRoutes } from '#server/modules/companies/verification-staff.routes.ts';

/** Accounts: sign-in and the buyer's account, and for staff the documents queue and buyers. */
export const accountsModule: AppModule = async (app, deps) => {
  await app.register(authRoutes, { ...deps, prefix: '/auth' });
  await app.register(emailFlowRoutes, { ...deps, prefix: '/auth' });
  await app.register(accountRoutes, { ...deps, prefix: '/account' });
  await app.register(documentsRoutes, { ...deps, prefix: '/account' });
  await app.register(viewAsRoutes, { ...deps, prefix: '/admin' });
  await app.register(locationDocumentsRoutes, { ...deps, prefix: '/company' });
  await app.register(verificationStaffRoutes, { ...deps, prefix: '/admin' });
  await app.register(buyersStaffRoutes, { ...deps, prefix: '/admin' });
};

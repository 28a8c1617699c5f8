import type { AppModule } from '#server/modules/module.ts';
import { staffMembersRoutes, staffSessionRoutes } from './staff.routes.ts';

/** Staff: who they are, their second factor, the staff page and the audit log. */
export const staffModule: AppModule = async (app, deps) => {
  await app.register(staffSessionRoutes, { ...deps, prefix: '/admin' });
  await app.register(staffMembersRoutes, { ...deps, prefix: '/admin' });
};

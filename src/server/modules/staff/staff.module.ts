import type { AppModule } from '#server/modules/module.ts';
import { staffRoutes } from './staff.routes.ts';

/** Staff: who they are, their second factor, the staff page and the audit log. */
export const staffModule: AppModule = async (app, deps) => {
  await app.register(staffRoutes, { ...deps, prefix: '/admin' });
};

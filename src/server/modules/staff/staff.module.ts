import type { AppModule } from '#server/modules/module.ts';
import { staffMembersRoutes, staffSessionRoutes } from './staff.routes.ts';
import { staffNotificationRoutes } from './staff-notifications.routes.ts';

/** Staff: who they are, their second factor, the staff page, the audit log, the mail each chose. */
export const staffModule: AppModule = async (app, deps) => {
  await app.register(staffSessionRoutes, { ...deps, prefix: '/admin' });
  await app.register(staffMembersRoutes, { ...deps, prefix: '/admin' });
  await app.register(staffNotificationRoutes, { ...deps, prefix: '/admin' });
};

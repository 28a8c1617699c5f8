import type { AppModule } from '#server/modules/module.ts';
import { outboxStaffRoutes } from './outbox-staff.routes.ts';

/** Mail: the outbox, which staff can read and retry. */
export const mailModule: AppModule = async (app, deps) => {
  await app.register(outboxStaffRoutes, { ...deps, prefix: '/admin' });
};

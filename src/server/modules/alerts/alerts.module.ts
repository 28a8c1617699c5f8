import type { AppModule } from '#server/modules/module.ts';
import { alertsRoutes } from './alerts.routes.ts';

/** Back-in-stock alerts: one email when an option a buyer waits for is in stock again. */
export const alertsModule: AppModule = async (app, deps) => {
  await app.register(alertsRoutes, { ...deps, prefix: '/alerts' });
};

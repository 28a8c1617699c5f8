import type { AppModule } from '#server/modules/module.ts';
import { deskRoutes } from './desk.routes.ts';
import { orderChangeRoutes } from './order-change.routes.ts';
import { orderRequestsRoutes } from './order-requests.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { ordersStaffRoutes } from './orders-staff.routes.ts';
import { quotesRoutes } from './quotes.routes.ts';
import { quotesStaffRoutes } from './quotes-staff.routes.ts';

/** Orders: placing and following them, and for staff their stages, items, export, the order desk, changes before shipping and quotes. */
export const ordersModule: AppModule = async (app, deps) => {
  await app.register(ordersRoutes, { ...deps, prefix: '/orders' });
  await app.register(orderRequestsRoutes, { ...deps, prefix: '/orders' });
  await app.register(ordersStaffRoutes, { ...deps, prefix: '/admin' });
  await app.register(deskRoutes, { ...deps, prefix: '/admin' });
  await app.register(orderChangeRoutes, { ...deps, prefix: '/admin' });
  await app.register(quotesRoutes, { ...deps, prefix: '/quotes' });
  await app.register(quotesStaffRoutes, { ...deps, prefix: '/admin' });
};

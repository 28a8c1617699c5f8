import type { AppModule } from '#server/modules/module.ts';
import { priceListFilesRoutes } from './price-list-files.routes.ts';
import { pricingStaffRoutes } from './pricing-staff.routes.ts';

/** Wholesale pricing: customer groups, their price lists and case packs, for buyers and staff. */
export const pricingModule: AppModule = async (app, deps) => {
  await app.register(pricingStaffRoutes, { ...deps, prefix: '/admin/pricing' });
  await app.register(priceListFilesRoutes, { ...deps, prefix: '/admin/pricing' });
};

import type { AppModule } from '#server/modules/module.ts';
import { minimumPricesRoutes } from './minimum-prices.routes.ts';
import { priceListFilesRoutes } from './price-list-files.routes.ts';
import { pricingStaffRoutes } from './pricing-staff.routes.ts';

/**
 * Wholesale pricing: customer groups, their price lists and case packs, for buyers and staff; and
 * options' minimum prices for the desk.
 */
export const pricingModule: AppModule = async (app, deps) => {
  await app.register(pricingStaffRoutes, { ...deps, prefix: '/admin/pricing' });
  await app.register(priceListFilesRoutes, { ...deps, prefix: '/admin/pricing' });
  await app.register(minimumPricesRoutes, { ...deps, prefix: '/admin/pricing' });
};

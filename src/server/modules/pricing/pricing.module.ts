import type { AppModule } from '#server/modules/module.ts';

/** Wholesale pricing: customer groups, their price lists and case packs, for buyers and staff. */
export const pricingModule: AppModule = async () => {};

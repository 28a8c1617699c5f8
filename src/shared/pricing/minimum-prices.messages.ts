import { formatCents } from '#shared/money.ts';

/** The highest minimum price staff may set for an option ($100,000.00, the desk's highest price). */
export const MIN_PRICE_MAX_CENTS = 10_000_000;

/** What staff read about options' minimum prices (decision 016, part 3), apart from the zod schemas. */
export const minimumPriceMessages = {
  skuRequired: 'Enter the SKU of a product option.',
  skuNotFound: 'No product option has this SKU.',
  amount: 'Enter the price as an amount like 12.50.',
  tooHigh: `The minimum price is at most ${formatCents(MIN_PRICE_MAX_CENTS)}.`,
  set: (sku: string, cents: number) => `The minimum price of ${sku} is ${formatCents(cents)} now.`,
  removed: (sku: string) => `${sku} has no minimum price now.`,
} as const;

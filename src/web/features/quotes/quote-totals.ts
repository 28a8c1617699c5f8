import type { Quote } from '#shared/orders/quotes.schemas.ts';

export interface ChosenTotals {
  subtotalCents: number;
  exciseCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What accepting the chosen lines comes to, added up as the server does (decision 016, part 3):
 * each line at its quoted total with today's excise, plus the quote's fee. The server refuses an
 * acceptance whose expected total is not this.
 */
export function chosenTotals(quote: Quote, skus: ReadonlySet<string>): ChosenTotals {
  const now = new Map(quote.now?.lines.map((l) => [l.sku, l]));
  let subtotalCents = 0;
  let exciseCents = 0;
  for (const line of quote.lines) {
    if (!skus.has(line.sku)) continue;
    subtotalCents += line.lineTotalCents;
    exciseCents += now.get(line.sku)?.exciseCents ?? line.exciseCents;
  }
  const shippingCents = quote.shippingCents;
  return {
    subtotalCents,
    exciseCents,
    shippingCents,
    totalCents: subtotalCents + exciseCents + shippingCents,
  };
}

/** The lines that can be ordered now, in the quote's order. */
export const availableSkus = (quote: Quote): string[] => {
  const now = new Map(quote.now?.lines.map((l) => [l.sku, l]));
  return quote.lines.filter((l) => now.get(l.sku)?.available).map((l) => l.sku);
};

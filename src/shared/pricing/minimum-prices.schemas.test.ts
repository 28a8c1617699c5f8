import { describe, expect, it } from 'vitest';
import {
  MIN_PRICE_MAX_CENTS,
  MinimumPriceBodySchema,
  MinimumPriceFormSchema,
  minimumPriceMessages,
} from './minimum-prices.schemas.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe("an option's minimum price", () => {
  it('the form reads dollars into cents, and empty into a removal', () => {
    expect(MinimumPriceFormSchema.parse({ sku: ' SS-1003-10 ', minPriceCents: '$12.5' })).toEqual({
      sku: 'SS-1003-10',
      minPriceCents: 1250,
    });
    expect(MinimumPriceFormSchema.parse({ sku: 'SS-1', minPriceCents: '0' })).toEqual({
      sku: 'SS-1',
      minPriceCents: 0,
    });
    expect(MinimumPriceFormSchema.parse({ sku: 'SS-1', minPriceCents: '  ' })).toEqual({
      sku: 'SS-1',
      minPriceCents: null,
    });
    expect(MinimumPriceFormSchema.parse({ sku: 'SS-1', minPriceCents: '100000' })).toEqual({
      sku: 'SS-1',
      minPriceCents: MIN_PRICE_MAX_CENTS,
    });
  });

  it('the form says what is wrong on the box it is about', () => {
    const form = (sku: string, minPriceCents: string) =>
      issues(MinimumPriceFormSchema.safeParse({ sku, minPriceCents }));
    expect(form('SS-1', 'twelve')).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(form('SS-1', '-1')).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(form('SS-1', '12.345')).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(form('SS-1', '100000.01')).toEqual([['minPriceCents', minimumPriceMessages.tooHigh]]);
    expect(form('  ', '5')).toEqual([['sku', minimumPriceMessages.skuRequired]]);
  });

  it('the body takes whole cents from 0 to the highest, or null', () => {
    const body = (minPriceCents: unknown) =>
      issues(MinimumPriceBodySchema.safeParse({ sku: 'SS-1', minPriceCents }));
    for (const ok of [0, 1, MIN_PRICE_MAX_CENTS, null]) expect(body(ok), String(ok)).toEqual([]);
    expect(body(-1)).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(body(12.5)).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(body('1200')).toEqual([['minPriceCents', minimumPriceMessages.amount]]);
    expect(body(MIN_PRICE_MAX_CENTS + 1)).toEqual([['minPriceCents', minimumPriceMessages.tooHigh]]);
    expect(issues(MinimumPriceBodySchema.safeParse({ sku: 'S'.repeat(61), minPriceCents: 1 }))).toEqual([
      ['sku', minimumPriceMessages.skuNotFound],
    ]);
  });
});

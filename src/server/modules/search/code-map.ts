import type { ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { normalizeForSearch } from '#shared/catalogue/search-key.ts';

/** A product an exact code finds: its option whose SKU it is, or null for the product's SKU or code. */
export interface CodeHit {
  /** The product's place in the index's name order. */
  i: number;
  variant: string | null;
}

/**
 * Every exact code of the products (in the index's order), normalised as a query is: each option's
 * SKU, then each product's SKU and product code, so an option's SKU comes first under a code both
 * carry; a product once per code.
 */
export function codeMap(entries: readonly ProductEntry[]): Map<string, CodeHit[]> {
  const codes = new Map<string, CodeHit[]>();
  const add = (code: string, hit: CodeHit) => {
    const key = normalizeForSearch(code);
    if (!key) return;
    const list = codes.get(key);
    if (!list) codes.set(key, [hit]);
    else if (!list.some((h) => h.i === hit.i)) list.push(hit);
  };
  entries.forEach((p, i) => {
    for (const v of p.variants) add(v.sku, { i, variant: v.name });
  });
  entries.forEach((p, i) => {
    add(p.row.sku, { i, variant: null });
    add(p.row.productCode, { i, variant: null });
  });
  return codes;
}

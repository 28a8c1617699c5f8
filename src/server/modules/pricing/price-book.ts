import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import type { PriceFields } from '#shared/catalogue/price.ts';
import {
  type ApplicableEntries,
  type PriceEntry,
  type ResolvedPrice,
  resolvePrice,
  tierTable,
} from '#shared/pricing/price-resolution.ts';
import { companyMembers } from '#server/modules/companies/companies.table.ts';
import { companyGroups, customerGroups, priceListEntries } from './pricing.table.ts';

/** One customer group's price list, indexed by scope and target for lookups from memory. */
export interface GroupBook {
  id: number;
  name: string;
  /** The group's version when this copy was read: place_order checks it is still current. */
  version: number;
  variant: Map<number, PriceEntry>;
  product: Map<number, PriceEntry>;
  brand: Map<number, PriceEntry>;
  category: Map<number, PriceEntry>;
  /** Cards and product pages built for this group's buyers, rebuilt when the catalogue's own change. */
  cards: WeakMap<ProductEntry, Memo>;
  details: WeakMap<ProductEntry, Memo>;
}

/** A JSON answer built from the catalogue's own (`base`): good while the base is the same string. */
interface Memo {
  base: string;
  json: string;
}

/**
 * Every group's price list and every buyer's group, kept in memory (PricingCache): a grouped
 * buyer's listing, product page, search and cart are priced from here, without a query. Orders do
 * not trust this copy: place_order checks the buyer's group and its version in the transaction.
 */
export interface PriceBook {
  groups: Map<number, GroupBook>;
  memberOf: Map<string, number>;
  /** Each grouped company's group (the order desk prices a company, not a login). */
  companyOf: Map<string, number>;
}

export async function loadPriceBook(db: Db): Promise<PriceBook> {
  const [groupRows, entryRows, memberRows, companyRows] = await Promise.all([
    db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
    db.select().from(priceListEntries),
    // A member sees their company's group: flattened here per login, so the hot reads keep their key.
    db
      .select({ userId: companyMembers.userId, groupId: companyGroups.groupId })
      .from(companyGroups)
      .innerJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companyGroups.companyId), isNull(companyMembers.removedAt)),
      ),
    db.select({ companyId: companyGroups.companyId, groupId: companyGroups.groupId }).from(companyGroups),
  ]);
  const groups = new Map<number, GroupBook>();
  for (const g of groupRows)
    groups.set(g.id, {
      id: g.id,
      name: g.name,
      version: g.version,
      variant: new Map(),
      product: new Map(),
      brand: new Map(),
      category: new Map(),
      cards: new WeakMap(),
      details: new WeakMap(),
    });
  for (const e of entryRows) {
    const group = groups.get(e.groupId);
    if (!group) continue;
    const entry: PriceEntry =
      e.priceCents === null
        ? { kind: 'percent_off', basisPoints: e.basisPoints ?? 0 }
        : { kind: 'fixed', priceCents: e.priceCents, tiers: e.tiers };
    group[e.scope as 'variant' | 'product' | 'brand' | 'category'].set(e.targetId, entry);
  }
  return {
    groups,
    memberOf: new Map(memberRows.map((m) => [m.userId, m.groupId])),
    companyOf: new Map(companyRows.map((c) => [c.companyId, c.groupId])),
  };
}

/** The buyer's group, or null (no group, or a visitor). */
export function groupOf(book: PriceBook, userId: string | null | undefined): GroupBook | null {
  if (!userId) return null;
  const id = book.memberOf.get(userId);
  return id === undefined ? null : (book.groups.get(id) ?? null);
}

/** A company's group, or null (the order desk prices for a company, whoever places it). */
export function groupOfCompany(book: PriceBook, companyId: string): GroupBook | null {
  const id = book.companyOf.get(companyId);
  return id === undefined ? null : (book.groups.get(id) ?? null);
}

/** What an option is priced from: its product's list fields and the ids a price list names. */
export interface PricedOption extends PriceFields {
  variantId: number;
  productId: number;
  brandId: number;
  categoryId: number;
}

/** The entries of a group's list that could apply to an option (none without a group). */
export function applicable(group: GroupBook | null, o: PricedOption): ApplicableEntries {
  if (!group) return {};
  return {
    variant: group.variant.get(o.variantId),
    product: group.product.get(o.productId),
    brand: group.brand.get(o.brandId),
    category: group.category.get(o.categoryId),
  };
}

/** One unit of an option for a buyer of this group (or none) at a line's quantity. */
export function priceFor(group: GroupBook | null, o: PricedOption, quantity: number): ResolvedPrice {
  return resolvePrice(o, applicable(group, o), quantity);
}

/** The read model's option as a priced option. */
export function optionOf(p: ProductEntry, variantId: number): PricedOption {
  return {
    priceCents: p.row.priceCents,
    discountPriceCents: p.row.discountPriceCents,
    discountPercentage: p.row.discountPercentage,
    variantId,
    productId: p.dbId,
    brandId: p.brand.dbId,
    categoryId: p.brand.category.dbId,
  };
}

/** A product's options as this group sees them: the price of one case at the minimum, and the tiers. */
export function optionPrices(group: GroupBook, p: ProductEntry) {
  return p.variants.map((v) => {
    const o = optionOf(p, v.id);
    const at = priceFor(group, o, v.minQuantity);
    return { variant: v, unitPriceCents: at.unitPriceCents, tiers: tierTable(o, applicable(group, o)) };
  });
}

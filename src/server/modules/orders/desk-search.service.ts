import { sql } from 'drizzle-orm';
import { NotFound } from '#server/errors.ts';
import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import {
  blockView,
  heldLicenceStatesSql,
  optionVerdict,
} from '#server/modules/compliance/compliance.service.ts';
import { applicable, groupOfCompany, optionOf, priceFor } from '#server/modules/pricing/price-book.ts';
import { SearchIndex } from '#server/modules/search/search-index.ts';
import { parseSearchQuery } from '#shared/catalogue/search-key.ts';
import { isoDay } from '#shared/dates.ts';
import { type DeskOption, type DeskSearch, deskMessages } from '#shared/orders/desk.schemas.ts';
import { tierTable } from '#shared/pricing/price-resolution.ts';
import type { DeskContext } from './desk-reading.ts';

/** The most options one search answers (a product's options count one each). */
export const DESK_SEARCH_OPTIONS = 30;

/**
 * Options by SKU or name for the desk, as the company's buyers would see them: the storefront's
 * search (exact SKU or code first, then names) over the read model, each option of the products
 * found priced for the company's group at its first case, with its tiers, case pack, stock and
 * verdict for the draft's ship-to and the location's licenses. An exact SKU comes first within its
 * product. One query (standingFor); the rest from memory.
 */
export async function searchDesk(ctx: DeskContext, companyId: string, q: string): Promise<DeskSearch> {
  const day = isoDay(ctx.now);
  const [standing, model, book, rules, settings] = await Promise.all([
    standingFor(ctx, companyId, day),
    ctx.catalogue.get(),
    ctx.pricing.get(),
    ctx.compliance.get(),
    ctx.settings.get(),
  ]);
  const query = parseSearchQuery(q);
  if (!query.needle) return { query: q, options: [] };
  const index = SearchIndex.for(model);
  const group = groupOfCompany(book, companyId);
  const shipTo =
    standing.shipping === 'Pickup'
      ? { state: settings.storeState, shipping: 'Pickup' as const }
      : standing.state
        ? { state: standing.state, shipping: 'Delivery' as const }
        : null;
  const licences = new Set(standing.states);
  const inDraft = new Map(standing.lines);
  const exact = q.trim().toUpperCase();
  const options: DeskOption[] = [];
  for (const i of index.search(query, 0, DESK_SEARCH_OPTIONS).items) {
    const p = index.entry(i);
    const variants = [...p.variants].sort(
      (a, b) => Number(b.sku.toUpperCase() === exact) - Number(a.sku.toUpperCase() === exact),
    );
    for (const v of variants) {
      if (options.length >= DESK_SEARCH_OPTIONS) break;
      const o = optionOf(p, v.id);
      const price = priceFor(group, o, v.minQuantity);
      const verdict = shipTo
        ? optionVerdict(rules, p, v, shipTo.state, day, licences, shipTo.shipping)
        : null;
      options.push({
        sku: v.sku,
        productName: p.row.name,
        variantName: v.name,
        sellingUnit: p.row.sellingUnit,
        imageUrl: v.image.url,
        stock: v.stock,
        unitPriceCents: price.unitPriceCents,
        priceSource: price.source,
        tiers: tierTable(o, applicable(group, o)),
        quantityRule: quantityRuleOf(v),
        blocks: (verdict?.blocks ?? []).map(blockView),
        inDraft: inDraft.get(v.id) ?? 0,
      });
    }
  }
  return { query: q, options };
}

/**
 * What a search needs of the company and the staff member's draft, in one round trip: the company
 * (a sales rep's own, else 404), the draft's shipping, the location it is judged for (the one
 * chosen, else the default, else the first: as readDesk picks it) with its state and license
 * states, and the draft's lines.
 */
async function standingFor(ctx: DeskContext, companyId: string, day: string) {
  const result = (await ctx.db.execute(sql`
    select d_s.shipping_type as shipping, l_s.state,
      ${heldLicenceStatesSql(sql`c_s.id`, sql`l_s.id`, day)} as states,
      (select coalesce(json_agg(json_build_array(i_s.variant_id, i_s.quantity)), '[]'::json)
         from desk_draft_lines i_s where i_s.draft_id = d_s.id) as lines
    from companies c_s
    left join desk_drafts d_s on d_s.company_id = c_s.id and d_s.staff_id = ${ctx.staffId}
    left join lateral (
      select a_s.id, a_s.state from addresses a_s where a_s.company_id = c_s.id
      order by (a_s.id = d_s.location_id) is true desc, a_s.is_default desc, a_s.name, a_s.created_at
      limit 1
    ) l_s on true
    where c_s.id = ${companyId} and (${ctx.companyScope}::uuid is null or c_s.sales_rep_id = ${ctx.companyScope}::uuid)
  `)) as unknown as {
    rows: { shipping: string | null; state: string | null; states: string[]; lines: [number, number][] }[];
  };
  const row = result.rows[0];
  if (!row) throw new NotFound(deskMessages.companyNotFound);
  return row;
}

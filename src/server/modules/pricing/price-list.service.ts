import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import type { Tier } from '#shared/pricing/price-resolution.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import type { Entry } from '#shared/pricing/pricing-staff.schemas.ts';
import { toLikeSubstringPattern } from '#shared/catalogue/search-key.ts';

/** At most this many entries in one answer; the search narrows a long list. */
export const ENTRY_PAGE = 200;

/**
 * A group's price list as staff read it: each entry with its target as people know it (an option's
 * SKU, a product's SKU, category/brand, a category's slug), what it is, and the product's list
 * price to compare with. `q` finds entries by SKU or name (case ignored); `limit` null: all of them.
 */
export async function listEntries(
  db: Db,
  groupId: number,
  f: { q?: string; scope?: string; limit?: number | null },
): Promise<{ entries: Entry[]; total: number }> {
  const exists = (await db.execute(sql`select 1 from customer_groups where id = ${groupId}`)) as unknown as {
    rows: unknown[];
  };
  if (!exists.rows.length) throw new NotFound(pricingMessages.groupNotFound);
  const like = f.q ? toLikeSubstringPattern(f.q.toLowerCase()) : null;
  const res = (await db.execute(sql`
    with labelled as (
      select e.id, e.scope, e.price_cents, e.basis_points, e.tiers,
        case e.scope when 'variant' then v.sku when 'product' then p.sku
          when 'brand' then bc.slug || '/' || b.slug else c.slug end as target,
        case e.scope when 'variant' then vp.name || ' — ' || v.name when 'product' then p.name
          when 'brand' then bc.name || ' / ' || b.name else c.name end as label,
        case e.scope when 'variant' then vp.price_cents when 'product' then p.price_cents end as list_price
      from price_list_entries e
      left join variants v on e.scope = 'variant' and v.id = e.target_id
      left join products vp on vp.id = v.product_id
      left join products p on e.scope = 'product' and p.id = e.target_id
      left join brands b on e.scope = 'brand' and b.id = e.target_id
      left join categories bc on bc.id = b.category_id
      left join categories c on e.scope = 'category' and c.id = e.target_id
      where e.group_id = ${groupId} and (${f.scope ?? null}::text is null or e.scope = ${f.scope ?? null})
    )
    select *, count(*) over () as total from labelled
    where ${like}::text is null or lower(coalesce(target, '')) like ${like} escape '\\'
      or lower(coalesce(label, '')) like ${like} escape '\\'
    order by array_position(array['variant','product','brand','category'], scope), label, id
    limit ${f.limit === null ? null : (f.limit ?? ENTRY_PAGE)}
  `)) as unknown as { rows: EntryRow[] };
  return {
    total: Number(res.rows[0]?.total ?? 0),
    entries: res.rows.map((r) => ({
      id: r.id,
      scope: r.scope,
      // A target removed from the catalogue since: the entry prices nothing; staff may delete it.
      target: r.target ?? '',
      label: r.label ?? '(no longer in the catalogue)',
      listPriceCents: r.list_price,
      priceCents: r.price_cents,
      basisPoints: r.basis_points,
      tiers: r.tiers,
    })),
  };
}

interface EntryRow {
  id: number;
  scope: Entry['scope'];
  target: string | null;
  label: string | null;
  list_price: number | null;
  price_cents: number | null;
  basis_points: number | null;
  tiers: Tier[];
  total: string | number;
}

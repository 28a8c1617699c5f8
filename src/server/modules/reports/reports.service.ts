import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { rowsOf } from '#server/modules/receivables/ledger.service.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import {
  bucketOf,
  bucketsIn,
  comparedPeriod,
  type DayRange,
  previousPeriod,
} from '#shared/reports/periods.ts';
import {
  type Breakdown,
  type BreakdownQuery,
  type BreakdownReport,
  type BreakdownRow,
  type CreditedReport,
  type Figures,
  type PagedRangeQuery,
  REPORT_PAGE_SIZE,
  type SalesReport,
  type SalesReportQuery,
} from '#shared/reports/reports.schemas.ts';
import {
  addFigures,
  dayTotals,
  figureSums,
  figuresOf,
  foldSalesRollups,
  NO_FIGURES,
  spanOf,
} from './rollup-reads.ts';

/**
 * The sales reports (decision 018), read from the rollups the invoices keep: every figure is the
 * invoices' net of credit notes on the store's days, each beside the period before.
 */

/** Sales per day, week or month of a range, each bucket beside the same bucket of the period before. */
export async function salesReport(ctx: StaffContext, q: SalesReportQuery): Promise<SalesReport> {
  await foldSalesRollups(ctx.db);
  const range = { from: q.from, to: q.to };
  const previous = comparedPeriod(range, q.grain);
  const totals = await dayTotals(ctx.db, { from: previous.from, to: range.to });
  const bucketed = (r: DayRange) => {
    const sums = new Map<string, Figures>(bucketsIn(r, q.grain).map((b) => [b, NO_FIGURES]));
    for (const [day, figures] of totals) {
      if (day < r.from || day > r.to) continue;
      const bucket = bucketOf(day, q.grain);
      sums.set(bucket, addFigures(sums.get(bucket) ?? NO_FIGURES, figures));
    }
    return [...sums.entries()];
  };
  const now = bucketed(range);
  const before = bucketed(previous);
  const sum = (rows: [string, Figures][]) => rows.reduce((a, [, f]) => addFigures(a, f), NO_FIGURES);
  return {
    range,
    previous,
    grain: q.grain,
    rows: now.map(([bucket, current], i) => ({
      bucket,
      current,
      previousBucket: before[i]?.[0] ?? '',
      previous: before[i]?.[1] ?? NO_FIGURES,
    })),
    totals: sum(now),
    previousTotals: sum(before),
  };
}

/**
 * How an item breakdown groups and names its rows: an option by its rollup key, its product, brand
 * and category by the catalogue's (a deleted option's sales fall under "No product" and so on).
 */
const ITEM_GROUPS: Partial<Record<Breakdown, { key: SQL; label: SQL; detail: SQL }>> = {
  option: {
    key: sql`"sales_item_rollups"."item_key"`,
    label: sql`min("sales_item_rollups"."description")`,
    detail: sql`min("sales_item_rollups"."sku")`,
  },
  product: { key: sql`coalesce(p.id::text, '')`, label: sql`min(p.name)`, detail: sql`min(b.name)` },
  brand: { key: sql`coalesce(b.id::text, '')`, label: sql`min(b.name)`, detail: sql`min(c.name)` },
  category: { key: sql`coalesce(c.id::text, '')`, label: sql`min(c.name)`, detail: sql`''` },
};
const CUSTOMER_KEYS: Partial<Record<Breakdown, string>> = {
  state: 'state',
  company: 'company_key',
  rep: 'rep_key',
};

/** The names of a customer breakdown's keys: states', companies' (with their rep), reps'. */
async function labels(
  db: Db,
  by: Breakdown,
  keys: string[],
): Promise<Map<string, { label: string; detail: string }>> {
  const out = new Map<string, { label: string; detail: string }>();
  const list = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  if (by === 'state') for (const k of keys) out.set(k, { label: stateName(k) || k, detail: k });
  const lookup = async (query: SQL) => {
    for (const r of rowsOf<{ key: string; label: string; detail: string }>(await db.execute(query)))
      out.set(r.key, { label: r.label, detail: r.detail ?? '' });
  };
  if (by === 'company')
    await lookup(sql`
      SELECT c.id::text AS key, c.business_name AS label, coalesce(u.name, '') AS detail
      FROM companies c LEFT JOIN users u ON u.id = c.sales_rep_id WHERE c.id::text IN ${list}`);
  if (by === 'rep')
    await lookup(
      sql`SELECT id::text AS key, name AS label, email AS detail FROM users WHERE id::text IN ${list}`,
    );
  return out;
}

const NONE_LABEL: Partial<Record<Breakdown, string>> = {
  company: 'No company',
  rep: 'No sales rep',
  category: 'No category',
  brand: 'No brand',
  product: 'No product',
};

/**
 * Sales of a range grouped by category, brand, product, option, ship-to state, company or sales
 * rep, highest sales first (a page of 50), each beside the period before; totals over every row.
 */
export async function breakdownReport(
  ctx: StaffContext,
  q: BreakdownQuery,
  pageSize = REPORT_PAGE_SIZE,
): Promise<BreakdownReport> {
  await foldSalesRollups(ctx.db);
  const range = { from: q.from, to: q.to };
  const previous = previousPeriod(range);
  const group = ITEM_GROUPS[q.by];
  const table = group ? 'sales_item_rollups' : 'sales_customer_rollups';
  const key = group?.key ?? sql.raw(`"${table}"."${CUSTOMER_KEYS[q.by]}"`);
  const now = spanOf(table, range);
  const before = spanOf(table, previous);
  const named = group ? sql`, ${group.label} AS label, ${group.detail} AS detail` : sql``;
  const catalogue = group
    ? sql`LEFT JOIN variants v ON v.id = "sales_item_rollups"."variant_id"
        LEFT JOIN products p ON p.id = v.product_id
        LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN categories c ON c.id = b.category_id`
    : sql``;
  const rows = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      SELECT ${key} AS key, ${figureSums(table, now, 'c')}, ${figureSums(table, before, 'p')} ${named}
      FROM ${sql.raw(`"${table}"`)} ${catalogue}
      WHERE ${now} OR ${before}
      GROUP BY ${key}`),
  );
  const all = rows
    .map((r) => ({ key: r.key ?? '', current: figuresOf(r, 'c'), previous: figuresOf(r, 'p'), r }))
    .sort((a, b) => b.current.goodsCents - a.current.goodsCents || a.key.localeCompare(b.key));
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const shown = all.slice((q.page - 1) * pageSize, q.page * pageSize);
  const names = group
    ? new Map(shown.map((s) => [s.key, { label: s.r.label ?? '', detail: s.r.detail ?? '' }]))
    : await labels(
        ctx.db,
        q.by,
        shown.map((s) => s.key),
      );
  const rowsOut: BreakdownRow[] = shown.map((s) => {
    const found = names.get(s.key);
    const label = s.key === '' ? (NONE_LABEL[q.by] ?? '—') : found?.label || s.key;
    return { key: s.key, label, detail: found?.detail ?? '', current: s.current, previous: s.previous };
  });
  return {
    range,
    previous,
    by: q.by,
    rows: rowsOut,
    page: q.page,
    pages,
    totals: all.reduce((a, s) => addFigures(a, s.current), NO_FIGURES),
    previousTotals: all.reduce((a, s) => addFigures(a, s.previous), NO_FIGURES),
  };
}

const NO_CREDITS = { cancelledQuantity: 0, cancelledCents: 0, creditedQuantity: 0, creditedCents: 0 };
type Credits = typeof NO_CREDITS;
const addCredits = (a: Credits, b: Credits): Credits => ({
  cancelledQuantity: a.cancelledQuantity + b.cancelledQuantity,
  cancelledCents: a.cancelledCents + b.cancelledCents,
  creditedQuantity: a.creditedQuantity + b.creditedQuantity,
  creditedCents: a.creditedCents + b.creditedCents,
});

/**
 * Cancelled and credited items of a range: units and amounts cancelled on orders placed in it (on
 * the store's days; invoiced or not), and what credit notes issued in it took back, by item.
 */
export async function creditedReport(
  ctx: StaffContext,
  q: PagedRangeQuery,
  pageSize = REPORT_PAGE_SIZE,
): Promise<CreditedReport> {
  await foldSalesRollups(ctx.db);
  const range = { from: q.from, to: q.to };
  const previous = previousPeriod(range);
  const tz = sql`(SELECT time_zone FROM receivables_settings WHERE id = 1)`;
  const start = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${tz})`;
  const end = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const read = async (r: DayRange) => {
    const cancelled = rowsOf<{ key: string; sku: string; description: string; qty: string; cents: string }>(
      await ctx.db.execute(sql`
        SELECT coalesce('v:' || i.variant_id, 'sku:' || i.sku) AS key, min(i.sku) AS sku,
          min(i.product_name || ' — ' || i.variant_name) AS description, sum(i.quantity)::text AS qty,
          sum(i.quantity * i.unit_price_cents + i.excise_cents)::text AS cents
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.status = 'cancelled' AND o.created_at >= ${start(r.from)} AND o.created_at < ${end(r.to)}
        GROUP BY 1`),
    );
    const credited = rowsOf<{ key: string; sku: string; description: string; qty: string; cents: string }>(
      await ctx.db.execute(sql`
        SELECT item_key AS key, min(sku) AS sku, min(description) AS description,
          sum(credited_quantity)::text AS qty, sum(credited_cents)::text AS cents
        FROM sales_item_rollups
        WHERE ${spanOf('sales_item_rollups', r)} AND (credited_quantity > 0 OR credited_cents > 0)
        GROUP BY item_key`),
    );
    const byKey = new Map<string, { sku: string; description: string; credits: Credits }>();
    const entry = (k: { key: string; sku: string; description: string }) => {
      const e = byKey.get(k.key) ?? { sku: k.sku, description: k.description, credits: NO_CREDITS };
      byKey.set(k.key, e);
      return e;
    };
    for (const c of cancelled)
      entry(c).credits = addCredits(entry(c).credits, {
        ...NO_CREDITS,
        cancelledQuantity: Number(c.qty),
        cancelledCents: Number(c.cents),
      });
    for (const c of credited)
      entry(c).credits = addCredits(entry(c).credits, {
        ...NO_CREDITS,
        creditedQuantity: Number(c.qty),
        creditedCents: Number(c.cents),
      });
    return byKey;
  };
  const now = await read(range);
  const before = await read(previous);
  const all = [...now.entries()]
    .map(([key, e]) => ({ key, sku: e.sku, description: e.description, ...e.credits }))
    .sort(
      (a, b) =>
        b.creditedCents + b.cancelledCents - (a.creditedCents + a.cancelledCents) ||
        a.key.localeCompare(b.key),
    );
  return {
    range,
    previous,
    rows: all.slice((q.page - 1) * pageSize, q.page * pageSize),
    page: q.page,
    pages: Math.max(1, Math.ceil(all.length / pageSize)),
    totals: all.reduce(addCredits, NO_CREDITS),
    previousTotals: [...before.values()].reduce((a, e) => addCredits(a, e.credits), NO_CREDITS),
  };
}

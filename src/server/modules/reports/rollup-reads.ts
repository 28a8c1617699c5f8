import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/modules/receivables/ledger.service.ts';
import { type DayRange, rollupSpans } from '#shared/reports/periods.ts';
import type { Figures } from '#shared/reports/reports.schemas.ts';

/**
 * Reading the sales rollups (decision 018): which rows of a daily-and-monthly rollup make up a
 * range (its whole months' monthly rows, the other days' daily rows), and the figures a row sums.
 */
/**
 * Adds the documents queued since the last fold to the rollups (db/functions/fold_sales_rollups.sql):
 * every reader calls it first, so what it reads is every document committed before it, whether or
 * not the job has come round. With nothing queued it is one lock and one empty delete.
 */
export async function foldSalesRollups(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT fold_sales_rollups() AS n`));
  return Number(row?.n ?? 0);
}

export function spanOf(table: 'sales_customer_rollups' | 'sales_item_rollups', range: DayRange): SQL {
  const t = sql.raw(`"${table}"`);
  const { months, days } = rollupSpans(range);
  const parts: SQL[] = days.map(
    (d) => sql`(${t}."grain" = 'd' AND ${t}."period" BETWEEN ${d.from}::date AND ${d.to}::date)`,
  );
  if (months)
    parts.push(
      sql`(${t}."grain" = 'm' AND ${t}."period" >= ${months.from}::date AND ${t}."period" < ${months.until}::date)`,
    );
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export const NO_FIGURES: Figures = {
  orders: 0,
  quantity: 0,
  goodsCents: 0,
  shippingCents: 0,
  exciseCents: 0,
  totalCents: 0,
  creditedQuantity: 0,
  creditedCents: 0,
};

/** Each figure summed over the rows `where` picks, as text columns named `<prefix>_<figure>`. */
export function figureSums(
  table: 'sales_customer_rollups' | 'sales_item_rollups',
  where: SQL,
  prefix: string,
): SQL {
  const t = sql.raw(`"${table}"`);
  const sum = (column: string, name: string) =>
    sql`coalesce(sum(${t}.${sql.raw(`"${column}"`)}) FILTER (WHERE ${where}), 0)::text AS ${sql.raw(`"${prefix}_${name}"`)}`;
  const zero = (name: string) => sql`'0' AS ${sql.raw(`"${prefix}_${name}"`)}`;
  const customers = table === 'sales_customer_rollups';
  return sql.join(
    [
      customers ? sum('orders', 'orders') : zero('orders'),
      customers ? zero('quantity') : sum('quantity', 'quantity'),
      sum('goods_cents', 'goods'),
      customers ? sum('shipping_cents', 'shipping') : zero('shipping'),
      sum('excise_cents', 'excise'),
      customers
        ? sum('total_cents', 'total')
        : sql`coalesce(sum(${t}."goods_cents" + ${t}."excise_cents") FILTER (WHERE ${where}), 0)::text AS ${sql.raw(`"${prefix}_total"`)}`,
      customers ? zero('credited_quantity') : sum('credited_quantity', 'credited_quantity'),
      sum('credited_cents', 'credited'),
    ],
    sql`, `,
  );
}

/** The figures `figureSums` wrote under `prefix`, as numbers. */
export function figuresOf(row: Record<string, string | number>, prefix: string): Figures {
  const n = (name: string) => Number(row[`${prefix}_${name}`] ?? 0);
  return {
    orders: n('orders'),
    quantity: n('quantity'),
    goodsCents: n('goods'),
    shippingCents: n('shipping'),
    exciseCents: n('excise'),
    totalCents: n('total'),
    creditedQuantity: n('credited_quantity'),
    creditedCents: n('credited'),
  };
}

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    orders: a.orders + b.orders,
    quantity: a.quantity + b.quantity,
    goodsCents: a.goodsCents + b.goodsCents,
    shippingCents: a.shippingCents + b.shippingCents,
    exciseCents: a.exciseCents + b.exciseCents,
    totalCents: a.totalCents + b.totalCents,
    creditedQuantity: a.creditedQuantity + b.creditedQuantity,
    creditedCents: a.creditedCents + b.creditedCents,
  };
}

export interface DayTotalsRow {
  day: string;
  orders: number;
  goods: string;
  shipping: string;
  excise: string;
  total: string;
  credited: string;
}

/** The day totals of every day with a document from `from` to `to` (one indexed range read). */
export async function dayTotals(db: Db, range: DayRange): Promise<Map<string, Figures>> {
  const rows = rowsOf<DayTotalsRow>(
    await db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, goods_cents::text AS goods,
        shipping_cents::text AS shipping, excise_cents::text AS excise, total_cents::text AS total,
        credited_cents::text AS credited
      FROM sales_day_totals WHERE day BETWEEN ${range.from}::date AND ${range.to}::date`),
  );
  return new Map(
    rows.map((r) => [
      r.day,
      {
        ...NO_FIGURES,
        orders: Number(r.orders),
        goodsCents: Number(r.goods),
        shippingCents: Number(r.shipping),
        exciseCents: Number(r.excise),
        totalCents: Number(r.total),
        creditedCents: Number(r.credited),
      },
    ]),
  );
}

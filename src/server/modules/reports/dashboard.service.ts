import { sql } from 'drizzle-orm';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { documentsToVerify } from '#server/modules/companies/verification.service.ts';
import { ordersToShip } from '#server/modules/orders/orders-staff.service.ts';
import { rowsOf, storeToday } from '#server/modules/receivables/ledger.service.ts';
import { dayPlus } from '#shared/dates.ts';
import type { Dashboard, DashboardFigures, DashboardQueue } from '#shared/reports/dashboard.schemas.ts';
import { type DayRange, dashboardPeriods } from '#shared/reports/periods.ts';
import { type StaffRole, staffMay } from '#shared/staff/staff-roles.ts';
import { dayTotals, foldSalesRollups } from './rollup-reads.ts';
import { readReportSettings } from './stock-reports.service.ts';

/**
 * The store's midnights (its time zone's, DST and all) opening each day given, as instants: worked
 * out once, in one small query, so the figures' filters compare each row with constants.
 */
async function midnights(
  ctx: ScopedStaffContext,
  zone: string,
  days: string[],
): Promise<Map<string, string>> {
  const rows = rowsOf<{ day: string; at: string }>(
    await ctx.db.execute(sql`
      SELECT d AS day, to_char(d::date::timestamp AT TIME ZONE ${zone} AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
      FROM jsonb_array_elements_text(${JSON.stringify([...new Set(days)])}::jsonb) d`),
  );
  return new Map(rows.map((r) => [r.day, r.at]));
}

/**
 * Periods' figures in one pass over the orders and companies of their days: orders placed and their
 * average (goods and delivery, before excise), new companies; sales (what invoices net of credit
 * notes say, goods and delivery) come from the day totals.
 */
async function figures(
  ctx: ScopedStaffContext,
  zone: string,
  ranges: DayRange[],
  salesOf: (r: DayRange) => number,
): Promise<DashboardFigures[]> {
  const at = await midnights(
    ctx,
    zone,
    ranges.flatMap((r) => [r.from, dayPlus(r.to, 1)]),
  );
  const instants = (r: DayRange) => ({
    start: sql`${at.get(r.from)}::timestamptz`,
    end: sql`${at.get(dayPlus(r.to, 1))}::timestamptz`,
  });
  const span = instants({
    from: ranges.reduce((m, r) => (r.from < m ? r.from : m), ranges[0]!.from),
    to: ranges.reduce((m, r) => (r.to > m ? r.to : m), ranges[0]!.to),
  });
  const columns = (column: string, table: 'o' | 'c') =>
    sql.join(
      ranges.map((r, i) => {
        const { start, end } = instants(r);
        const within = sql`${sql.raw(`${table}.created_at`)} >= ${start} AND ${sql.raw(`${table}.created_at`)} < ${end}`;
        return table === 'o'
          ? sql`count(*) FILTER (WHERE ${within})::text AS ${sql.raw(`"n${i}"`)},
              coalesce(sum(${sql.raw(column)}) FILTER (WHERE ${within}), 0)::text AS ${sql.raw(`"a${i}"`)}`
          : sql`count(*) FILTER (WHERE ${within})::text AS ${sql.raw(`"c${i}"`)}`;
      }),
      sql`, `,
    );
  const [placed] = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      SELECT ${columns('o.subtotal_cents + o.shipping_cents', 'o')} FROM orders o
      WHERE o.created_at >= ${span.start} AND o.created_at < ${span.end}`),
  );
  const [joined] = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      SELECT ${columns('', 'c')} FROM companies c
      WHERE c.created_at >= ${span.start} AND c.created_at < ${span.end}`),
  );
  return ranges.map((r, i) => {
    const orders = Number(placed?.[`n${i}`] ?? 0);
    return {
      orders,
      salesCents: salesOf(r),
      averageOrderCents: orders ? Math.round(Number(placed?.[`a${i}`] ?? 0) / orders) : 0,
      newCompanies: Number(joined?.[`c${i}`] ?? 0),
    };
  });
}

/** The queues that need someone, each counted only for a role that may open its page. */
async function queues(ctx: ScopedStaffContext, role: StaffRole, today: string): Promise<DashboardQueue[]> {
  const may = (p: Parameters<typeof staffMay>[1]) => staffMay(role, p);
  const scope = ctx.companyScope;
  const ofScope = (column: string) =>
    scope ? sql`AND ${sql.raw(column)} IN (SELECT id FROM companies WHERE sales_rep_id = ${scope})` : sql``;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string }>(await ctx.db.execute(query))[0]?.n ?? 0);
  const out: DashboardQueue[] = [];
  if (may('documents')) out.push({ key: 'documents', count: await documentsToVerify(ctx) });
  if (may('orders.read')) {
    out.push({ key: 'toShip', count: await ordersToShip(ctx) });
    out.push({
      key: 'approvals',
      count: await count(
        sql`SELECT count(*)::text AS n FROM order_requests WHERE status = 'awaiting' ${ofScope('company_id')}`,
      ),
    });
  }
  if (may('desk'))
    out.push({
      key: 'quotes',
      count: await count(
        sql`SELECT count(*)::text AS n FROM quotes WHERE status = 'requested' ${ofScope('company_id')}`,
      ),
    });
  if (may('receivables')) {
    const [row] = rowsOf<{ n: string; cents: string }>(
      await ctx.db.execute(sql`
        SELECT count(DISTINCT company_id)::text AS n, coalesce(sum(open_cents), 0)::text AS cents
        FROM invoice_balances WHERE kind = 'invoice' AND open_cents > 0 AND due_date < ${today}::date`),
    );
    out.push({ key: 'overdue', count: Number(row?.n ?? 0), amountCents: Number(row?.cents ?? 0) });
  }
  if (may('catalogue')) {
    const { defaultReorderPoint } = await readReportSettings(ctx);
    out.push({
      key: 'lowStock',
      count: await count(sql`
        SELECT count(*)::text AS n FROM variants v LEFT JOIN reorder_points r ON r.variant_id = v.id
        WHERE v.stock < coalesce(r.point, ${defaultReorderPoint})`),
    });
  }
  if (may('mail'))
    out.push({
      key: 'failingMail',
      count: await count(sql`SELECT count(*)::text AS n FROM outbox WHERE status = 'failed'`),
    });
  return out;
}

/**
 * The console's home (decision 018): today, this week and this month beside the same days before,
 * the queues, and sales per day for the last `days` days beside the `days` before; figures of
 * sales only for a role that may read reports, each queue only for a role that may open its page.
 */
export async function dashboard(ctx: ScopedStaffContext, role: StaffRole, days: 30 | 90): Promise<Dashboard> {
  const { today, settings } = await storeToday(ctx);
  const out: Dashboard = { today, periods: null, chart: null, queues: await queues(ctx, role, today) };
  if (!staffMay(role, 'reports')) return out;
  await foldSalesRollups(ctx.db);
  const chartFrom = dayPlus(today, 1 - days);
  const earliest =
    dayPlus(chartFrom, -days) < dayPlus(today, -62) ? dayPlus(chartFrom, -days) : dayPlus(today, -62);
  const totals = await dayTotals(ctx.db, { from: earliest, to: today });
  const salesOf = (r: DayRange) => {
    let cents = 0;
    for (const [day, f] of totals) if (day >= r.from && day <= r.to) cents += f.goodsCents + f.shippingCents;
    return cents;
  };
  const periods = dashboardPeriods(today);
  const names = ['today', 'week', 'month'] as const;
  const f = await figures(
    ctx,
    settings.timeZone,
    names.flatMap((n) => [periods[n].now, periods[n].before]),
    salesOf,
  );
  const period = (i: number) => ({ ...f[2 * i]!, previous: f[2 * i + 1]! });
  out.periods = { today: period(0), week: period(1), month: period(2) };
  out.chart = {
    days,
    rows: Array.from({ length: days }, (_, i) => {
      const day = dayPlus(chartFrom, i);
      const before = dayPlus(day, -days);
      return {
        day,
        salesCents: salesOf({ from: day, to: day }),
        previousDay: before,
        previousSalesCents: salesOf({ from: before, to: before }),
      };
    }),
  };
  return out;
}

import { eq, sql } from 'drizzle-orm';
import { NotFound } from '#server/errors.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { rowsOf, storeToday } from '#server/modules/receivables/ledger.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { dayPlus } from '#shared/dates.ts';
import { previousPeriod } from '#shared/reports/periods.ts';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import {
  type LowStockReport,
  type MoversReport,
  REPORT_PAGE_SIZE,
  type ReportRangeQuery,
  type ReportSettingsBody,
  type SlowMoversQuery,
  type SlowMoversReport,
} from '#shared/reports/reports.schemas.ts';
import { reorderPoints, reportSettings } from './reports.table.ts';
import { foldSalesRollups, spanOf } from './rollup-reads.ts';

/** The reports' settings (the migration writes their row). */
export async function readReportSettings(ctx: StaffContext): Promise<ReportSettingsBody> {
  const [row] = await ctx.db.select().from(reportSettings).where(eq(reportSettings.id, 1));
  if (!row) throw new Error('report_settings has no row: the migrations were not applied');
  return { defaultReorderPoint: row.defaultReorderPoint };
}

/** Saves the default reorder point, audited. */
export async function saveReportSettings(
  ctx: StaffContext,
  body: ReportSettingsBody,
): Promise<ReportSettingsBody> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reportSettings).where(eq(reportSettings.id, 1)).for('update');
    if (before?.defaultReorderPoint === body.defaultReorderPoint) return;
    await tx
      .update(reportSettings)
      .set({ defaultReorderPoint: body.defaultReorderPoint, updatedAt: ctx.now })
      .where(eq(reportSettings.id, 1));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'reports.settings',
        entity: 'report_settings',
        entityId: '1',
        before: { defaultReorderPoint: before?.defaultReorderPoint },
        after: { defaultReorderPoint: body.defaultReorderPoint },
      },
      ctx.now,
    );
  });
  return body;
}

/** Sets an option's own reorder point (null: back to the default), audited. */
export async function setReorderPoint(
  ctx: StaffContext,
  variantId: number,
  point: number | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: variants.id, sku: variants.sku })
      .from(variants)
      .where(eq(variants.id, variantId));
    if (!variant) throw new NotFound(reportsMessages.optionNotFound);
    const [before] = await tx
      .select()
      .from(reorderPoints)
      .where(eq(reorderPoints.variantId, variantId))
      .for('update');
    if ((before?.point ?? null) === point) return;
    if (point === null) await tx.delete(reorderPoints).where(eq(reorderPoints.variantId, variantId));
    else
      await tx
        .insert(reorderPoints)
        .values({ variantId, point, updatedAt: ctx.now, updatedBy: ctx.staffId })
        .onConflictDoUpdate({
          target: reorderPoints.variantId,
          set: { point, updatedAt: ctx.now, updatedBy: ctx.staffId },
        });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'reports.reorder_point',
        entity: 'variant',
        entityId: String(variantId),
        before: { sku: variant.sku, point: before?.point ?? null },
        after: { sku: variant.sku, point },
      },
      ctx.now,
    );
  });
}

/**
 * Options in stock whose stock is under their reorder point (their own, else the default), the
 * lowest share of the point first, with the units sold in the last 30 store days beside them.
 */
export async function lowStockReport(
  ctx: StaffContext,
  q: { page: number },
  pageSize = REPORT_PAGE_SIZE,
): Promise<LowStockReport> {
  await foldSalesRollups(ctx.db);
  const { defaultReorderPoint } = await readReportSettings(ctx);
  const { today } = await storeToday(ctx);
  const from = dayPlus(today, -29);
  const rows = rowsOf<{
    variant_id: number;
    sku: string;
    product: string;
    option: string;
    stock: number;
    point: number;
    own: boolean;
    sold30: string;
    total: string;
  }>(
    await ctx.db.execute(sql`
      SELECT v.id AS variant_id, v.sku, p.name AS product, v.name AS option, v.stock,
        coalesce(r.point, ${defaultReorderPoint}) AS point, r.point IS NOT NULL AS own,
        coalesce((SELECT sum(s.quantity) FROM sales_item_rollups s
          WHERE s.variant_id = v.id AND s.grain = 'd' AND s.period BETWEEN ${from}::date AND ${today}::date), 0)::text AS sold30,
        count(*) OVER ()::text AS total
      FROM variants v
      JOIN products p ON p.id = v.product_id
      LEFT JOIN reorder_points r ON r.variant_id = v.id
      WHERE v.stock < coalesce(r.point, ${defaultReorderPoint})
      ORDER BY v.stock::float / coalesce(r.point, ${defaultReorderPoint}), v.sku
      LIMIT ${pageSize} OFFSET ${(q.page - 1) * pageSize}`),
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    defaultReorderPoint,
    rows: rows.map((r) => ({
      variantId: Number(r.variant_id),
      sku: r.sku,
      product: r.product,
      option: r.option,
      stock: Number(r.stock),
      reorderPoint: Number(r.point),
      ownPoint: Boolean(r.own),
      sold30: Number(r.sold30),
    })),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

/**
 * Slow movers: options in stock with no sale in the last `days` store days (today in), those that
 * sold longest ago (or never) first. A day sold on is one with units invoiced, whatever credit
 * notes took back that day (of that day's sales or older ones).
 */
export async function slowMoversReport(
  ctx: StaffContext,
  q: SlowMoversQuery,
  pageSize = REPORT_PAGE_SIZE,
): Promise<SlowMoversReport> {
  await foldSalesRollups(ctx.db);
  const { today } = await storeToday(ctx);
  const since = dayPlus(today, 1 - q.days);
  const rows = rowsOf<{
    variant_id: number;
    sku: string;
    product: string;
    option: string;
    stock: number;
    last_sold: string | null;
    total: string;
  }>(
    await ctx.db.execute(sql`
      SELECT v.id AS variant_id, v.sku, p.name AS product, v.name AS option, v.stock,
        to_char(last.period, 'YYYY-MM-DD') AS last_sold, count(*) OVER ()::text AS total
      FROM variants v
      JOIN products p ON p.id = v.product_id
      LEFT JOIN LATERAL (
        SELECT s.period FROM sales_item_rollups s
        WHERE s.variant_id = v.id AND s.grain = 'd' AND s.quantity + s.credited_quantity > 0
        ORDER BY s.period DESC LIMIT 1
      ) last ON true
      WHERE v.stock > 0 AND (last.period IS NULL OR last.period < ${since}::date)
      ORDER BY last.period NULLS FIRST, v.sku
      LIMIT ${pageSize} OFFSET ${(q.page - 1) * pageSize}`),
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    days: q.days,
    today,
    rows: rows.map((r) => ({
      variantId: Number(r.variant_id),
      sku: r.sku,
      product: r.product,
      option: r.option,
      stock: Number(r.stock),
      lastSold: r.last_sold,
    })),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

const MOVERS_SHOWN = 20;

/**
 * Top movers of a range: the options whose units sold rose most against the period before, and
 * those that fell most (net of credited units).
 */
export async function moversReport(ctx: StaffContext, q: ReportRangeQuery): Promise<MoversReport> {
  await foldSalesRollups(ctx.db);
  const range = { from: q.from, to: q.to };
  const previous = previousPeriod(range);
  const now = spanOf('sales_item_rollups', range);
  const before = spanOf('sales_item_rollups', previous);
  const rows = rowsOf<{
    key: string;
    sku: string;
    description: string;
    now: string;
    before: string;
    goods: string;
  }>(
    await ctx.db.execute(sql`
      SELECT item_key AS key, min(sku) AS sku, min(description) AS description,
        coalesce(sum(quantity) FILTER (WHERE ${now}), 0)::text AS now,
        coalesce(sum(quantity) FILTER (WHERE ${before}), 0)::text AS before,
        coalesce(sum(goods_cents) FILTER (WHERE ${now}), 0)::text AS goods
      FROM sales_item_rollups WHERE ${now} OR ${before}
      GROUP BY item_key`),
  ).map((r) => ({
    key: r.key,
    sku: r.sku,
    description: r.description,
    quantity: Number(r.now),
    previousQuantity: Number(r.before),
    goodsCents: Number(r.goods),
    change: Number(r.now) - Number(r.before),
  }));
  const rising = rows
    .filter((r) => r.change > 0)
    .sort((a, b) => b.change - a.change || a.key.localeCompare(b.key))
    .slice(0, MOVERS_SHOWN);
  const falling = rows
    .filter((r) => r.change < 0)
    .sort((a, b) => a.change - b.change || a.key.localeCompare(b.key))
    .slice(0, MOVERS_SHOWN);
  return { range, previous, rising, falling };
}

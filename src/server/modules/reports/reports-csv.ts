import { csvLine } from '#shared/csv.ts';
import {
  BREAKDOWN_LABELS,
  type BreakdownReport,
  type CreditedReport,
  type Figures,
  type LowStockReport,
  type MoversReport,
  type SalesReport,
  type SlowMoversReport,
} from '#shared/reports/reports.schemas.ts';

/**
 * The reports as CSV (decision 018): the rows the page's table shows, every page of them, amounts
 * in dollars with two decimals (as a spreadsheet reads them), the period before beside each.
 */
const dollars = (cents: number) => (cents / 100).toFixed(2);
const file = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

const FIGURE_COLUMNS = ['Orders', 'Units', 'Goods', 'Delivery', 'Excise', 'Total', 'Credited'];
const figureCells = (f: Figures) => [
  f.orders,
  f.quantity,
  dollars(f.goodsCents),
  dollars(f.shippingCents),
  dollars(f.exciseCents),
  dollars(f.totalCents),
  dollars(f.creditedCents),
];
const before = (columns: string[]) => columns.map((c) => `${c} (period before)`);

export function salesCsv(r: SalesReport): string {
  return file([
    csvLine(['Period', ...FIGURE_COLUMNS, 'Period before', ...before(FIGURE_COLUMNS)]),
    ...r.rows.map((row) =>
      csvLine([row.bucket, ...figureCells(row.current), row.previousBucket, ...figureCells(row.previous)]),
    ),
    csvLine(['Total', ...figureCells(r.totals), '', ...figureCells(r.previousTotals)]),
  ]);
}

export function breakdownCsv(r: BreakdownReport): string {
  return file([
    csvLine([BREAKDOWN_LABELS[r.by], 'Detail', ...FIGURE_COLUMNS, ...before(FIGURE_COLUMNS)]),
    ...r.rows.map((row) =>
      csvLine([row.label, row.detail, ...figureCells(row.current), ...figureCells(row.previous)]),
    ),
    csvLine(['Total', '', ...figureCells(r.totals), ...figureCells(r.previousTotals)]),
  ]);
}

export function creditedCsv(r: CreditedReport): string {
  const cells = (c: CreditedReport['totals']) => [
    c.cancelledQuantity,
    dollars(c.cancelledCents),
    c.creditedQuantity,
    dollars(c.creditedCents),
  ];
  return file([
    csvLine(['SKU', 'Description', 'Units cancelled', 'Cancelled', 'Units credited', 'Credited']),
    ...r.rows.map((row) => csvLine([row.sku, row.description, ...cells(row)])),
    csvLine(['Total', '', ...cells(r.totals)]),
  ]);
}

export function moversCsv(r: MoversReport): string {
  const line = (direction: string) => (m: MoversReport['rising'][number]) =>
    csvLine([
      direction,
      m.sku,
      m.description,
      m.quantity,
      m.previousQuantity,
      m.change,
      dollars(m.goodsCents),
    ]);
  return file([
    csvLine(['Direction', 'SKU', 'Description', 'Units', 'Units (period before)', 'Change', 'Goods']),
    ...r.rising.map(line('Rising')),
    ...r.falling.map(line('Falling')),
  ]);
}

export function slowMoversCsv(r: SlowMoversReport): string {
  return file([
    csvLine(['SKU', 'Product', 'Option', 'Stock', 'Last sold']),
    ...r.rows.map((row) => csvLine([row.sku, row.product, row.option, row.stock, row.lastSold ?? 'Never'])),
  ]);
}

export function lowStockCsv(r: LowStockReport): string {
  return file([
    csvLine(['SKU', 'Product', 'Option', 'Stock', 'Reorder point', 'Point', 'Sold in 30 days']),
    ...r.rows.map((row) =>
      csvLine([
        row.sku,
        row.product,
        row.option,
        row.stock,
        row.reorderPoint,
        row.ownPoint ? 'Own' : 'Default',
        row.sold30,
      ]),
    ),
  ]);
}

import { csvLine } from '#shared/csv.ts';
import {
  BREAKDOWN_LABELS,
  type Breakdown,
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

/**
 * The figures a report has, as columns: orders and delivery are the documents' (sales, customers),
 * units the items' — a report never prints a column it cannot fill.
 */
type Figure = [label: string, cell: (f: Figures) => string | number];
const ORDERS: Figure = ['Orders', (f) => f.orders];
const UNITS: Figure = ['Units', (f) => f.quantity];
const GOODS: Figure = ['Goods', (f) => dollars(f.goodsCents)];
const DELIVERY: Figure = ['Delivery', (f) => dollars(f.shippingCents)];
const EXCISE: Figure = ['Excise', (f) => dollars(f.exciseCents)];
const TOTAL: Figure = ['Total', (f) => dollars(f.totalCents)];
const UNITS_CREDITED: Figure = ['Units credited', (f) => f.creditedQuantity];
const CREDITED: Figure = ['Credited', (f) => dollars(f.creditedCents)];
const DOCUMENT_FIGURES = [ORDERS, GOODS, DELIVERY, EXCISE, TOTAL, CREDITED];
const ITEM_FIGURES = [UNITS, GOODS, EXCISE, TOTAL, UNITS_CREDITED, CREDITED];
const ITEM_BREAKDOWNS: readonly Breakdown[] = ['category', 'brand', 'product', 'option'];

const labels = (figures: Figure[]) => figures.map(([label]) => label);
const cells = (figures: Figure[], f: Figures) => figures.map(([, cell]) => cell(f));
const before = (columns: string[]) => columns.map((c) => `${c} (period before)`);

export function salesCsv(r: SalesReport): string {
  const f = DOCUMENT_FIGURES;
  return file([
    csvLine(['Period', ...labels(f), 'Period before', ...before(labels(f))]),
    ...r.rows.map((row) =>
      csvLine([row.bucket, ...cells(f, row.current), row.previousBucket, ...cells(f, row.previous)]),
    ),
    csvLine(['Total', ...cells(f, r.totals), '', ...cells(f, r.previousTotals)]),
  ]);
}

export function breakdownCsv(r: BreakdownReport): string {
  const f = ITEM_BREAKDOWNS.includes(r.by) ? ITEM_FIGURES : DOCUMENT_FIGURES;
  return file([
    csvLine([BREAKDOWN_LABELS[r.by], 'Detail', ...labels(f), ...before(labels(f))]),
    ...r.rows.map((row) =>
      csvLine([row.label, row.detail, ...cells(f, row.current), ...cells(f, row.previous)]),
    ),
    csvLine(['Total', '', ...cells(f, r.totals), ...cells(f, r.previousTotals)]),
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

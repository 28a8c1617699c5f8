import { dayPlus } from '#shared/dates.ts';
import type { Dashboard } from '#shared/reports/dashboard.schemas.ts';
import type {
  BreakdownReport,
  CreditedReport,
  Figures,
  LowStockReport,
  MoversReport,
  SalesReport,
  SlowMoversReport,
} from '#shared/reports/reports.schemas.ts';

/** The reports' answers as the server gives them, for the page tests (decision 018). */

export const TODAY = '2026-11-27';

export function makeFigures(overrides: Partial<Figures> = {}): Figures {
  return {
    orders: 0,
    quantity: 0,
    goodsCents: 0,
    shippingCents: 0,
    exciseCents: 0,
    totalCents: 0,
    creditedQuantity: 0,
    creditedCents: 0,
    ...overrides,
  };
}

const period = (orders: number, salesCents: number, before: { orders: number; salesCents: number }) => ({
  orders,
  salesCents,
  averageOrderCents: orders ? Math.round(salesCents / orders) : 0,
  newCompanies: 1,
  previous: {
    ...before,
    averageOrderCents: before.orders ? Math.round(before.salesCents / before.orders) : 0,
    newCompanies: 0,
  },
});

/** An admin's dashboard: every figure and queue, 30 days of sales ($100.00 a day, $50.00 before). */
export function makeDashboard(days: 30 | 90 = 30): Dashboard {
  return {
    today: TODAY,
    periods: {
      today: period(2, 30_000, { orders: 1, salesCents: 20_000 }),
      week: period(10, 150_000, { orders: 10, salesCents: 150_000 }),
      month: period(40, 600_000, { orders: 0, salesCents: 0 }),
    },
    queues: [
      { key: 'documents', count: 3 },
      { key: 'toShip', count: 5 },
      { key: 'approvals', count: 1 },
      { key: 'quotes', count: 2 },
      { key: 'overdue', count: 2, amountCents: 123_456 },
      { key: 'lowStock', count: 4 },
      { key: 'failingMail', count: 0 },
    ],
    chart: {
      days,
      rows: Array.from({ length: days }, (_, i) => {
        const day = dayPlus(TODAY, i + 1 - days);
        return { day, salesCents: 10_000, previousDay: dayPlus(day, -days), previousSalesCents: 5_000 };
      }),
    },
  };
}

/** A warehouse member's: no figures, its own queue only. */
export const warehouseDashboard = (): Dashboard => ({
  today: TODAY,
  periods: null,
  queues: [{ key: 'toShip', count: 7 }],
  chart: null,
});

export const RANGE = { from: '2026-10-29', to: TODAY };
export const PREVIOUS = { from: '2026-09-29', to: '2026-10-28' };

/** Three weeks of sales beside the three before. */
export function makeSalesReport(): SalesReport {
  const week = (bucket: string, goodsCents: number, previousBucket: string, before: number) => ({
    bucket,
    current: makeFigures({ orders: 2, quantity: 4, goodsCents, totalCents: goodsCents + 500 }),
    previousBucket,
    previous: makeFigures({ goodsCents: before, totalCents: before }),
  });
  return {
    range: { from: '2026-11-09', to: TODAY },
    previous: { from: '2026-10-21', to: '2026-11-08' },
    grain: 'week',
    rows: [
      week('2026-11-09', 12_345, '2026-10-19', 10_000),
      week('2026-11-16', 54_321, '2026-10-26', 0),
      week('2026-11-23', 20_000, '2026-11-02', 40_000),
    ],
    totals: makeFigures({ orders: 6, quantity: 12, goodsCents: 86_666, totalCents: 88_166 }),
    previousTotals: makeFigures({ orders: 3, goodsCents: 50_000, totalCents: 50_000 }),
  };
}

export function makeBreakdown(overrides: Partial<BreakdownReport> = {}): BreakdownReport {
  return {
    range: RANGE,
    previous: PREVIOUS,
    by: 'brand',
    rows: [
      {
        key: 'nimbus',
        label: 'Nimbus Bar',
        detail: '',
        current: makeFigures({ orders: 4, quantity: 9, goodsCents: 45_600, totalCents: 47_000 }),
        previous: makeFigures({ goodsCents: 30_400 }),
      },
      {
        key: 'cloudtide',
        label: 'Cloudtide',
        detail: '',
        current: makeFigures({ orders: 1, quantity: 2, goodsCents: 7_800, totalCents: 8_000 }),
        previous: makeFigures(),
      },
    ],
    page: 1,
    pages: 3,
    totals: makeFigures({ orders: 5, quantity: 11, goodsCents: 53_400, totalCents: 55_000 }),
    previousTotals: makeFigures({ orders: 2, goodsCents: 30_400 }),
    ...overrides,
  };
}

export function makeCredited(): CreditedReport {
  const none = { cancelledQuantity: 0, cancelledCents: 0, creditedQuantity: 0, creditedCents: 0 };
  return {
    range: RANGE,
    previous: PREVIOUS,
    rows: [
      {
        key: 'SS-1003-10',
        sku: 'SS-1003-10',
        description: 'Nimbus Bar Ultra — Mango Ice',
        cancelledQuantity: 2,
        cancelledCents: 3_000,
        creditedQuantity: 1,
        creditedCents: 1_725,
      },
    ],
    page: 1,
    pages: 1,
    totals: { cancelledQuantity: 2, cancelledCents: 3_000, creditedQuantity: 1, creditedCents: 1_725 },
    previousTotals: none,
  };
}

export function makeMovers(): MoversReport {
  const mover = (sku: string, quantity: number, previousQuantity: number) => ({
    key: sku,
    sku,
    description: `Option ${sku}`,
    quantity,
    previousQuantity,
    change: quantity - previousQuantity,
    goodsCents: quantity * 1_500,
  });
  return { range: RANGE, previous: PREVIOUS, rising: [mover('UP-1', 30, 6)], falling: [mover('DOWN-1', 2, 15)] };
}

export function makeSlowMovers(): SlowMoversReport {
  return {
    days: 60,
    today: TODAY,
    rows: [
      { variantId: 7, sku: 'SLOW-7', product: 'Glass Bong', option: 'Blue', stock: 42, lastSold: '2026-08-01' },
      { variantId: 8, sku: 'SLOW-8', product: 'Glass Bong', option: 'Red', stock: 5, lastSold: null },
    ],
    page: 1,
    pages: 1,
    total: 2,
  };
}

export function makeLowStock(): LowStockReport {
  return {
    defaultReorderPoint: 10,
    rows: [
      {
        variantId: 11,
        sku: 'LOW-11',
        product: 'Nimbus Bar Ultra',
        option: 'Mango Ice',
        stock: 3,
        reorderPoint: 10,
        ownPoint: false,
        sold30: 25,
      },
      {
        variantId: 12,
        sku: 'LOW-12',
        product: 'Nimbus Bar Ultra',
        option: 'Blue Razz',
        stock: 1,
        reorderPoint: 4,
        ownPoint: true,
        sold30: 2,
      },
    ],
    page: 1,
    pages: 1,
    total: 2,
  };
}

import type { ReportGrain } from '#shared/reports/periods.ts';
import type { Breakdown } from '#shared/reports/reports.schemas.ts';
import { consoleRead } from '#web/lib/console-api.ts';

/** The reports console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const dashboardQuery = (days: 30 | 90) => consoleRead('dashboard', 'DashboardSchema', { days });

type Range = { from: string; to: string };

export const salesReportQuery = (q: Range & { grain: ReportGrain }) =>
  consoleRead('reports/sales', 'SalesReportSchema', q);
export const breakdownQuery = (q: Range & { by: Breakdown; page: number }) =>
  consoleRead('reports/breakdown', 'BreakdownReportSchema', q);
export const creditedQuery = (q: Range & { page: number }) =>
  consoleRead('reports/credited', 'CreditedReportSchema', q);
export const moversQuery = (q: Range) => consoleRead('reports/movers', 'MoversReportSchema', q);
export const slowMoversQuery = (q: { days: number; page: number }) =>
  consoleRead('reports/slow-movers', 'SlowMoversReportSchema', q);
export const lowStockQuery = (page: number) =>
  consoleRead('reports/low-stock', 'LowStockReportSchema', { page });
export const reportSettingsQuery = () => consoleRead('reports/settings', 'ReportSettingsBodySchema');

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatDay } from '#shared/dates.ts';
import { daysBetween } from '#shared/receivables/store-day.ts';
import {
  REPORT_PAGE_SIZE,
  SlowMoversQuerySchema,
  type SlowMoversReport,
} from '#shared/reports/reports.schemas.ts';
import { Button, DataTable, Pager } from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { ApiError, apiUrl } from '#web/lib/api-client.ts';
import { ChartFigure, scrollsWhenLong } from './chart-figure.tsx';
import { BarsChart } from './lazy-charts.tsx';
import { slowMoversQuery } from './queries.ts';
import { formatCount, plural } from './report-format.ts';
import { CsvLink, ReportState, useReportRange } from './report-range.tsx';

const CHART_ROWS = 10;

/** Options in stock that have not sold in the last N days (60 unless asked), the most stock first in the chart. */
export function SlowMoversPage() {
  const { params, page, change, setPage } = useReportRange();
  const days = Number(params.get('days')) || 60;
  const report = useQuery(slowMoversQuery({ days, page }));
  return (
    <div className="space-y-4">
      <DaysForm days={days} onApply={(d) => change({ days: String(d) })} error={report.error} />
      <div className="flex justify-end">
        <CsvLink href={apiUrl('admin/reports/slow-movers.csv', { days })} />
      </div>
      <ReportState query={report}>
        {(r) => (
          <>
            <SlowMoversView report={r} />
            <Pager page={r.page} pageSize={REPORT_PAGE_SIZE} total={r.total} onPage={setPage} />
          </>
        )}
      </ReportState>
    </div>
  );
}

function DaysForm({ days, onApply, error }: { days: number; onApply: (d: number) => void; error: unknown }) {
  const form = useZodForm(SlowMoversQuerySchema, { defaultValues: { days, page: 1 } });
  const { reset, serverError } = form;
  useEffect(() => reset({ days, page: 1 }), [days, reset]);
  const refused = error instanceof ApiError && error.field === 'days' ? error : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once per refusal
  useEffect(() => {
    if (refused) serverError(refused);
  }, [refused]);
  return (
    <form
      aria-label="Slow movers"
      noValidate
      onSubmit={form.handleSubmit((q) => onApply(q.days))}
      className="grid items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-[1fr_auto]"
    >
      <Field
        label="No sale in the last (days)"
        inputMode="numeric"
        hint="Options in stock with no sale in this many of the store's days, today in."
        {...form.field('days')}
      />
      <div className="sm:pt-6">
        <Button type="submit" className="w-full">
          Show report
        </Button>
      </div>
    </form>
  );
}

const HEAD = ['Option', 'SKU', 'Stock', 'Last sold', 'Days without a sale'];

function SlowMoversView({ report: r }: { report: SlowMoversReport }) {
  const title = 'Stock of options not selling';
  const charted = [...r.rows].sort((a, b) => b.stock - a.stock).slice(0, CHART_ROWS);
  const summary =
    `${plural(r.total, 'option')} in stock had no sale in the last ${plural(r.days, 'day')}` +
    (charted.length
      ? `; the chart shows the ${charted.length} with the most stock${r.total > r.rows.length ? ` on page ${r.page}` : ''}.`
      : '.');
  if (r.rows.length === 0)
    return <p className="text-gray-800">Every option in stock sold in the last {plural(r.days, 'day')}.</p>;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      tableLabel={scrollsWhenLong(r.rows.length, 'Slow movers')}
      chart={
        <BarsChart
          title={title}
          summary={summary}
          data={charted.map((row) => ({ name: `${row.product} — ${row.option}`, stock: row.stock }))}
          nameKey="name"
          series={[{ key: 'stock', name: 'Units in stock', tone: 'now' }]}
          value={formatCount}
          axis={formatCount}
        />
      }
      table={
        <DataTable caption="Slow movers" head={HEAD}>
          {r.rows.map((row) => (
            <tr key={row.variantId}>
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                {row.product}
                <span className="block text-xs font-normal text-gray-700">{row.option}</span>
              </th>
              <td className="px-3 py-2 font-mono text-xs">{row.sku}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(row.stock)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {row.lastSold ? formatDay(row.lastSold) : 'Never'}
              </td>
              <td className="px-3 py-2 tabular-nums">
                {row.lastSold ? formatCount(daysBetween(row.lastSold, r.today)) : 'never sold'}
              </td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

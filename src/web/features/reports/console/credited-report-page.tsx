import { useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/money.ts';
import type { CreditedReport } from '#shared/reports/reports.schemas.ts';
import { DataTable } from '#web/components/console/console-ui.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { ChartFigure, scrollsWhenLong } from './chart-figure.tsx';
import { ComparedFigures } from './figures.tsx';
import { BarsChart } from './lazy-charts.tsx';
import { creditedQuery } from './queries.ts';
import { changeWords, compactCents, formatCount, spanWords } from './report-format.ts';
import { CsvLink, PagesNav, RangeForm, ReportState, useReportRange } from './report-range.tsx';

const CHART_ROWS = 10;

/**
 * Items cancelled on orders placed in a range, and what credit notes issued in it took back (excise
 * in), per option, beside the period before's totals.
 */
export function CreditedReportPage() {
  const { range, page, change, setPage } = useReportRange();
  const report = useQuery(creditedQuery({ ...range, page }));
  return (
    <div className="space-y-4">
      <RangeForm range={range} onApply={change} error={report.error} />
      <div className="flex justify-end">
        <CsvLink href={apiUrl('admin/reports/credited.csv', range)} />
      </div>
      <ReportState query={report}>
        {(r) => (
          <>
            <CreditedView report={r} />
            <PagesNav page={r.page} pages={r.pages} onPage={setPage} />
          </>
        )}
      </ReportState>
    </div>
  );
}

const HEAD = ['Option', 'Units cancelled', 'Cancelled', 'Units credited', 'Credited'];

function CreditedView({ report: r }: { report: CreditedReport }) {
  const t = r.totals;
  const p = r.previousTotals;
  const title = 'Cancelled and credited, by option';
  const charted = [...r.rows]
    .sort((a, b) => b.cancelledCents + b.creditedCents - (a.cancelledCents + a.creditedCents))
    .slice(0, CHART_ROWS);
  const summary =
    `Cancelled ${formatCents(t.cancelledCents)} (${changeWords(t.cancelledCents, p.cancelledCents, 'none before')}) ` +
    `and credited ${formatCents(t.creditedCents)} (${changeWords(t.creditedCents, p.creditedCents, 'none before')}) ` +
    `over ${spanWords(r.range)}` +
    (charted.length
      ? `; the chart shows the ${charted.length} largest options${r.pages > 1 ? ` of page ${r.page}` : ''}.`
      : '.');
  const cell = 'px-3 py-2 tabular-nums';
  return (
    <>
      <ComparedFigures
        label="Totals"
        range={r.range}
        previous={r.previous}
        figures={[
          {
            label: 'Cancelled',
            current: t.cancelledCents,
            previous: p.cancelledCents,
            format: formatCents,
            none: 'none before',
          },
          {
            label: 'Units cancelled',
            current: t.cancelledQuantity,
            previous: p.cancelledQuantity,
            format: formatCount,
            none: 'none before',
          },
          {
            label: 'Credited',
            current: t.creditedCents,
            previous: p.creditedCents,
            format: formatCents,
            none: 'none before',
          },
          {
            label: 'Units credited',
            current: t.creditedQuantity,
            previous: p.creditedQuantity,
            format: formatCount,
            none: 'none before',
          },
        ]}
      />
      {r.rows.length === 0 ? (
        <p className="text-gray-800">Nothing was cancelled or credited in this range.</p>
      ) : (
        <ChartFigure
          title={title}
          summary={summary}
          tableLabel={scrollsWhenLong(r.rows.length, 'Cancelled and credited items')}
          chart={
            <BarsChart
              title={title}
              summary={summary}
              data={charted.map((row) => ({
                name: `${row.description} (${row.sku})`,
                cancelled: row.cancelledCents,
                credited: row.creditedCents,
              }))}
              nameKey="name"
              series={[
                { key: 'cancelled', name: 'Cancelled', tone: 'warn' },
                { key: 'credited', name: 'Credited', tone: 'now' },
              ]}
              value={formatCents}
              axis={compactCents}
            />
          }
          table={
            <DataTable caption="Cancelled and credited items" head={HEAD}>
              {r.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {row.description}
                    <span className="block font-mono text-xs font-normal text-gray-700">{row.sku}</span>
                  </th>
                  <td className={cell}>{formatCount(row.cancelledQuantity)}</td>
                  <td className={cell}>{formatCents(row.cancelledCents)}</td>
                  <td className={cell}>{formatCount(row.creditedQuantity)}</td>
                  <td className={cell}>{formatCents(row.creditedCents)}</td>
                </tr>
              ))}
            </DataTable>
          }
        />
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/money.ts';
import type { MoversReport } from '#shared/reports/reports.schemas.ts';
import { DataTable } from '#web/components/console/console-ui.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { ChartFigure } from './chart-figure.tsx';
import { BarsChart } from './lazy-charts.tsx';
import { moversQuery } from './queries.ts';
import { formatCount, formatRange, plural } from './report-format.ts';
import { CsvLink, RangeForm, ReportState, useReportRange } from './report-range.tsx';

/** The options whose units sold rose or fell most against the period before. */
export function MoversReportPage() {
  const { range, change } = useReportRange();
  const report = useQuery(moversQuery(range));
  return (
    <div className="space-y-4">
      <RangeForm range={range} onApply={change} error={report.error} />
      <div className="flex justify-end">
        <CsvLink href={apiUrl('admin/reports/movers.csv', range)} />
      </div>
      <ReportState query={report}>{(r) => <MoversView report={r} />}</ReportState>
    </div>
  );
}

type Mover = MoversReport['rising'][number];
const HEAD = ['Option', 'Direction', 'Units', 'Units before', 'Change', 'Goods'];
/** A change in units with its sign: "+12", "-3". */
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));

function MoversView({ report: r }: { report: MoversReport }) {
  const title = 'Change in units sold, by option';
  const rows: [Mover, 'Rising' | 'Falling'][] = [
    ...r.rising.map((m): [Mover, 'Rising'] => [m, 'Rising']),
    ...r.falling.map((m): [Mover, 'Falling'] => [m, 'Falling']),
  ];
  const summary = `Units sold ${formatRange(r.range)} against ${formatRange(r.previous)}: ${plural(r.rising.length, 'option')} rose and ${plural(r.falling.length, 'option')} fell most.`;
  return (
    <>
      <p className="text-sm text-gray-800">
        <strong>{formatRange(r.range)}</strong> compared with the period before,{' '}
        <strong>{formatRange(r.previous)}</strong>.
      </p>
      {rows.length === 0 ? (
        <p className="text-gray-800">No option sold more or less than in the period before.</p>
      ) : (
        <ChartFigure
          title={title}
          summary={summary}
          chart={
            <BarsChart
              title={title}
              summary={summary}
              // Rising and falling stack in one bar slot: each option has one of the two.
              data={rows.map(([m, way]) => ({
                name: `${m.description} (${m.sku})`,
                rose: way === 'Rising' ? m.change : 0,
                fell: way === 'Falling' ? m.change : 0,
              }))}
              nameKey="name"
              series={[
                { key: 'rose', name: 'Rose (units)', tone: 'good', stack: 'change' },
                { key: 'fell', name: 'Fell (units)', tone: 'warn', stack: 'change' },
              ]}
              value={signed}
              axis={signed}
            />
          }
          table={
            <DataTable caption="Top movers" head={HEAD}>
              {rows.map(([m, way]) => (
                <tr key={`${way}-${m.key}`}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {m.description}
                    <span className="block font-mono text-xs font-normal text-gray-700">{m.sku}</span>
                  </th>
                  <td className="px-3 py-2">{way}</td>
                  <td className="px-3 py-2 tabular-nums">{formatCount(m.quantity)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatCount(m.previousQuantity)}</td>
                  <td className="px-3 py-2 font-semibold tabular-nums">{signed(m.change)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatCents(m.goodsCents)}</td>
                </tr>
              ))}
            </DataTable>
          }
        />
      )}
    </>
  );
}

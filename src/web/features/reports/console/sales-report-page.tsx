import { useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/money.ts';
import { REPORT_GRAINS, type ReportGrain } from '#shared/reports/periods.ts';
import type { SalesReport } from '#shared/reports/reports.schemas.ts';
import { DataTable } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { ChartFigure, scrollsWhenLong } from './chart-figure.tsx';
import { ComparedFigures, salesFigures } from './figures.tsx';
import { LinesChart } from './lazy-charts.tsx';
import { salesReportQuery } from './queries.ts';
import {
  bucketLabel,
  bucketTick,
  changeWords,
  compactCents,
  formatCount,
  spanWords,
  summarySentence,
} from './report-format.ts';
import { CsvLink, RangeForm, ReportState, useReportRange, withParam } from './report-range.tsx';

const GRAIN_LABELS: Record<ReportGrain, string> = { day: 'Per day', week: 'Per week', month: 'Per month' };
const isGrain = (g: string | null): g is ReportGrain => REPORT_GRAINS.includes(g as ReportGrain);

/** Sales of a range per day, week or month, each beside the same bucket of the period before. */
export function SalesReportPage() {
  const { params, range, change } = useReportRange();
  const asked = params.get('grain');
  const grain: ReportGrain = isGrain(asked) ? asked : 'day';
  const report = useQuery(salesReportQuery({ ...range, grain }));
  return (
    <div className="space-y-4">
      <RangeForm range={range} onApply={change} error={report.error} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <TabLinks
          label="Sales per"
          current={grain}
          tabs={REPORT_GRAINS.map((g) => ({
            value: g,
            label: GRAIN_LABELS[g],
            to: withParam(params, 'grain', g),
          }))}
        />
        <CsvLink href={apiUrl('admin/reports/sales.csv', { ...range, grain })} />
      </div>
      <ReportState query={report}>{(r) => <SalesView report={r} />}</ReportState>
    </div>
  );
}

// No units: the day totals the report reads count orders, not units (the breakdown by option has them).
const HEAD = ['Period', 'Orders', 'Goods', 'Total', 'Credited', 'Period before', 'Goods before', 'Change'];

function SalesView({ report: r }: { report: SalesReport }) {
  const title = `Goods sold ${GRAIN_LABELS[r.grain].toLowerCase()}`;
  const summary = summarySentence({
    what: 'Goods sold',
    cents: r.totals.goodsCents,
    previousCents: r.previousTotals.goodsCents,
    span: spanWords(r.range),
  });
  const data = r.rows.map((row) => ({
    bucket: row.bucket,
    goods: row.current.goodsCents,
    before: row.previous.goodsCents,
  }));
  const money = 'px-3 py-2 tabular-nums';
  return (
    <>
      <ComparedFigures
        label="Totals"
        range={r.range}
        previous={r.previous}
        figures={salesFigures(r.totals, r.previousTotals, 'orders')}
      />
      <ChartFigure
        title={title}
        summary={summary}
        tableLabel={scrollsWhenLong(r.rows.length, `Sales ${GRAIN_LABELS[r.grain].toLowerCase()}`)}
        chart={
          <LinesChart
            title={title}
            summary={summary}
            data={data}
            xKey="bucket"
            tick={(b) => bucketTick(b, r.grain)}
            label={(b) => bucketLabel(b, r.grain)}
            series={[
              { key: 'goods', name: 'This period', tone: 'now' },
              { key: 'before', name: 'The period before', tone: 'before', dashed: true },
            ]}
            value={formatCents}
            axis={compactCents}
          />
        }
        table={
          <DataTable caption={`Sales ${GRAIN_LABELS[r.grain].toLowerCase()}`} head={HEAD}>
            {r.rows.map((row) => (
              <tr key={row.bucket}>
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                  {bucketLabel(row.bucket, r.grain)}
                </th>
                <td className={money}>{formatCount(row.current.orders)}</td>
                <td className={`${money} font-semibold`}>{formatCents(row.current.goodsCents)}</td>
                <td className={money}>{formatCents(row.current.totalCents)}</td>
                <td className={money}>{formatCents(row.current.creditedCents)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{bucketLabel(row.previousBucket, r.grain)}</td>
                <td className={money}>{formatCents(row.previous.goodsCents)}</td>
                <td className="px-3 py-2">{changeWords(row.current.goodsCents, row.previous.goodsCents)}</td>
              </tr>
            ))}
            <tr className="bg-gray-50 font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              <td className={money}>{formatCount(r.totals.orders)}</td>
              <td className={money}>{formatCents(r.totals.goodsCents)}</td>
              <td className={money}>{formatCents(r.totals.totalCents)}</td>
              <td className={money}>{formatCents(r.totals.creditedCents)}</td>
              <td className="px-3 py-2">—</td>
              <td className={money}>{formatCents(r.previousTotals.goodsCents)}</td>
              <td className="px-3 py-2">{changeWords(r.totals.goodsCents, r.previousTotals.goodsCents)}</td>
            </tr>
          </DataTable>
        }
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/money.ts';
import {
  BREAKDOWN_LABELS,
  BREAKDOWNS,
  type Breakdown,
  type BreakdownReport,
} from '#shared/reports/reports.schemas.ts';
import { DataTable } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { ChartFigure, scrollsWhenLong } from './chart-figure.tsx';
import { ComparedFigures, salesFigures } from './figures.tsx';
import { BarsChart } from './lazy-charts.tsx';
import { breakdownQuery } from './queries.ts';
import { changeWords, compactCents, formatCount, spanWords, summarySentence } from './report-format.ts';
import { CsvLink, PagesNav, RangeForm, ReportState, useReportRange, withParam } from './report-range.tsx';

const isBreakdown = (b: string | null): b is Breakdown => BREAKDOWNS.includes(b as Breakdown);
/** How many of a page's rows the chart draws (the largest; the table has them all). */
export const CHART_ROWS = 10;

const PLURALS: Record<Breakdown, string> = {
  category: 'categories',
  brand: 'brands',
  product: 'products',
  option: 'options',
  state: 'states',
  company: 'companies',
  rep: 'sales reps',
};

/** Sales of a range by category, brand, product, option, ship-to state, company or sales rep. */
export function BreakdownReportPage() {
  const { params, range, page, change, setPage } = useReportRange();
  const asked = params.get('by');
  const by: Breakdown = isBreakdown(asked) ? asked : 'category';
  const report = useQuery(breakdownQuery({ ...range, by, page }));
  return (
    <div className="space-y-4">
      <RangeForm range={range} onApply={change} error={report.error} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <TabLinks
          label="Group sales by"
          current={by}
          tabs={BREAKDOWNS.map((b) => ({
            value: b,
            label: BREAKDOWN_LABELS[b],
            to: withParam(params, 'by', b),
          }))}
        />
        <CsvLink href={apiUrl('admin/reports/breakdown.csv', { ...range, by })} />
      </div>
      <ReportState query={report}>
        {(r) => (
          <>
            <BreakdownView report={r} />
            <PagesNav page={r.page} pages={r.pages} onPage={setPage} />
          </>
        )}
      </ReportState>
    </div>
  );
}

/** "the 10 largest categories of page 2", "the one category". */
function chartedWords(r: BreakdownReport, n: number): string {
  const what =
    n === 1 ? `the one ${BREAKDOWN_LABELS[r.by].toLowerCase()}` : `the ${n} largest ${PLURALS[r.by]}`;
  return r.pages > 1 ? `${what} of page ${r.page}` : what;
}

/**
 * What a breakdown counts: sales of catalogue items count units (an order's lines fall into several
 * rows), sales to customers count orders (what an order holds is not split by customer).
 */
const COUNTS: Record<Breakdown, { key: 'orders' | 'quantity'; label: string }> = {
  category: { key: 'quantity', label: 'Units' },
  brand: { key: 'quantity', label: 'Units' },
  product: { key: 'quantity', label: 'Units' },
  option: { key: 'quantity', label: 'Units' },
  state: { key: 'orders', label: 'Orders' },
  company: { key: 'orders', label: 'Orders' },
  rep: { key: 'orders', label: 'Orders' },
};

function BreakdownView({ report: r }: { report: BreakdownReport }) {
  const label = BREAKDOWN_LABELS[r.by];
  const title = `Goods sold by ${label.toLowerCase()}`;
  const charted = r.rows.slice(0, CHART_ROWS);
  const summary = summarySentence({
    what: 'Goods sold',
    cents: r.totals.goodsCents,
    previousCents: r.previousTotals.goodsCents,
    span: spanWords(r.range),
    tail: charted.length ? `; the chart shows ${chartedWords(r, charted.length)}` : '',
  });
  const money = 'px-3 py-2 tabular-nums';
  const counted = COUNTS[r.by];
  return (
    <>
      <ComparedFigures
        label="Totals"
        range={r.range}
        previous={r.previous}
        figures={salesFigures(r.totals, r.previousTotals, counted.key)}
      />
      {r.rows.length === 0 ? (
        <p className="text-gray-800">No sales in this range.</p>
      ) : (
        <ChartFigure
          title={title}
          summary={summary}
          tableLabel={scrollsWhenLong(r.rows.length, `Sales by ${label.toLowerCase()}`)}
          chart={
            <BarsChart
              title={title}
              summary={summary}
              data={charted.map((row) => ({
                name: row.label,
                goods: row.current.goodsCents,
                before: row.previous.goodsCents,
              }))}
              nameKey="name"
              series={[
                { key: 'goods', name: 'This period', tone: 'now' },
                { key: 'before', name: 'The period before', tone: 'before', dashed: true },
              ]}
              value={formatCents}
              axis={compactCents}
            />
          }
          table={
            <DataTable
              caption={`Sales by ${label.toLowerCase()}`}
              head={['Name', counted.label, 'Goods', 'Total', 'Goods before', 'Change']}
            >
              {r.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {row.label}
                    {row.detail && row.detail !== row.label && (
                      <span className="block text-xs font-normal text-gray-700">{row.detail}</span>
                    )}
                  </th>
                  <td className={money}>{formatCount(row.current[counted.key])}</td>
                  <td className={`${money} font-semibold`}>{formatCents(row.current.goodsCents)}</td>
                  <td className={money}>{formatCents(row.current.totalCents)}</td>
                  <td className={money}>{formatCents(row.previous.goodsCents)}</td>
                  <td className="px-3 py-2">
                    {changeWords(row.current.goodsCents, row.previous.goodsCents)}
                  </td>
                </tr>
              ))}
            </DataTable>
          }
        />
      )}
    </>
  );
}

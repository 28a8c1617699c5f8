import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Dashboard } from '#shared/reports/dashboard.schemas.ts';
import { DataTable, PageTitle } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { PeriodTiles, QueueList } from './dashboard-tiles.tsx';
import { LinesChart } from './lazy-charts.tsx';
import { dashboardQuery } from './queries.ts';
import { bucketTick, compactCents, summarySentence } from './report-format.ts';

/**
 * The console's home (decision 018), for every staff member: what waits for their role, and for
 * a role that reads reports, today, this week and this month beside the period before and sales
 * per day for the last 30 or 90 days beside the days before (`?days=90`).
 */
export function DashboardPage() {
  const [params] = useSearchParams();
  const days = params.get('days') === '90' ? 90 : 30;
  const dashboard = useQuery(dashboardQuery(days));
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <ListState query={dashboard} isEmpty={() => false} empty="">
        {(d) => (
          <div className="space-y-6">
            <p className="-mt-3 text-sm text-gray-700">The store's day: {formatDay(d.today)}.</p>
            {d.periods && <PeriodTiles periods={d.periods} />}
            <QueueList queues={d.queues} />
            {d.chart && <SalesPerDay chart={d.chart} />}
          </div>
        )}
      </ListState>
    </>
  );
}

function SalesPerDay({ chart }: { chart: NonNullable<Dashboard['chart']> }) {
  const { days, rows } = chart;
  const data = rows.map((r) => ({ day: r.day, sales: r.salesCents, before: r.previousSalesCents }));
  const total = rows.reduce((n, r) => n + r.salesCents, 0);
  const before = rows.reduce((n, r) => n + r.previousSalesCents, 0);
  const title = `Sales per day, last ${days} days`;
  const summary = summarySentence({
    what: 'Sales',
    cents: total,
    previousCents: before,
    span: `${days} days`,
  });
  return (
    <ChartFigure
      title={title}
      summary={summary}
      side
      tableLabel={`${title}, as a table`}
      actions={
        <TabLinks
          label="Days shown"
          current={String(days)}
          tabs={[
            { value: '30', label: '30 days', to: '?days=30' },
            { value: '90', label: '90 days', to: '?days=90' },
          ]}
        />
      }
      chart={
        <LinesChart
          title={title}
          summary={summary}
          data={data}
          xKey="day"
          tick={(day) => bucketTick(day)}
          label={formatDay}
          series={[
            { key: 'sales', name: `Last ${days} days`, tone: 'now' },
            { key: 'before', name: `The ${days} days before`, tone: 'before', dashed: true },
          ]}
          value={formatCents}
          axis={compactCents}
        />
      }
      table={
        <DataTable caption={title} head={['Day', 'Sales', 'Compared with', 'Sales then']} narrow>
          {/* Newest first: the days staff look at first are on top (the chart reads left to right). */}
          {[...rows].reverse().map((r) => (
            <tr key={r.day}>
              <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                {formatDay(r.day)}
              </th>
              <td className="px-3 py-2 tabular-nums">{formatCents(r.salesCents)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(r.previousDay)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCents(r.previousSalesCents)}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { Loading, PageTitle } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { dashboardQuery } from './queries.ts';
import { useKnownStoreToday } from './report-range.tsx';

export const REPORTS = [
  { value: 'sales', label: 'Sales' },
  { value: 'breakdown', label: 'Breakdown' },
  { value: 'credited', label: 'Cancelled & credited' },
  { value: 'movers', label: 'Movers' },
  { value: 'slow-movers', label: 'Slow movers' },
] as const;

/**
 * The reports (decision 018), one tab each; moving between them keeps the range, so the same days
 * are read from each side. A report opened without a range shows the 30 days ending the store's
 * today: when the console has not read it yet (opened straight from its address), the dashboard
 * is read first, so that near midnight the range is not the viewer's day but the store's.
 */
export function ReportsLayout() {
  const { pathname, search } = useLocation();
  const known = useKnownStoreToday() !== undefined;
  const ranged = ['from', 'to'].every((k) => new URLSearchParams(search).get(k));
  const store = useQuery({ ...dashboardQuery(30), enabled: !known && !ranged });
  const current = pathname.split('/')[3] ?? 'sales';
  const asked = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const k of ['from', 'to']) {
    const v = asked.get(k);
    if (v) keep.set(k, v);
  }
  const query = keep.size ? `?${keep}` : '';
  return (
    <>
      <PageTitle>Reports</PageTitle>
      <TabLinks
        label="Reports"
        current={current}
        tabs={REPORTS.map((r) => ({ ...r, to: `/admin/reports/${r.value}${query}` }))}
      />
      {/* If the dashboard cannot be read, the viewer's own day stands in (useStoreToday). */}
      {!known && !ranged && store.isPending ? <Loading /> : <Outlet />}
    </>
  );
}

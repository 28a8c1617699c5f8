import { Outlet, useLocation } from 'react-router';
import { PageTitle } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';

export const REPORTS = [
  { value: 'sales', label: 'Sales' },
  { value: 'breakdown', label: 'Breakdown' },
  { value: 'credited', label: 'Cancelled & credited' },
  { value: 'movers', label: 'Movers' },
  { value: 'slow-movers', label: 'Slow movers' },
] as const;

/**
 * The reports (decision 018), one tab each; moving between them keeps the range, so the same days
 * are read from each side.
 */
export function ReportsLayout() {
  const { pathname, search } = useLocation();
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
      <Outlet />
    </>
  );
}

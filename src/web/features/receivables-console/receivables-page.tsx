import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents } from '#shared/money.ts';
import type { ReceivablesRow } from '#shared/receivables/payments.schemas.ts';
import { AGING_BUCKETS } from '#shared/receivables/store-day.ts';
import {
  Badge,
  DataTable,
  FilterForm,
  Pager,
  PageTitle,
  Panel,
  Select,
} from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { Field } from '#web/components/ui/form.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { useStaffMay } from '#web/lib/console-api.ts';
import { AccountingExport } from './accounting-export.tsx';
import { agingFigures, Figures } from './aging.tsx';
import { BUTTON_LINK, LINK } from './labels.ts';
import { receivablesQuery } from './queries.ts';
import { ReceivablesSettingsPanel } from './receivables-settings-form.tsx';

const FILTERS = ['q', 'status'] as const;
const STATUSES = [
  ['', 'All'],
  ['overdue', 'Overdue'],
  ['hold', 'On hold'],
  ['credit', 'In credit'],
] as const;
const HEAD = [
  'Company',
  'Balance',
  'Overdue',
  'Unapplied',
  'Current',
  '1–30',
  '31–60',
  '61–90',
  'Over 90',
  'Credit limit',
  'Hold',
];

/**
 * Receivables (decision 017): what each company owes, overdue and by age, its limit and hold,
 * filtered and paged; the list and the accounting export as CSV; the store's receivables settings.
 */
export function ReceivablesPage() {
  const { filters, page, draft, set, apply, setPage } = useUrlFilters(FILTERS);
  const list = useQuery(receivablesQuery({ ...filters, page }));
  const may = useStaffMay();
  const csv = apiUrl('admin/receivables/export.csv', { q: filters.q, status: filters.status });
  return (
    <>
      <PageTitle
        actions={
          <a href={csv} aria-label="Download CSV of this list" className={BUTTON_LINK}>
            Download CSV
          </a>
        }
      >
        Receivables
      </PageTitle>
      <FilterForm
        label="Filter receivables"
        filters={filters}
        onSubmit={apply}
        gridClassName="sm:grid-cols-3"
      >
        <Field
          label="Search"
          placeholder="Business name"
          value={draft.q}
          onChange={(e) => set('q', e.target.value)}
        />
        <Select label="Status" value={draft.status} onChange={(e) => set('status', e.target.value)}>
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FilterForm>
      <ListState query={list} isEmpty={() => false} empty="">
        {(data) => (
          <>
            <Panel title="Totals">
              <Figures
                label="Totals"
                figures={[
                  ['Balance', data.totals.balanceCents],
                  ['Overdue', data.totals.overdueCents],
                  ...agingFigures(data.totals),
                ]}
              />
              <p className="mt-2 text-xs text-gray-700">Aged by the store's day, {data.today}.</p>
            </Panel>
            <div className="mt-4">
              {data.rows.length === 0 ? (
                <p className="text-gray-800">No companies match.</p>
              ) : (
                <DataTable caption="Receivables" head={HEAD}>
                  {data.rows.map((r) => (
                    <ReceivablesLine key={r.companyId} row={r} />
                  ))}
                </DataTable>
              )}
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </div>
          </>
        )}
      </ListState>
      {may('receivables') && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <AccountingExport />
          <ReceivablesSettingsPanel />
        </div>
      )}
    </>
  );
}

function ReceivablesLine({ row: r }: { row: ReceivablesRow }) {
  const money = 'px-3 py-2 tabular-nums';
  return (
    <tr>
      <td className="px-3 py-2">
        <Link to={`/admin/companies/${encodeURIComponent(r.companyId)}#receivables`} className={LINK}>
          {r.businessName}
        </Link>
      </td>
      <td className={`${money} font-semibold`}>{formatCents(r.balanceCents)}</td>
      <td className={money}>
        {formatCents(r.overdueCents)}
        {r.oldestDaysPastDue > 0 && (
          <span className="block text-xs text-gray-700">oldest {r.oldestDaysPastDue} days past due</span>
        )}
      </td>
      <td className={money}>{formatCents(r.unappliedCents)}</td>
      {AGING_BUCKETS.map((b) => (
        <td key={b} className={money}>
          {formatCents(r.aging[b])}
        </td>
      ))}
      <td className={money}>{r.creditLimitCents === null ? 'none' : formatCents(r.creditLimitCents)}</td>
      <td className="px-3 py-2">{r.onHold ? <Badge status="on_hold">on hold</Badge> : '—'}</td>
    </tr>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { stateName } from '#shared/accounts/us-states.ts';
import { PRODUCT_KIND_LABELS } from '#shared/compliance/compliance.constants.ts';
import type { PactFiling, PactReport } from '#shared/compliance/pact.ts';
import { formatDateTime, formatDay, formatMonth, isoDay } from '#shared/dates.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { StateSelect } from '#web/features/compliance/console/compliance-fields.tsx';
import { Badge, Button, DataTable, PageTitle } from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { pactFilingsQuery, pactReportQuery } from '#web/features/compliance/console/queries.ts';

const FILTERS = ['month', 'state'] as const;

/** The month before this one (YYYY-MM): the one usually being filed. */
function lastMonth(now = new Date()): string {
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
}

/**
 * The PACT Act report: every ENDS and tobacco line delivered into a state in a month, sorted by
 * city then ZIP, to download as CSV or print; above it, the states and months still to file.
 */
export function PactPage() {
  const { filters, draft, set, apply } = useUrlFilters(FILTERS);
  const month = filters.month || lastMonth();
  const state = filters.state || '*';
  const report = useQuery(pactReportQuery(month, state));
  const query = new URLSearchParams({ month, state }).toString();
  return (
    <>
      <div className="print:hidden">
        <PageTitle
          actions={
            <Link to="/admin/compliance" className="text-sm font-semibold underline">
              Back to rules and rates
            </Link>
          }
        >
          PACT Act report
        </PageTitle>
        <p className="mb-4 text-sm text-gray-700">
          Each month's ENDS and tobacco deliveries into a state are reported to that state's tobacco tax
          administrator by the 10th of the next month. Pickups and cancelled lines are not included. Mark a
          month filed once it is sent.
        </p>
        <Filings
          onPick={(f) => {
            set('month', f.month);
            set('state', f.state);
          }}
        />
        <form
          onSubmit={apply}
          aria-label="Choose the report"
          className="my-4 grid items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-3"
        >
          <Field
            label="Month"
            type="month"
            value={draft.month || month}
            onChange={(e) => set('month', e.target.value)}
          />
          <StateSelect
            label="Ship-to state"
            first={{ value: '*', label: 'All states' }}
            value={draft.state || state}
            onChange={(e) => set('state', e.target.value)}
          />
          <Button type="submit">Show report</Button>
        </form>
      </div>
      <ListState query={report} isEmpty={() => false} empty="">
        {(data) => (
          <>
            <div className="mb-3 flex flex-wrap items-center gap-2 print:hidden">
              <a
                href={`/api/v1/admin/compliance/pact.csv?${query}`}
                className="inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100"
              >
                Download CSV
              </a>
              <Button tone="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </div>
            <ReportView report={data} />
          </>
        )}
      </ListState>
    </>
  );
}

function Filings({ onPick }: { onPick: (f: PactFiling) => void }) {
  const list = useQuery(pactFilingsQuery());
  const notify = useNotify();
  const mark = useAdminMutation('POST', () => 'compliance/pact/filings', 'MessageResponseSchema');
  const toggle = (f: PactFiling, filed: boolean) =>
    mark.mutate(
      { state: f.state, month: f.month, filed },
      {
        onSuccess: (res) => notify({ type: 'success', message: res.message }),
        onError: (err) => notify({ type: 'error', message: errorMessage(err) }),
      },
    );
  return (
    <section aria-labelledby="to-file">
      <h2 id="to-file" className="mb-2 text-lg font-bold">
        Still to file
      </h2>
      <ListState
        query={list}
        isEmpty={(d) => !d.toFile.length}
        empty="Nothing to file: every month with deliveries is marked filed."
      >
        {(data) => (
          <DataTable caption="States and months still to file" head={['State', 'Month', 'Orders', 'Due', '']}>
            {data.toFile.map((f) => (
              <tr key={`${f.state}/${f.month}`}>
                <td className="px-3 py-2">{f.stateName}</td>
                <td className="px-3 py-2">
                  <Link
                    to={`?month=${f.month}&state=${f.state}`}
                    onClick={() => onPick(f)}
                    className="font-semibold underline"
                  >
                    {formatMonth(f.month)}
                  </Link>
                </td>
                <td className="px-3 py-2">{f.orders}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatDay(f.dueOn)}{' '}
                  {f.overdue ? (
                    <Badge status="failed">Late</Badge>
                  ) : f.open ? (
                    <Badge status="pending">Month not over</Badge>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <Button
                    tone="secondary"
                    disabled={mark.isPending || f.open}
                    aria-label={`Mark ${f.stateName}, ${formatMonth(f.month)} filed`}
                    onClick={() => toggle(f, true)}
                  >
                    Mark filed
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {list.data && list.data.filed.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold">Filed ({list.data.filed.length} latest)</summary>
          <ul className="mt-2 space-y-1">
            {list.data.filed.map((f) => (
              <li key={`${f.state}/${f.month}`} className="flex flex-wrap items-center gap-2">
                {f.stateName}, {formatMonth(f.month)}: filed {f.filedAt ? formatDateTime(f.filedAt) : ''}
                {f.filedBy ? ` by ${f.filedBy}` : ''}
                <Button
                  tone="secondary"
                  disabled={mark.isPending}
                  aria-label={`Take back the filing mark of ${f.stateName}, ${formatMonth(f.month)}`}
                  onClick={() => toggle(f, false)}
                >
                  Take back
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const amounts = (r: PactReport['rows'][number]) =>
  [
    r.mlTotal === null ? null : `${r.mlTotal} ml`,
    r.cartridgesTotal === null ? null : `${r.cartridgesTotal} cartridges`,
  ]
    .filter(Boolean)
    .join(', ') || '—';

/** The report as it prints: a heading that says what it is, then one row per line shipped. */
function ReportView({ report }: { report: PactReport }) {
  const where = report.state === '*' ? 'all states' : stateName(report.state);
  return (
    <section aria-labelledby="pact-report">
      <h2 id="pact-report" className="text-lg font-bold">
        Delivery sales of ENDS and tobacco into {where}, {formatMonth(report.month)}
      </h2>
      <p className="mb-3 text-sm text-gray-700">
        {plural(report.totals.orders, 'order')}, {plural(report.totals.quantity, 'unit')},{' '}
        {report.totals.mlTotal} ml of e-liquid. Due {formatDay(report.dueOn)}.
        {report.filedAt ? ` Marked filed ${formatDateTime(report.filedAt)}.` : ''}
      </p>
      {report.rows.length === 0 ? (
        <p className="text-gray-800">No ENDS or tobacco was delivered there that month.</p>
      ) : (
        <DataTable
          caption="PACT Act report"
          head={['Date', 'Invoice', 'Buyer', 'Ship to', 'Product', 'Qty', 'Ml / cartridges', 'Carrier']}
        >
          {report.rows.map((r) => (
            <tr key={`${r.orderNumber}/${r.sku}`} className="align-top print:break-inside-avoid">
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(r.date)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.orderNumber}</td>
              <td className="px-3 py-2">
                <strong>{r.businessName}</strong>
                <span className="block text-xs">
                  {r.contactName} · {r.email} · {r.phone}
                </span>
              </td>
              <td className="px-3 py-2">
                {r.address}
                <span className="block">
                  {r.city}, {r.state} {r.zip}
                </span>
              </td>
              <td className="px-3 py-2">
                {r.product}
                <span className="block text-xs">
                  {r.brand} · {r.option} · {r.sku} · {PRODUCT_KIND_LABELS[r.kind]}
                </span>
              </td>
              <td className="px-3 py-2">{r.quantity}</td>
              <td className="px-3 py-2">{amounts(r)}</td>
              <td className="px-3 py-2">{r.carrier || '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type ExciseFiling,
  type ExciseReturn,
  ExciseReturnQuerySchema,
} from '#shared/compliance/excise-return.schemas.ts';
import { formatDateTime, formatDay, formatMonth, isoDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { Badge, Button, DataTable, PageTitle, Pager } from '#web/components/console/console-ui.tsx';
import { REPORT_PAGE_SIZE } from '#shared/reports/reports.schemas.ts';
import { ListState } from '#web/components/console/list-state.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { StateSelect } from '#web/features/compliance/console/compliance-fields.tsx';
import { exciseFilingsQuery, exciseReturnQuery } from '#web/features/compliance/console/queries.ts';
import { apiUrl } from '#web/lib/api-client.ts';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';

const LINK = 'font-semibold underline';
const BUTTON_LINK =
  'inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100';

/** The month before this one (YYYY-MM): the one usually being filed. */
function lastMonth(now = new Date()): string {
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
}

const returnLink = (f: { state: string; month: string }) => `?state=${f.state}&month=${f.month}`;

/**
 * State excise returns (decision 018): the states and months with excise to file and those filed
 * (flagged when a document issued since changed what the month owes); a month's return by kind of
 * rate with its lines, as CSV to file, and its filed mark set or taken back.
 */
export function ExciseReturnsPage() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const month = params.get('month') ?? '';
  return (
    <>
      <PageTitle>Excise returns</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Each state's excise for a month of the store's days: what invoices charged less what credit notes took
        back, by the kind of rate. Mark a month filed once its return is sent; a document issued after that
        changes what it owes, and the month is flagged.
      </p>
      <div className="space-y-6">
        <Filings />
        <ChooseReturn
          state={state}
          month={month || lastMonth()}
          onChoose={(q) => setParams(new URLSearchParams(q))}
        />
        {state && month && (
          <ReturnView
            state={state}
            month={month}
            page={Math.max(1, Number(params.get('page')) || 1)}
            onPage={(page) => setParams(new URLSearchParams({ state, month, page: String(page) }))}
          />
        )}
      </div>
    </>
  );
}

function Filings() {
  const list = useQuery(exciseFilingsQuery());
  return (
    <ListState query={list} isEmpty={() => false} empty="">
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <section aria-labelledby="excise-to-file">
            <h2 id="excise-to-file" className="mb-2 text-lg font-bold">
              To file
            </h2>
            {data.toFile.length === 0 ? (
              <p className="text-gray-800">Nothing to file.</p>
            ) : (
              <DataTable caption="Excise returns to file" head={['State', 'Month', 'Excise']} narrow>
                {data.toFile.map((f) => (
                  <tr key={`${f.state}/${f.month}`}>
                    <td className="px-3 py-2">{f.stateName}</td>
                    <td className="px-3 py-2">
                      <Link
                        to={returnLink(f)}
                        className={LINK}
                        aria-label={`${f.stateName}, ${formatMonth(f.month)}`}
                      >
                        {formatMonth(f.month)}
                      </Link>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{formatCents(f.exciseCents)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
          <section aria-labelledby="excise-filed">
            <h2 id="excise-filed" className="mb-2 text-lg font-bold">
              Filed
            </h2>
            {data.filed.length === 0 ? (
              <p className="text-gray-800">No return is marked filed yet.</p>
            ) : (
              <DataTable
                caption="Excise returns filed"
                head={['State', 'Month', 'Excise now', 'Filed']}
                narrow
              >
                {data.filed.map((f) => (
                  <FiledLine key={`${f.state}/${f.month}`} filing={f} />
                ))}
              </DataTable>
            )}
          </section>
        </div>
      )}
    </ListState>
  );
}

function FiledLine({ filing: f }: { filing: ExciseFiling }) {
  return (
    <tr>
      <td className="px-3 py-2">{f.stateName}</td>
      <td className="px-3 py-2">
        <Link to={returnLink(f)} className={LINK} aria-label={`${f.stateName}, ${formatMonth(f.month)}`}>
          {formatMonth(f.month)}
        </Link>
      </td>
      <td className="px-3 py-2 tabular-nums">
        {formatCents(f.exciseCents)}
        {f.changedSinceFiled && (
          <span className="ml-1">
            <Badge status="failed">Changed since filed</Badge>
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        <span className="tabular-nums">{f.filedCents === null ? '' : formatCents(f.filedCents)}</span>
        <span className="block text-xs text-gray-700">
          {f.filedAt ? formatDateTime(f.filedAt) : ''}
          {f.filedBy ? ` by ${f.filedBy}` : ''}
        </span>
      </td>
    </tr>
  );
}

/** Any state's month, as the list's links choose one; a refusal shows under the field it names. */
function ChooseReturn({
  state,
  month,
  onChoose,
}: {
  state: string;
  month: string;
  onChoose: (q: { state: string; month: string }) => void;
}) {
  const form = useZodForm(ExciseReturnQuerySchema, { defaultValues: { state, month } });
  const { reset } = form;
  useEffect(() => reset({ state, month }), [state, month, reset]);
  return (
    <form
      aria-label="Choose a return"
      noValidate
      onSubmit={form.handleSubmit(onChoose)}
      className="grid items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-[1fr_1fr_auto]"
    >
      <Field label="Month" type="month" {...form.field('month')} />
      <StateSelect label="State" first={{ value: '', label: 'Choose a state' }} {...form.field('state')} />
      <div className="sm:pt-6">
        <Button type="submit" className="w-full">
          Show return
        </Button>
      </div>
    </form>
  );
}

function ReturnView({
  state,
  month,
  page,
  onPage,
}: {
  state: string;
  month: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const result = useQuery(exciseReturnQuery(month, state, page));
  if (result.isPending) return <p role="status">Loading…</p>;
  if (result.error) return <p role="alert">{result.error.message}</p>;
  return <ReturnDetails excise={result.data} onPage={onPage} />;
}

function ReturnDetails({ excise: r, onPage }: { excise: ExciseReturn; onPage: (page: number) => void }) {
  const notify = useNotify();
  const mark = useAdminMutation('POST', () => 'compliance/excise-returns', 'MessageResponseSchema');
  const setFiled = (filed: boolean) =>
    mark.mutate(
      { state: r.state, month: r.month, filed },
      {
        onSuccess: (res) => notify({ type: 'success', message: res.message }),
        onError: (err) => notify({ type: 'error', message: errorMessage(err) }),
      },
    );
  const changed = r.filed !== null && r.filed.cents !== r.totalCents;
  const title = `${r.stateName} excise return, ${formatMonth(r.month)}`;
  return (
    <section aria-labelledby="excise-return" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="excise-return" className="text-lg font-bold">
          {title}
        </h2>
        <a
          href={apiUrl('admin/compliance/excise-return.csv', { month: r.month, state: r.state })}
          download
          className={BUTTON_LINK}
        >
          Download CSV
        </a>
      </div>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <p className="text-base">
          Excise owed: <strong className="tabular-nums">{formatCents(r.totalCents)}</strong>
        </p>
        {r.filed ? (
          <p className="mt-1 text-sm text-gray-800">
            Marked filed {formatDateTime(r.filed.at)}
            {r.filed.by ? ` by ${r.filed.by}` : ''} at {formatCents(r.filed.cents)}.{' '}
            {changed && (
              <>
                <Badge status="failed">Changed since filed</Badge> A document issued since changed what the
                month owes: send the correction, then mark it filed again.
              </>
            )}
          </p>
        ) : (
          <p className="mt-1 text-sm text-gray-800">Not marked filed.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {(!r.filed || changed) && (
            <Button disabled={mark.isPending} onClick={() => setFiled(true)}>
              {changed ? `Mark filed at ${formatCents(r.totalCents)}` : 'Mark filed'}
            </Button>
          )}
          {r.filed && (
            <Button tone="secondary" disabled={mark.isPending} onClick={() => setFiled(false)}>
              Take back the mark
            </Button>
          )}
        </div>
      </div>
      <DataTable caption={`${title}: by kind of rate`} head={['Kind of rate', 'Excise']}>
        {r.byKind.map((k) => (
          <tr key={k.kind}>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              {k.label}
            </th>
            <td className="px-3 py-2 tabular-nums">{formatCents(k.cents)}</td>
          </tr>
        ))}
        <tr className="bg-gray-50 font-semibold">
          <th scope="row" className="px-3 py-2 text-left">
            Total
          </th>
          <td className="px-3 py-2 tabular-nums">{formatCents(r.totalCents)}</td>
        </tr>
      </DataTable>
      {r.lineCount === 0 ? (
        <p className="text-gray-800">No excise was charged or credited into {r.stateName} that month.</p>
      ) : (
        <>
          <DataTable
            caption={`${title}: lines (${r.lineCount})`}
            head={['Date', 'Document', 'Order', 'Item', 'Qty', 'Amount', 'Excise']}
          >
            {r.lines.map((l) => (
              <tr key={`${l.number}/${l.sku}/${l.amountCents}`}>
                <td className="px-3 py-2 whitespace-nowrap">{formatDay(l.date)}</td>
                <td className="px-3 py-2">
                  <span className="font-mono text-xs">{l.number}</span>
                  {l.kind === 'credit_note' && (
                    <span className="block text-xs text-gray-700">Credit note</span>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{l.orderNumber}</td>
                <td className="px-3 py-2">
                  {l.description}
                  <span className="block font-mono text-xs text-gray-700">{l.sku}</span>
                </td>
                <td className="px-3 py-2 tabular-nums">{l.quantity}</td>
                <td className="px-3 py-2 tabular-nums">{formatCents(l.amountCents)}</td>
                <td className="px-3 py-2 tabular-nums">{formatCents(l.exciseCents)}</td>
              </tr>
            ))}
          </DataTable>
          <Pager page={r.page} pageSize={REPORT_PAGE_SIZE} total={r.lineCount} onPage={onPage} />
        </>
      )}
    </section>
  );
}

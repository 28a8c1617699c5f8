import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { QUOTE_STATUSES, type QuoteStatus, type QuoteSummary } from '#shared/orders/quotes.schemas.ts';
import { DataTable, PageTitle } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { quoteHref } from './desk-quote.tsx';
import { QuoteStatusBadge } from './quote-status.tsx';
import { quotesQuery } from './queries.ts';

const HEAD = ['Quote', 'Company', 'Status', 'Lines', 'Total', 'Valid until', 'By', 'Updated'];
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);
const isStatus = (s: string): s is QuoteStatus => (QUOTE_STATUSES as readonly string[]).includes(s);

/**
 * Quotes (decision 016, part 3): every quote, or those of one status (in the URL, so a filtered
 * list can be reloaded or shared). Buyers' requests are the desk's work queue: they are counted
 * above the list and come first in it, highlighted, whatever the server's order of the rest.
 */
export function QuotesPage() {
  const [params] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = isStatus(asked) ? asked : '';
  const list = useQuery(quotesQuery(status));
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/desk" className="font-semibold underline">
            Order desk
          </Link>
        }
      >
        Quotes
      </PageTitle>
      <TabLinks
        label="Quote status"
        current={status}
        tabs={['', ...QUOTE_STATUSES].map((s) => ({
          value: s,
          label: s ? capital(s) : 'All',
          to: s ? `?status=${s}` : '?',
        }))}
      />
      <ListState
        query={list}
        isEmpty={(d) => d.quotes.length === 0}
        empty={status ? `No ${status} quotes.` : 'No quotes yet: send one from the order desk.'}
      >
        {(data) => <QuoteTable quotes={data.quotes} queue={status === ''} />}
      </ListState>
    </>
  );
}

/** The list, requests first; with `queue`, how many requests wait (linking to them alone). */
function QuoteTable({ quotes, queue }: { quotes: QuoteSummary[]; queue: boolean }) {
  const requested = quotes.filter((q) => q.status === 'requested');
  const rows = [...requested, ...quotes.filter((q) => q.status !== 'requested')];
  return (
    <>
      {queue && requested.length > 0 && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200">
          {requested.length === 1
            ? '1 quote request waits for the desk'
            : `${requested.length} quote requests wait for the desk`}
          {' (first in the list). '}
          <Link to="?status=requested" className="font-semibold underline">
            Show requests only
          </Link>
        </p>
      )}
      <DataTable caption="Quotes" head={HEAD}>
        {rows.map((q) => (
          <QuoteRow key={q.number} quote={q} />
        ))}
      </DataTable>
    </>
  );
}

function QuoteRow({ quote: q }: { quote: QuoteSummary }) {
  return (
    <tr className={q.status === 'requested' ? 'bg-amber-50' : undefined}>
      <td className="px-3 py-2">
        <Link to={quoteHref(q.number)} className="font-semibold underline">
          {q.number}
        </Link>
        {q.orderNumber && <span className="block text-xs text-gray-700">Order {q.orderNumber}</span>}
      </td>
      <td className="px-3 py-2">{q.businessName}</td>
      <td className="px-3 py-2">
        <QuoteStatusBadge status={q.status} />
      </td>
      <td className="px-3 py-2">{linesText(q.lineCount)}</td>
      <td className="px-3 py-2">{formatCents(q.totalCents)}</td>
      <td className="px-3 py-2">{q.expiresOn ? formatDay(q.expiresOn) : '—'}</td>
      <td className="px-3 py-2">
        {q.staffName ?? '—'}
        {q.requestedBy && <span className="block text-xs text-gray-700">Requested by {q.requestedBy}</span>}
      </td>
      <td className="px-3 py-2">{formatDateTime(q.updatedAt)}</td>
    </tr>
  );
}

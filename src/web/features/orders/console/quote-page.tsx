import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatDay } from '#shared/dates.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { formatCents } from '#shared/money.ts';
import type { StaffQuote } from '#shared/orders/quotes.schemas.ts';
import { DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { keyed } from '#web/lib/keys.ts';
import { quoteQuery } from './queries.ts';
import { QuoteActions } from './quote-actions.tsx';
import { QuoteStatusBadge } from './quote-status.tsx';

const LINES_HEAD = [
  'Item',
  'SKU',
  'Qty',
  'Quoted unit price',
  "Company's price",
  'Reason',
  'Line total',
  'Excise',
];

/**
 * One quote as staff read it (decision 016, part 3): for whom and where, its status and who
 * worked on it, the notes, each line at its quoted price beside the company's own with the reason,
 * the totals and the order it became; and, while it is open, the desk's actions on it.
 */
export function QuotePage() {
  const { number = '' } = useParams();
  const quote = useQuery(quoteQuery(number));
  // Withdrawn: said beside the status, which takes focus once the quote reads withdrawn (the
  // button that was pressed is gone by then).
  const [withdrawn, setWithdrawn] = useState<string | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const status = quote.data?.status;
  useEffect(() => {
    if (withdrawn && status === 'withdrawn') said.current?.focus();
  }, [withdrawn, status]);
  if (quote.isPending) return <Loading />;
  if (quote.error) return <p role="alert">{quote.error.message}</p>;
  const q = quote.data;
  const open = q.status === 'requested' || q.status === 'sent';
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/quotes" className="font-semibold underline">
            All quotes
          </Link>
        }
      >
        Quote {q.number}
      </PageTitle>
      {withdrawn && (
        <p
          ref={said}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-950 ring-1 ring-emerald-200"
        >
          {withdrawn}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <CompanyPanel quote={q} />
        <StatusPanel quote={q} />
        {open && <QuoteActions quote={q} onWithdrawn={setWithdrawn} />}
      </div>
      <QuoteNotes quote={q} />
      <h2 className="mt-4 mb-2 text-lg font-bold">Lines</h2>
      <QuoteLines quote={q} />
      <section aria-label="Totals" className="mt-3 ml-auto max-w-xs">
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatCents(q.subtotalCents)}</dd>
          <dt>{q.shippingType === 'Pickup' ? 'Pickup' : 'Delivery fee'}</dt>
          <dd className="text-right">{formatCents(q.shippingCents)}</dd>
          <dt>State excise</dt>
          <dd className="text-right">{formatCents(q.exciseCents)}</dd>
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold">{formatCents(q.totalCents)}</dd>
        </dl>
      </section>
    </>
  );
}

function CompanyPanel({ quote: q }: { quote: StaffQuote }) {
  return (
    <Panel title="Company">
      <Link to={`/admin/companies/${encodeURIComponent(q.companyId)}`} className="font-semibold underline">
        {q.businessName}
      </Link>
      {q.location ? (
        <address className="mt-2 not-italic">
          {q.location.name && (
            <>
              {q.location.name}
              <br />
            </>
          )}
          {q.location.address}
          <br />
          {q.location.city}, {q.location.state} {q.location.postalCode}
        </address>
      ) : (
        <p className="mt-2 text-sm text-gray-700">No location yet.</p>
      )}
      <p className="mt-2 text-sm">{q.shippingType === 'Pickup' ? 'Pickup in store' : 'Delivery'}</p>
      {q.feeNote && <p className="mt-1 text-sm">Delivery fee changed: {q.feeNote}</p>}
    </Panel>
  );
}

/** A term and its value, left out when there is no value. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <>
      <dt className="font-semibold text-gray-900">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function StatusPanel({ quote: q }: { quote: StaffQuote }) {
  const decided = q.decidedAt && `${formatDateTime(q.decidedAt)}${q.decidedBy ? ` by ${q.decidedBy}` : ''}`;
  return (
    <Panel title="Status">
      <QuoteStatusBadge status={q.status} />
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Row term="Valid until">{q.expiresOn && formatDay(q.expiresOn)}</Row>
        <Row term="Staff">{q.staffName}</Row>
        <Row term="Requested by">{q.requestedBy}</Row>
        <Row term="Created">{formatDateTime(q.createdAt)}</Row>
        <Row term="Sent">{q.sentAt && formatDateTime(q.sentAt)}</Row>
        <Row term={q.status === 'accepted' ? 'Accepted' : 'Closed'}>{decided}</Row>
        <Row term="Reason">{q.closedReason}</Row>
        <Row term="Order">
          {q.orderNumber && (
            <Link
              to={`/admin/orders/${encodeURIComponent(q.orderNumber)}`}
              className="font-semibold underline"
            >
              {q.orderNumber}
            </Link>
          )}
        </Row>
      </dl>
    </Panel>
  );
}

/** The buyer's request note, the note for the buyer and the staff's internal note, those written. */
function QuoteNotes({ quote: q }: { quote: StaffQuote }) {
  const notes = [
    {
      title: 'Request note',
      hint: `From ${q.requestedBy ?? 'the buyer'}, when they asked.`,
      text: q.requestNote,
    },
    { title: 'Note for the buyer', hint: 'On the quote the buyer reads.', text: q.note },
    { title: 'Internal note', hint: 'Staff only: the buyer never sees it.', text: q.internalNote },
  ].filter((n) => n.text);
  if (notes.length === 0) return null;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3">
      {notes.map((n) => (
        <Panel key={n.title} title={n.title}>
          <p className="mb-1 text-xs text-gray-700">{n.hint}</p>
          <p className="whitespace-pre-line break-words">{n.text}</p>
        </Panel>
      ))}
    </div>
  );
}

function QuoteLines({ quote: q }: { quote: StaffQuote }) {
  return (
    <DataTable caption={`Lines of ${q.number}`} head={LINES_HEAD}>
      {keyed(q.lines, (l) => l.sku).map(({ key, item: l }) => (
        <tr key={key}>
          <td className="px-3 py-2">
            <span className="font-semibold">{optionLabel(l.productName, l.variantName)}</span>
            {l.sellingUnit && <span className="block text-xs text-gray-700">{l.sellingUnit}</span>}
          </td>
          <td className="px-3 py-2 font-mono text-xs">{l.sku}</td>
          <td className="px-3 py-2">{l.quantity}</td>
          <td className="px-3 py-2">
            {l.unitPriceCents === null ? 'Not priced yet' : formatCents(l.unitPriceCents)}
            {l.negotiated && <span className="block text-xs font-semibold text-sky-900">negotiated</span>}
          </td>
          <td className="px-3 py-2">
            {l.listUnitPriceCents === null ? '—' : formatCents(l.listUnitPriceCents)}
          </td>
          <td className="px-3 py-2 break-words">{l.priceReason || '—'}</td>
          <td className="px-3 py-2">{formatCents(l.lineTotalCents)}</td>
          <td className="px-3 py-2">{formatCents(l.exciseCents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type DeskDraft, deskMessages } from '#shared/orders/desk.schemas.ts';
import { Badge, Loading, PageTitle } from '#web/components/console/console-ui.tsx';
import { DeskDetails } from './desk-details.tsx';
import { DeskLines } from './desk-lines.tsx';
import { DeskPaste } from './desk-paste.tsx';
import { DeskPlace } from './desk-place.tsx';
import { DeskQuote, QuoteNotice } from './desk-quote.tsx';
import { DeskSearch } from './desk-search.tsx';
import { deskDraftQuery } from './queries.ts';

/**
 * The order desk (decision 016, part 2): staff build an order for a company and one of its
 * locations, each line shown as the company's buyers would see it, and place it through the same
 * order transaction as a buyer's, or send as a quote at negotiated prices (part 3). The draft
 * lives on the server: a reload or a second tab shows it.
 */
export function DeskPage() {
  const { companyId = '' } = useParams();
  const draft = useQuery(deskDraftQuery(companyId));
  // Place waits while the details form holds changes not saved (they would be lost).
  const [detailsDirty, setDetailsDirty] = useState(false);
  if (draft.isPending) return <Loading />;
  if (draft.error) return <p role="alert">{draft.error.message}</p>;
  const d = draft.data;
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link
              to={`/admin/companies/${encodeURIComponent(d.company.id)}`}
              className="font-semibold underline"
            >
              Company page
            </Link>
            <Link to="/admin/desk" className="font-semibold underline">
              All drafts
            </Link>
          </>
        }
      >
        Order desk — {d.company.businessName}
      </PageTitle>
      {d.quote && <QuoteNotice quote={d.quote} />}
      <DeskSummary draft={d} />
      {/* The details come first on a phone: the location and shipping judge what the search finds. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <DeskSearch companyId={d.company.id} />
          <DeskPaste companyId={d.company.id} />
        </div>
        <div className="min-w-0 max-lg:order-first">
          <DeskDetails draft={d} onDirty={setDetailsDirty} />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-4">
        <DeskLines companyId={d.company.id} lines={d.lines} />
        {/* Placed as it is, or offered as a quote (decision 016, part 3): side by side from 768 px. */}
        <div className="grid w-full gap-4 md:grid-cols-2 lg:ml-auto lg:max-w-4xl">
          <DeskPlace draft={d} detailsDirty={detailsDirty} />
          <DeskQuote draft={d} detailsDirty={detailsDirty} />
        </div>
      </div>
    </>
  );
}

/** Whose prices, where the lines are judged for, the documents, and a disabled company's warning. */
function DeskSummary({ draft }: { draft: DeskDraft }) {
  const { company, shipTo } = draft;
  return (
    <div className="mb-4 grid gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-800">
        <span>{company.groupName ? `Prices: ${company.groupName}` : 'List prices'}</span>
        {shipTo && (
          <span>
            Judged for {shipTo.stateName} ({shipTo.shipping === 'Pickup' ? 'pickup' : 'delivery'})
          </span>
        )}
        <Badge status={company.verified ? 'verified' : 'pending'}>
          {company.verified ? 'documents verified' : 'documents not verified'}
        </Badge>
      </p>
      {company.disabled && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-950 ring-1 ring-amber-300">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {deskMessages.companyDisabled}
        </p>
      )}
    </div>
  );
}

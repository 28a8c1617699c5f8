import { FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatCents } from '#shared/money.ts';
import type { DeskDraft } from '#shared/orders/desk.schemas.ts';
import { DeskQuoteBodySchema } from '#shared/orders/quotes.schemas.ts';
import { Button, Panel } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useSendDeskQuote } from './desk-api.ts';
import { DETAILS_UNSAVED } from './desk-place.tsx';

export const quoteHref = (number: string) => `/admin/quotes/${encodeURIComponent(number)}`;

const quoteOf = (d: DeskDraft): z.input<typeof DeskQuoteBodySchema> => ({
  version: d.version,
  locationId: d.locationId ?? '',
  expiresOn: d.defaultExpiresOn,
  expectedTotalCents: d.totalCents,
});

/**
 * Send the draft as a quote (decision 016, part 3): the buyer accepts it at these prices until
 * the day chosen. Sent with the version, location and total shown, so a draft changed meanwhile
 * is refused (409) and read again rather than sent unseen. Once sent the desk is empty (the
 * console's reads reload) and the quote's number links to its page.
 */
export function DeskQuote({ draft, detailsDirty }: { draft: DeskDraft; detailsDirty: boolean }) {
  const send = useSendDeskQuote(draft.company.id);
  const form = useZodForm(DeskQuoteBodySchema, {
    values: quoteOf(draft),
    resetOptions: { keepDirtyValues: true },
  });
  const [sent, setSent] = useState<{ message: string; number: string } | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  const problemsId = useId();
  const problems = draft.quoteProblems;
  const blocked = problems.length > 0 || draft.lines.length === 0 || !draft.locationId || detailsDirty;
  const submit = form.handleSubmit((body) => {
    setSent(null);
    send.mutate(body, {
      onSuccess: (answer) => {
        setSent(answer);
        // The next quote from this desk starts from the usual day again.
        form.reset({ ...body, expiresOn: draft.defaultExpiresOn }, { keepDirtyValues: false });
      },
      onError: form.serverError,
    });
  });
  return (
    <Panel title="Send as quote">
      <form onSubmit={submit} noValidate aria-label="Send as quote" className="grid gap-3">
        <p className="text-sm text-gray-800">
          The company's members get it by email, and accept it at these prices until the day chosen.
        </p>
        <Field
          label="Valid until"
          type="date"
          hint="The last day it can be accepted."
          {...form.field('expiresOn')}
        />
        <p className="flex justify-between gap-3 text-sm font-bold">
          <span>Quote total</span>
          <span>{formatCents(draft.totalCents)}</span>
        </p>
        {problems.length > 0 && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
            <h3 id={problemsId} className="font-semibold">
              Before it can be sent as a quote
            </h3>
            <ul aria-labelledby={problemsId} className="mt-1 list-disc space-y-0.5 pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {detailsDirty && <p className="text-sm font-medium text-amber-900">{DETAILS_UNSAVED}</p>}
        <FormError message={form.formError} />
        <Button type="submit" tone="secondary" className="w-full" disabled={blocked || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send as quote'}
        </Button>
      </form>
      {sent && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-950 ring-1 ring-emerald-200"
        >
          {sent.message}{' '}
          <Link to={quoteHref(sent.number)} className="font-semibold underline">
            Open quote {sent.number}
          </Link>
        </p>
      )}
    </Panel>
  );
}

/** The quote this draft was opened from: "Working on quote Q-… (status) — requested by …: …". */
export function QuoteNotice({ quote }: { quote: NonNullable<DeskDraft['quote']> }) {
  return (
    <p className="mb-4 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200">
      <FileText aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Working on quote{' '}
        <Link to={quoteHref(quote.number)} className="font-semibold underline">
          {quote.number}
        </Link>{' '}
        ({quote.status}){quote.requestedBy && <> — requested by {quote.requestedBy}</>}
        {quote.requestNote && <>: {quote.requestNote}</>}
      </span>
    </p>
  );
}

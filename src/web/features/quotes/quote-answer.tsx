import { useEffect, useId, useRef, useState } from 'react';
import { type Quote, QuoteAcceptBodySchema, QuoteDeclineBodySchema } from '#shared/orders/quotes.schemas.ts';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { FormError, TextAreaField, useZodForm } from '#web/components/ui/form.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useAnswerQuote } from './api/answer-quote.ts';
import { shippingText, QuoteDocument } from './quote-document.tsx';
import { availableSkus, chosenTotals } from './quote-totals.ts';

/** What an answer came to, shown at the top of the page: the server's message, and the order placed. */
export interface Notice {
  kind: 'done' | 'refused';
  message: string;
  orderNumber?: string;
}

const BUTTON = 'w-full rounded-lg px-4 py-2.5 text-sm font-bold disabled:opacity-60';

/**
 * An open quote a member may answer: every line that can be ordered now is chosen (a short or now
 * refused line is not, and says why), the total follows the choice, and "Accept quote" (or "Accept
 * the rest") places the order; "Decline…" asks for an optional reason, then declines.
 */
export function OpenQuote({ quote, onNotice }: { quote: Quote; onNotice: (notice: Notice) => void }) {
  // The lines the member unticked; a line that can be ordered now is chosen unless unticked, so a
  // quote read again (a 409) chooses what can be ordered then.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const available = availableSkus(quote);
  const chosen = new Set(available.filter((sku) => !unticked.has(sku)));
  const { accept, decline } = useAnswerQuote(quote.number);
  const busy = accept.isPending || decline.isPending;
  const toggle = (sku: string) =>
    setUnticked((was) => {
      const next = new Set(was);
      if (!next.delete(sku)) next.add(sku);
      return next;
    });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <QuoteDocument quote={quote} choice={{ chosen, toggle, disabled: busy }} />
      <section
        aria-labelledby="answer-title"
        className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 lg:sticky lg:top-4"
      >
        <h2 id="answer-title" className="text-lg font-bold">
          Your answer
        </h2>
        <AcceptPart
          quote={quote}
          chosen={chosen}
          unavailable={quote.lines.length - available.length}
          accept={accept}
          busy={busy}
          onNotice={onNotice}
        />
        <DeclinePart number={quote.number} decline={decline} busy={busy} onNotice={onNotice} />
      </section>
    </div>
  );
}

const failed = (onNotice: (notice: Notice) => void) => (err: Error) =>
  onNotice({ kind: 'refused', message: err.message });

function AcceptPart({
  quote,
  chosen,
  unavailable,
  accept,
  busy,
  onNotice,
}: {
  quote: Quote;
  chosen: ReadonlySet<string>;
  unavailable: number;
  accept: ReturnType<typeof useAnswerQuote>['accept'];
  busy: boolean;
  onNotice: (notice: Notice) => void;
}) {
  // One key for this visit: a double press, or a retry after a lost answer, is the one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const totals = chosenTotals(quote, chosen);
  const all = chosen.size === quote.lines.length;
  const label = all ? 'Accept quote' : unavailable > 0 ? 'Accept the rest' : 'Accept the chosen lines';
  const press = () => {
    const body = QuoteAcceptBodySchema.safeParse({
      version: quote.version,
      skus: quote.lines.filter((l) => chosen.has(l.sku)).map((l) => l.sku),
      expectedTotalCents: totals.totalCents,
      idempotencyKey,
    });
    if (!body.success) return setError(body.error.issues[0]?.message ?? null);
    setError(null);
    accept.mutate(body.data, {
      onSuccess: (res) => onNotice({ kind: 'done', message: res.message, orderNumber: res.orderNumber }),
      onError: failed(onNotice),
    });
  };
  return (
    <>
      {unavailable > 0 && (
        <p
          role="note"
          className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          {unavailable === 1 ? '1 line cannot' : `${unavailable} lines cannot`} be ordered now: unchecked,
          with the reason under {unavailable === 1 ? 'it' : 'each'}. Accept the rest at the quoted prices, or
          ask the store for a new quote.
        </p>
      )}
      <p className="mt-3 text-sm text-gray-800" aria-live="polite">
        {chosen.size} of {quote.lines.length} line{quote.lines.length === 1 ? '' : 's'} chosen
      </p>
      <OrderTotals
        subtotalCents={totals.subtotalCents}
        shippingCents={totals.shippingCents}
        shippingLabel={shippingText(quote)}
        exciseCents={totals.exciseCents}
        exciseLabel="State excise (today)"
        totalCents={totals.totalCents}
        totalTestId="accept-total"
        className="mt-2 [&>div:last-child]:border-t [&>div:last-child]:border-gray-300"
      />
      <div className="mt-3 space-y-2">
        {/* Choosing a line again answers "choose at least one". */}
        <FormError message={chosen.size ? null : error} />
        <button
          type="button"
          onClick={press}
          disabled={busy}
          className={`${BUTTON} bg-amber-400 text-gray-900 hover:bg-amber-300`}
        >
          {accept.isPending ? 'Placing the order…' : label}
        </button>
      </div>
    </>
  );
}

function DeclinePart({
  number,
  decline,
  busy,
  onNotice,
}: {
  number: string;
  decline: ReturnType<typeof useAnswerQuote>['decline'];
  busy: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const form = useZodForm(QuoteDeclineBodySchema, { defaultValues: { reason: '' } });
  const { setFocus } = form;
  useEffect(() => {
    if (open) setFocus('reason');
  }, [open, setFocus]);
  const submit = form.handleSubmit((body) =>
    decline.mutate(body, {
      onSuccess: (res) => onNotice({ kind: 'done', message: res.message }),
      // A message about the reason stays under it; any other is the page's.
      onError: (err) =>
        err instanceof ApiError && err.field ? form.serverError(err) : failed(onNotice)(err),
    }),
  );
  return (
    <div className="mt-4 space-y-2 border-t border-gray-200 pt-4">
      <button
        ref={toggle}
        type="button"
        disabled={busy}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
        className={`${BUTTON} bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-100`}
      >
        Decline…
      </button>
      {open && (
        <form
          id={formId}
          onSubmit={submit}
          noValidate
          className="space-y-2"
          aria-label={`Decline quote ${number}`}
        >
          <TextAreaField
            label="Why are you declining? (optional)"
            hint="The store reads it."
            rows={3}
            {...form.field('reason')}
          />
          <FormError message={form.formError} />
          <button
            type="submit"
            disabled={busy}
            className={`${BUTTON} bg-red-800 text-white hover:bg-red-700`}
          >
            {decline.isPending ? 'Declining…' : `Decline quote ${number}`}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
            className={`${BUTTON} bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-100`}
          >
            Keep the quote
          </button>
        </form>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QUOTE_NOTE_MAX, QuoteRequestBodySchema } from '#shared/orders/quotes.schemas.ts';
import { FormError, TextAreaField, useZodForm } from '#web/components/ui/form.tsx';
import { useRequestQuote } from './api/request-quote.ts';

/**
 * The note for the store and Send; then the store's answer, where the focus goes, with a link to
 * the request's page. The cart's drawer names no location, so the server takes the default one.
 */
export default function RequestQuoteForm({ onCancel }: { onCancel: () => void }) {
  const form = useZodForm(QuoteRequestBodySchema, { defaultValues: { note: '', locationId: null } });
  const request = useRequestQuote();
  const [sent, setSent] = useState<{ message: string; number: string } | null>(null);
  const answer = useRef<HTMLDivElement>(null);
  const { setFocus } = form;
  useEffect(() => setFocus('note'), [setFocus]);
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);
  const submit = form.handleSubmit((body) =>
    request.mutate(body, { onSuccess: setSent, onError: form.serverError }),
  );

  if (sent)
    return (
      <div
        ref={answer}
        tabIndex={-1}
        role="status"
        className="mt-2 rounded-lg bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-300 focus:outline-none focus-visible:ring-2"
      >
        <p className="font-semibold">{sent.message}</p>
        <Link
          to={`/quotes/${encodeURIComponent(sent.number)}`}
          className="mt-1 inline-block font-semibold text-blue-800 underline"
        >
          See request {sent.number}
        </Link>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2" aria-label="Request a quote">
      <p className="text-xs text-gray-700">
        The store prices the lines in your cart and emails your company a quote to accept.
      </p>
      <TextAreaField
        label="Note for the store (optional)"
        hint={`Quantities, timing, a price you were offered: at most ${QUOTE_NOTE_MAX} characters.`}
        rows={3}
        {...form.field('note')}
      />
      <FormError message={form.formError} />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={request.isPending}
          className="flex-1 rounded-lg bg-gray-900 px-3 py-2 text-sm font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
        >
          {request.isPending ? 'Sending…' : 'Send request'}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-gray-900 ring-1 ring-gray-300 hover:bg-gray-100"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

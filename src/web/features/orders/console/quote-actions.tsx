import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QUOTE_REASON_MAX, QuoteWithdrawBodySchema, type StaffQuote } from '#shared/orders/quotes.schemas.ts';
import { Button, Panel, TextArea } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/console-api.ts';
import { useOpenQuoteOnDesk, useWithdrawQuote } from './quotes-api.ts';

const deskHref = (companyId: string) => `/admin/desk/${encodeURIComponent(companyId)}`;

/**
 * What staff do with an open quote (decision 016, part 3): open it on their desk for its company
 * (a request to price, or a sent quote to revise), or withdraw a sent one with a reason. Shown
 * only while it is requested or sent; `onWithdrawn` tells the page, which says so and takes focus.
 */
export function QuoteActions({
  quote,
  onWithdrawn,
}: {
  quote: StaffQuote;
  onWithdrawn: (message: string) => void;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const open = useOpenQuoteOnDesk(quote.number);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdrawId = useId();
  const onOpen = () =>
    open.mutate(undefined, {
      onSuccess: (opened) => {
        notify({ type: 'success', message: opened.message });
        navigate(deskHref(opened.companyId));
      },
    });
  // Their desk for the company holds another order (409): the way to it, to place, send or discard it.
  const deskBusy = open.error instanceof ApiError && open.error.status === 409;
  return (
    <Panel title="Actions">
      <div className="grid gap-3">
        <p className="text-sm text-gray-800">
          {quote.status === 'requested'
            ? 'Open the request on your desk to price its lines, then send it as a quote.'
            : 'Open it on your desk to change it, then send it again; or withdraw it.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={open.isPending} onClick={onOpen}>
            {open.isPending ? 'Opening…' : 'Open on the desk'}
          </Button>
          {quote.status === 'sent' && (
            <Button
              id={withdrawId}
              tone="danger"
              aria-expanded={withdrawing}
              onClick={() => setWithdrawing((w) => !w)}
            >
              Withdraw…
            </Button>
          )}
        </div>
        {open.error && (
          <div className="grid gap-1">
            <FormError message={errorMessage(open.error)} />
            {deskBusy && (
              <Link to={deskHref(quote.companyId)} className="text-sm font-semibold underline">
                Go to your desk for {quote.businessName}
              </Link>
            )}
          </div>
        )}
        {withdrawing && (
          <WithdrawForm
            quote={quote}
            onCancel={() => {
              setWithdrawing(false);
              document.getElementById(withdrawId)?.focus();
            }}
            onWithdrawn={onWithdrawn}
          />
        )}
      </div>
    </Panel>
  );
}

/** The reason (required: the company's members read it on the quote), then a confirmation. */
function WithdrawForm({
  quote,
  onCancel,
  onWithdrawn,
}: {
  quote: StaffQuote;
  onCancel: () => void;
  onWithdrawn: (message: string) => void;
}) {
  const withdraw = useWithdrawQuote(quote.number);
  const form = useZodForm(QuoteWithdrawBodySchema, { defaultValues: { reason: '' } });
  const { setFocus } = form;
  useEffect(() => setFocus('reason'), [setFocus]);
  const submit = form.handleSubmit((body) => {
    if (!window.confirm(`Withdraw quote ${quote.number}? ${quote.businessName} can no longer accept it.`))
      return;
    withdraw.mutate(body, { onSuccess: (res) => onWithdrawn(res.message), onError: form.serverError });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Withdraw quote ${quote.number}`}
      className="grid gap-3 rounded-lg bg-red-50/50 p-3 ring-1 ring-red-200"
    >
      <TextArea
        label="Why is it withdrawn?"
        rows={2}
        maxLength={QUOTE_REASON_MAX}
        hint="Required. The company's members read it on the quote."
        {...form.field('reason')}
      />
      <FormError message={form.formError} />
      <span className="flex flex-wrap gap-2">
        <Button type="submit" tone="danger" disabled={withdraw.isPending}>
          {withdraw.isPending ? 'Withdrawing…' : 'Withdraw quote'}
        </Button>
        <Button tone="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </span>
    </form>
  );
}

import { z } from 'zod';
import { formatDay } from '#shared/dates.ts';
import { formatCents, parseAmount } from '#shared/money.ts';
import {
  type CompanyLedger,
  type LedgerInvoice,
  METHOD_LABELS,
  PAYMENT_METHODS,
  paymentMessages,
  type RecordPaymentBody,
  RecordPaymentFormSchema,
} from '#shared/receivables/payments.schemas.ts';
import { Button, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Card } from './card.tsx';
import { companyPath } from './queries.ts';

/**
 * The Record payment form: the shared form schema, and how it is applied. By hand, each open
 * invoice has a box (empty: nothing to it); what the boxes leave of the payment stays unapplied.
 */
const PaymentFormSchema = RecordPaymentFormSchema.extend({
  applyMode: z.enum(['oldest', 'by_hand']),
  byHand: z.record(z.string(), z.string().optional()),
}).superRefine((v, ctx) => {
  if (v.applyMode !== 'by_hand') return;
  let applied = 0;
  for (const [invoice, text] of Object.entries(v.byHand)) {
    if (!text?.trim()) continue;
    const cents = parseAmount(text);
    if (cents === null || cents < 1)
      ctx.addIssue({ code: 'custom', path: ['byHand', invoice], message: paymentMessages.amount });
    else applied += cents;
  }
  if (applied > v.amount)
    ctx.addIssue({ code: 'custom', path: ['applyMode'], message: paymentMessages.appliedTooMuch });
});
type PaymentForm = z.output<typeof PaymentFormSchema>;

/** The company's invoices that still owe something, the oldest due first. */
export const openInvoices = (ledger: CompanyLedger): LedgerInvoice[] =>
  ledger.invoices
    .filter((i) => i.kind === 'invoice' && i.openCents > 0)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));

const blank = (today: string) => ({
  amount: '',
  receivedOn: today,
  method: 'check' as const,
  reference: '',
  note: '',
  applyMode: 'oldest' as const,
  byHand: {},
});

/** What the server takes: by hand, the boxes filled for invoices still open. */
function paymentBody(v: PaymentForm, open: LedgerInvoice[]): RecordPaymentBody {
  const { amount, applyMode, byHand, ...rest } = v;
  const apply =
    applyMode === 'oldest'
      ? ('oldest' as const)
      : open.flatMap((i) => {
          const cents = parseAmount(byHand[i.number] ?? '');
          return cents ? [{ invoice: i.number, amountCents: cents }] : [];
        });
  return { ...rest, amountCents: amount, apply };
}

/** A payment received: its amount in dollars, day, method, reference, note, and how it is applied. */
export function RecordPaymentCard({ ledger }: { ledger: CompanyLedger }) {
  const notify = useNotify();
  const open = openInvoices(ledger);
  const form = useZodForm(PaymentFormSchema, { defaultValues: blank(ledger.today) });
  const record = useAdminMutation(
    'POST',
    () => companyPath(ledger.company.id, 'payments'),
    'PaymentRecordedSchema',
  );
  const submit = form.handleSubmit((v) => {
    const body = paymentBody(v, open);
    if (body.apply !== 'oldest') {
      const over = body.apply.find(
        (a) => a.amountCents > (open.find((i) => i.number === a.invoice)?.openCents ?? 0),
      );
      if (over) {
        const owes = open.find((i) => i.number === over.invoice)?.openCents ?? 0;
        form.setError(
          `byHand.${over.invoice}`,
          { message: `${over.invoice} owes ${formatCents(owes)}.` },
          { shouldFocus: true },
        );
        return;
      }
    }
    record.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        form.reset(blank(ledger.today));
      },
      // The server names the body's amountCents: the form's box is the amount.
      onError: (err) =>
        form.serverError(
          err instanceof ApiError && err.field === 'amountCents'
            ? new ApiError(err.status, err.message, 'amount')
            : err,
        ),
    });
  });
  const byHand = form.watch('applyMode') === 'by_hand';
  return (
    <Card title="Record payment">
      <form onSubmit={submit} noValidate aria-label="Record payment" className="space-y-3">
        <FormError message={form.formError} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Amount ($)" inputMode="decimal" autoComplete="off" {...form.field('amount')} />
          <Field label="Received on" type="date" max={ledger.today} {...form.field('receivedOn')} />
          <Select label="Method" {...form.field('method')}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
          <Field
            label="Reference"
            hint="A check number, a transfer's reference."
            {...form.field('reference')}
          />
          <div className="sm:col-span-2">
            <TextArea label="Note" rows={1} hint="Staff only." {...form.field('note')} />
          </div>
        </div>
        <ApplyChoice form={form} open={open} byHand={byHand} />
        <Button type="submit" disabled={record.isPending}>
          Record payment
        </Button>
      </form>
    </Card>
  );
}

type Form = ReturnType<typeof useZodForm<typeof PaymentFormSchema>>;

/** "Apply to": the oldest open invoices first, or by hand with a box for each open invoice. */
function ApplyChoice({ form, open, byHand }: { form: Form; open: LedgerInvoice[]; byHand: boolean }) {
  const error = form.formState.errors.applyMode?.message;
  return (
    <fieldset aria-describedby={error ? 'apply-error' : undefined}>
      <legend className="text-sm font-semibold text-gray-900">Apply to</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input type="radio" value="oldest" className="size-4" {...form.register('applyMode')} />
          Oldest open invoices first
        </label>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm">
          <input type="radio" value="by_hand" className="size-4" {...form.register('applyMode')} />
          By hand
        </label>
      </div>
      {byHand &&
        (open.length === 0 ? (
          <p className="text-sm text-gray-700">No open invoices: the whole payment stays unapplied credit.</p>
        ) : (
          <ul aria-label="Open invoices" className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {open.map((i) => (
              <li key={i.number}>
                <Field
                  label={`${i.number} ($)`}
                  inputMode="decimal"
                  autoComplete="off"
                  hint={`Owes ${formatCents(i.openCents)}, due ${formatDay(i.dueDate)}.`}
                  {...form.field(`byHand.${i.number}`)}
                />
              </li>
            ))}
          </ul>
        ))}
      {byHand && <p className="mt-2 text-xs text-gray-700">What is not applied stays unapplied credit.</p>}
      {error && (
        <p id="apply-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

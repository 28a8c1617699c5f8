import type { z } from 'zod';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import {
  type CompanyLedger,
  METHOD_LABELS,
  PAYMENT_METHODS,
  RecordPaymentFormSchema,
  RefundBodySchema,
} from '#shared/receivables/payments.schemas.ts';
import { Button, DataTable, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Card } from './card.tsx';
import { companyPath } from './queries.ts';

/** The refund form: the shared body, its amount typed in dollars as Record payment's is. */
const RefundFormSchema = RefundBodySchema.omit({ amountCents: true }).extend({
  amount: RecordPaymentFormSchema.shape.amount,
});

/** What can be paid back: payments with unapplied money, and credit notes with unused credit. */
export function refundSources(ledger: CompanyLedger): { number: string; cents: number }[] {
  return [
    ...ledger.payments
      .filter((p) => !p.voided && p.unappliedCents > 0)
      .map((p) => ({ number: p.number, cents: p.unappliedCents })),
    ...ledger.invoices
      .filter((i) => i.kind === 'credit_note' && i.openCents > 0)
      .map((i) => ({ number: i.number, cents: i.openCents })),
  ];
}

/** Money paid back to the company, and (for `receivables`) the form to record a refund. */
export function RefundsCard({ ledger, writes }: { ledger: CompanyLedger; writes: boolean }) {
  const sources = refundSources(ledger);
  return (
    <Card title="Refunds">
      {ledger.refunds.length === 0 ? (
        <p className="text-sm text-gray-700">No refunds.</p>
      ) : (
        <DataTable caption="Refunds" head={['From', 'Paid on', 'Method', 'Amount', 'Reason', 'Recorded by']}>
          {ledger.refunds.map((r, n) => (
            // A refund has no number of its own; the ledger lists them in the order they were made.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
            <tr key={n}>
              <td className="px-3 py-2 font-mono text-xs">{r.source}</td>
              <td className="px-3 py-2">{formatDay(r.paidOn)}</td>
              <td className="px-3 py-2">
                {METHOD_LABELS[r.method]}
                {r.reference && <span className="block text-xs text-gray-700">{r.reference}</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatCents(r.amountCents)}</td>
              <td className="px-3 py-2 break-words">{r.reason}</td>
              <td className="px-3 py-2">{r.recordedBy}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {writes &&
        (sources.length === 0 ? (
          <p className="mt-3 text-sm text-gray-700">No unused credit to pay back.</p>
        ) : (
          <RefundForm companyId={ledger.company.id} today={ledger.today} sources={sources} />
        ))}
    </Card>
  );
}

function RefundForm({
  companyId,
  today,
  sources,
}: {
  companyId: string;
  today: string;
  sources: { number: string; cents: number }[];
}) {
  const notify = useNotify();
  const blank = {
    source: sources[0]!.number,
    amount: '',
    paidOn: today,
    method: 'check',
    reference: '',
    reason: '',
  } as const;
  const form = useZodForm(RefundFormSchema, { defaultValues: blank });
  const send = useAdminMutation(
    'POST',
    () => companyPath(companyId, 'refunds'),
    'MessageResponseSchema',
    ({ amount, ...rest }: z.output<typeof RefundFormSchema>) => ({ ...rest, amountCents: amount }),
  );
  const submit = form.handleSubmit((v) =>
    send.mutate(v, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        form.reset(blank);
      },
      onError: (err) =>
        form.serverError(
          err instanceof ApiError && err.field === 'amountCents'
            ? new ApiError(err.status, err.message, 'amount')
            : err,
        ),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Refund" className="mt-4 space-y-3 border-t pt-3">
      <h4 className="text-sm font-semibold">Pay credit back</h4>
      <FormError message={form.formError} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Select label="From" {...form.field('source')}>
          {sources.map((s) => (
            <option key={s.number} value={s.number}>
              {s.number} ({formatCents(s.cents)} unused)
            </option>
          ))}
        </Select>
        <Field label="Amount ($)" inputMode="decimal" autoComplete="off" {...form.field('amount')} />
        <Field label="Paid on" type="date" max={today} {...form.field('paidOn')} />
        <Select label="Method" {...form.field('method')}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
        <Field label="Reference" {...form.field('reference')} />
        <TextArea label="Reason" rows={1} {...form.field('reason')} />
      </div>
      <Button type="submit" tone="secondary" disabled={send.isPending}>
        Record refund
      </Button>
    </form>
  );
}

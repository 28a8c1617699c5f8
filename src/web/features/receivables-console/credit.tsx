import { z } from 'zod';
import { dayPlus, formatDateTime } from '#shared/dates.ts';
import { optionalAmountText } from '#shared/input/form-text.ts';
import { centsToAmount, formatCents } from '#shared/money.ts';
import { type CompanyLedger, LiftHoldBodySchema } from '#shared/receivables/payments.schemas.ts';
import { Badge, Button, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Card, Facts } from './card.tsx';
import { companyPath } from './queries.ts';

type Credit = CompanyLedger['credit'];

/** The credit limit as typed, in dollars; empty: no limit. */
const CreditLimitFormSchema = z.object({
  limit: optionalAmountText('Enter an amount such as 5000, or leave it empty for no limit.'),
});

function useDone() {
  const notify = useNotify();
  return (res: { message: string }) => notify({ type: 'success', message: res.message });
}

/** The company's credit: its limit and exposure, whether it is on hold and why, and a lifted hold. */
export function CreditCard({
  companyId,
  credit,
  today,
  writes,
}: {
  companyId: string;
  credit: Credit;
  today: string;
  writes: boolean;
}) {
  return (
    <Card title="Credit">
      <Facts>
        <dt className="font-semibold">Credit limit</dt>
        <dd>{credit.creditLimitCents === null ? 'No limit' : formatCents(credit.creditLimitCents)}</dd>
        <dt className="font-semibold">Exposure</dt>
        <dd>
          {formatCents(credit.exposureCents)}
          <span className="block text-xs text-gray-700">Open balance and orders not invoiced yet.</span>
        </dd>
        <dt className="font-semibold">Hold</dt>
        <dd>
          <HoldState credit={credit} />
        </dd>
      </Facts>
      {writes && <CreditLimitForm companyId={companyId} limit={credit.creditLimitCents} />}
      {writes && (credit.hold || credit.holdLiftedUntil) && (
        <LiftHoldForm companyId={companyId} today={today} />
      )}
    </Card>
  );
}

function HoldState({ credit }: { credit: Credit }) {
  if (credit.hold)
    return (
      <>
        <Badge status="on_hold">on hold</Badge> invoice {credit.hold.invoice} is {credit.hold.daysPastDue}{' '}
        days past due.
      </>
    );
  if (credit.holdLiftedUntil)
    return (
      <>
        Lifted until {formatDateTime(credit.holdLiftedUntil)}
        {credit.holdLiftReason && (
          <span className="block text-xs text-gray-700">{credit.holdLiftReason}</span>
        )}
      </>
    );
  return (
    <>
      Not on hold.
      <span className="block text-xs text-gray-700">
        A company goes on hold when an invoice is more than {credit.holdAfterDays} days past due.
      </span>
    </>
  );
}

function CreditLimitForm({ companyId, limit }: { companyId: string; limit: number | null }) {
  const done = useDone();
  const form = useZodForm(CreditLimitFormSchema, { values: { limit: centsToAmount(limit) } });
  const save = useAdminMutation(
    'PUT',
    () => companyPath(companyId, 'credit-limit'),
    'MessageResponseSchema',
    (v: { limit: number | null }) => ({ creditLimitCents: v.limit }),
  );
  const submit = form.handleSubmit((v) => save.mutate(v, { onSuccess: done, onError: form.serverError }));
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Credit limit"
      className="mt-4 flex flex-wrap items-end gap-2"
    >
      <Field
        label="Credit limit ($)"
        inputMode="decimal"
        hint="Empty: no limit."
        className="min-w-0 flex-1"
        {...form.field('limit')}
      />
      <Button type="submit" tone="secondary" disabled={save.isPending}>
        Save limit
      </Button>
      <div className="w-full">
        <FormError message={form.formError} />
      </div>
    </form>
  );
}

/** Lifts the hold until the end of a day (today to 90 days out), saying why. */
function LiftHoldForm({ companyId, today }: { companyId: string; today: string }) {
  const done = useDone();
  const form = useZodForm(LiftHoldBodySchema, { defaultValues: { reason: '', until: dayPlus(today, 7) } });
  const lift = useAdminMutation('POST', () => companyPath(companyId, 'hold/lift'), 'MessageResponseSchema');
  const submit = form.handleSubmit((body) =>
    lift.mutate(body, {
      onSuccess: (res) => {
        done(res);
        form.reset({ reason: '', until: body.until });
      },
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Lift hold" className="mt-4 space-y-3 border-t pt-3">
      <h4 className="text-sm font-semibold">Lift the hold</h4>
      <Field
        label="Lifted until (the last day)"
        type="date"
        min={today}
        max={dayPlus(today, 90)}
        hint="From today to 90 days out."
        {...form.field('until')}
      />
      <TextArea label="Reason" rows={2} {...form.field('reason')} />
      <FormError message={form.formError} />
      <Button type="submit" tone="secondary" disabled={lift.isPending}>
        Lift hold
      </Button>
    </form>
  );
}

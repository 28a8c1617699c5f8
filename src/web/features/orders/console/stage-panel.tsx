import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { KNOWN_CARRIERS, normaliseTrackingNumber } from '#shared/orders/carriers.ts';
import { STAGE_LABELS, TRACKING_STAGES, trackingState } from '#shared/orders/order-tracking.ts';
import { type AdminOrder, SetStageBodySchema } from '#shared/orders/orders-staff.schemas.ts';
import { Button, Panel } from '#web/components/console/console-ui.tsx';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useAdminMutation, useStaffMay } from '#web/lib/console-api.ts';

type Stage = (typeof TRACKING_STAGES)[number];

/** Where the order is on the SPEC §4 stages, the stage after it and the one before (null at the ends). */
function stageSteps(o: Pick<AdminOrder, 'events'>) {
  const state = trackingState(o.events);
  const at = TRACKING_STAGES.findIndex((s) => s.stage === o.events.at(-1)?.stage);
  return {
    state,
    /** The latest stage reached (null while placed or once cancelled). */
    current: state.cancelled || at < 0 ? null : TRACKING_STAGES[at]!,
    next: state.cancelled ? null : (TRACKING_STAGES[at + 1] ?? null),
    /** What a step back returns to: the stage before, or 'Order placed'. */
    previousLabel: at > 0 ? TRACKING_STAGES[at - 1]!.label : STAGE_LABELS.placed!,
  };
}

/**
 * The order's shipping stage: move it on (after a confirmation that says whether the buyer is
 * mailed, with the carrier and tracking number when a delivery ships) or step it back (audited,
 * not mailed), and the stage history.
 */
export function StagePanel({ order }: { order: AdminOrder }) {
  const { state, current, next, previousLabel } = stageSteps(order);
  const [asking, setAsking] = useState<'forward' | 'back' | null>(null);
  // Moving an order on is the warehouse's (decision 016): other roles see where it is.
  const fulfils = useStaffMay()('orders.fulfil');
  return (
    <Panel title="Shipping stage">
      <p>
        Now: <strong data-testid="order-stage">{state.label}</strong>
      </p>
      {order.tracking && (
        <p className="mt-1 text-sm text-gray-800">
          {order.tracking.carrier}
          {order.tracking.number && (
            <>
              {' · '}
              <span className="font-mono">{order.tracking.number}</span>
            </>
          )}
        </p>
      )}
      {fulfils && (
        <div className="mt-3 flex flex-wrap gap-2">
          {next ? (
            <Button onClick={() => setAsking('forward')}>Mark as {next.label}…</Button>
          ) : (
            <p className="text-sm text-gray-700">
              {state.cancelled ? 'This order is cancelled.' : 'All stages are done.'}
            </p>
          )}
          {current && (
            <Button tone="secondary" onClick={() => setAsking('back')}>
              Step back to {previousLabel}…
            </Button>
          )}
        </div>
      )}
      <ol className="mt-3 space-y-1 text-sm text-gray-800" aria-label="Stage history">
        {order.events.map((e) => (
          <li key={`${e.stage}-${e.at}`}>
            {STAGE_LABELS[e.stage] ?? e.stage} · {formatDateTime(e.at)}
          </li>
        ))}
      </ol>
      {asking === 'forward' && next && (
        <MoveOnDialog order={order} next={next} onClose={() => setAsking(null)} />
      )}
      {asking === 'back' && current && (
        <StepBackDialog order={order} from={current} to={previousLabel} onClose={() => setAsking(null)} />
      )}
    </Panel>
  );
}

const dialogBox =
  'fixed left-1/2 top-1/2 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5';

function MoveOnDialog({ order, next, onClose }: { order: AdminOrder; next: Stage; onClose: () => void }) {
  const notify = useNotify();
  const number = order.orderNumber;
  const move = useAdminMutation(
    'POST',
    () => `orders/${encodeURIComponent(number)}/stage`,
    'AdminOrderSchema',
  );
  const shipping = next.stage === 'shipped' && order.shippingType === 'Shiptoaddress';
  const mailed = order.mailedStages.includes(next.stage);
  const form = useZodForm(SetStageBodySchema, {
    defaultValues: shipping
      ? {
          stage: next.stage,
          carrier: order.carrier || KNOWN_CARRIERS[0],
          trackingNumber: order.trackingNumber,
        }
      : { stage: next.stage },
  });
  // A stage mailed before is mailed again only to correct the carrier or the tracking number.
  const [carrier, trackingNumber] = form.watch(['carrier', 'trackingNumber']);
  const corrected =
    shipping &&
    ((carrier ?? '').trim() !== order.carrier ||
      normaliseTrackingNumber(trackingNumber ?? '') !== order.trackingNumber);
  const mails = !mailed || corrected;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await move.mutateAsync(body);
      notify({
        type: 'success',
        message: `Marked ${next.label}.${mails ? ' The buyer was emailed.' : ''}`,
      });
      onClose();
    } catch (err) {
      form.serverError(err as Error);
    }
  });
  const carriers = [...new Set([order.carrier, ...KNOWN_CARRIERS].filter(Boolean))];
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Mark ${number} as ${next.label}?`}
      contentClassName={dialogBox}
    >
      <p className="mt-2 text-sm text-gray-800">
        {mails
          ? `${order.buyer.businessName} gets an email saying the order is ${next.label.toLowerCase()}.`
          : `${order.buyer.businessName} was already emailed about this stage, so no email goes this time unless the carrier or tracking number changes.`}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3" aria-label={`Mark as ${next.label}`}>
        {shipping && (
          <>
            <Field label="Carrier" list="known-carriers" autoComplete="off" {...form.field('carrier')} />
            <datalist id="known-carriers">
              {carriers.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Field
              label="Tracking number (optional)"
              autoComplete="off"
              hint="Shown to the buyer on their Track page, with a link to the carrier's page when we know it."
              {...form.field('trackingNumber')}
            />
          </>
        )}
        <FormError message={form.formError} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button type="submit" disabled={move.isPending}>
            {move.isPending ? 'Saving…' : `Mark as ${next.label}`}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

function StepBackDialog({
  order,
  from,
  to,
  onClose,
}: {
  order: AdminOrder;
  from: Stage;
  to: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const number = order.orderNumber;
  const back = useAdminMutation(
    'POST',
    () => `orders/${encodeURIComponent(number)}/stage/back`,
    'AdminOrderSchema',
  );
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    back.mutate(
      { from: from.stage },
      {
        onSuccess: () => {
          notify({ type: 'success', message: `Stepped back to ${to}. The buyer was not emailed.` });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Step ${number} back to ${to}?`}
      contentClassName={dialogBox}
    >
      <p className="mt-2 text-sm text-gray-800">
        This undoes “{from.label}”, for a stage marked by mistake.
        {from.stage === 'delivered' && ' The items it marked delivered go back to pending.'} The buyer is not
        emailed; their Track page shows {to} at once. The audit log keeps both steps.
      </p>
      <div className="mt-3">
        <FormError message={error} />
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button tone="secondary" onClick={onClose}>
          Not now
        </Button>
        <Button tone="danger" disabled={back.isPending} onClick={confirm}>
          {back.isPending ? 'Saving…' : `Step back to ${to}`}
        </Button>
      </div>
    </DialogShell>
  );
}

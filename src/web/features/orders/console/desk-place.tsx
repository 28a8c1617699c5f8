import { useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatCents } from '#shared/money.ts';
import { type DeskDraft, deskMessages } from '#shared/orders/desk.schemas.ts';
import { Button, Panel } from '#web/components/console/console-ui.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { firstError } from '#web/lib/console-api.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useDiscardDeskDraft, usePlaceDeskOrder } from './desk-api.ts';

/** Placing now would lose what the order details form holds. */
export const DETAILS_UNSAVED = 'Save the order details first: what is typed there is not saved yet.';

/**
 * The totals the server worked out, why the draft cannot be placed yet, and Place order: sent with
 * the version, location and total shown, so a draft or price that changed meanwhile is refused (409), reloaded
 * and shown again rather than placed unseen. One key per press, kept for a retry of that press
 * (a lost answer), so a retry is the same order.
 */
export function DeskPlace({ draft, detailsDirty }: { draft: DeskDraft; detailsDirty: boolean }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const place = usePlaceDeskOrder(draft.company.id);
  const discard = useDiscardDeskDraft(draft.company.id);
  // One key per press of one version of the draft: a retry after a lost answer is the same order,
  // and a draft changed since (a line added) is another.
  const key = useRef<{ version: number; key: string } | null>(null);
  const problemsId = useId();
  const pickup = draft.shippingType === 'Pickup';
  const { locationId } = draft;
  // The server lists a missing location among the problems; said here too should it not.
  const problems =
    locationId || draft.problems.includes(deskMessages.noLocation)
      ? draft.problems
      : [deskMessages.noLocation, ...draft.problems];
  const blocked = problems.length > 0 || draft.lines.length === 0 || detailsDirty;

  const onPlace = () => {
    if (!locationId) return;
    if (key.current?.version !== draft.version)
      key.current = { version: draft.version, key: newIdempotencyKey() };
    place.mutate(
      {
        version: draft.version,
        locationId,
        expectedTotalCents: draft.totalCents,
        idempotencyKey: key.current.key,
      },
      {
        onSuccess: (placed) => {
          key.current = null;
          notify({ type: 'success', message: placed.message });
          navigate(`/admin/orders/${encodeURIComponent(placed.number)}`);
        },
        // A refusal is final for this press (the next one is another attempt); a lost answer is
        // not, and its retry keeps the key.
        onError: (err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) key.current = null;
        },
      },
    );
  };
  const onDiscard = () => {
    const ask = `Discard this draft for ${draft.company.businessName}? Its lines and notes are lost.`;
    if (!window.confirm(ask)) return;
    discard.mutate(undefined, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/admin/desk');
      },
    });
  };

  return (
    <Panel title="Total">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatCents(draft.subtotalCents)}</dd>
        <dt>{pickup ? 'Pickup' : 'Delivery fee'}</dt>
        <dd className="text-right">{formatCents(draft.shippingCents)}</dd>
        <dt>State excise</dt>
        <dd className="text-right">{formatCents(draft.exciseCents)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatCents(draft.totalCents)}</dd>
      </dl>
      {problems.length > 0 && (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <h3 id={problemsId} className="font-semibold">
            Before it can be placed
          </h3>
          <ul aria-labelledby={problemsId} className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {detailsDirty && <p className="mt-3 text-sm font-medium text-amber-900">{DETAILS_UNSAVED}</p>}
      <div className="mt-3 grid gap-2">
        <FormError message={firstError(place.error, discard.error)} />
        <Button tone="success" className="w-full" disabled={blocked || place.isPending} onClick={onPlace}>
          {place.isPending ? 'Placing…' : 'Place order'}
        </Button>
        {draft.version > 0 && (
          <Button tone="danger" className="w-full" disabled={discard.isPending} onClick={onDiscard}>
            Discard draft
          </Button>
        )}
      </div>
    </Panel>
  );
}

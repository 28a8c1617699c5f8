import { useEffect } from 'react';
import type { z } from 'zod';
import { centsToAmount, formatCents } from '#shared/money.ts';
import {
  DESK_NOTE_MAX,
  DESK_REASON_MAX,
  type DeskDraft,
  DeskDetailsFormSchema,
  deskMessages,
} from '#shared/orders/desk.schemas.ts';
import { Button, Panel, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useSaveDeskDetails, useShowDraft } from './desk-api.ts';

const detailsOf = (d: DeskDraft): z.input<typeof DeskDetailsFormSchema> => ({
  version: d.version,
  locationId: d.locationId ?? '',
  shippingType: d.shippingType,
  changeFee: d.feeCents !== null,
  feeCents: centsToAmount(d.feeCents),
  feeReason: d.feeReason,
  buyerNote: d.buyerNote,
  internalNote: d.internalNote,
});

/**
 * Where the order goes and what it says: the location, pickup or delivery (the fee changed only
 * with a reason), the buyer's note and the staff's. Saved at the version the page showed; a draft
 * changed meanwhile answers 409, reloads, and keeps what was typed here for a second look.
 */
export function DeskDetails({ draft, onDirty }: { draft: DeskDraft; onDirty: (dirty: boolean) => void }) {
  const notify = useNotify();
  const show = useShowDraft(draft.company.id);
  const form = useZodForm(DeskDetailsFormSchema, {
    values: detailsOf(draft),
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveDeskDetails(draft.company.id);
  const [shippingType, changeFee] = form.watch(['shippingType', 'changeFee']);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        show(saved);
        // All of it as saved (the form's resetOptions would keep what was typed).
        form.reset(detailsOf(saved), { keepDirtyValues: false });
        notify({ type: 'success', message: deskMessages.saved });
      },
      onError: form.serverError,
    }),
  );
  return (
    <Panel title="Order details">
      <form onSubmit={submit} noValidate aria-label="Order details" className="grid gap-3">
        <Select label="Location" {...form.field('locationId')}>
          {draft.locationId === null && <option value="">Choose a location</option>}
          {draft.locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name || l.address} — {l.city}, {l.state}
              {l.isDefault ? ' (default)' : ''}
            </option>
          ))}
        </Select>
        {draft.locations.length === 0 && (
          <p className="text-sm text-gray-700">The company has no locations yet.</p>
        )}
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Shipping</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            <label className="inline-flex min-h-10 items-center gap-2 text-sm">
              <input type="radio" value="Pickup" className="size-4" {...form.register('shippingType')} />
              Pickup
            </label>
            <label className="inline-flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                value="Shiptoaddress"
                className="size-4"
                {...form.register('shippingType')}
              />
              Delivery
            </label>
          </div>
        </fieldset>
        {shippingType === 'Shiptoaddress' && <FeeFields draft={draft} changeFee={changeFee} form={form} />}
        <TextArea
          label="Note for the buyer"
          rows={3}
          maxLength={DESK_NOTE_MAX}
          hint="On the order, as the buyer's own comments are."
          {...form.field('buyerNote')}
        />
        <TextArea
          label="Internal note"
          rows={3}
          maxLength={DESK_NOTE_MAX}
          hint="Staff only: the buyer never sees it."
          {...form.field('internalNote')}
        />
        <FormError message={form.formError} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save details
          </Button>
        </div>
      </form>
    </Panel>
  );
}

type DetailsForm = ReturnType<typeof useZodForm<typeof DeskDetailsFormSchema>>;

/** The delivery fee: the store's, or another amount with the reason (audited). */
function FeeFields({ draft, changeFee, form }: { draft: DeskDraft; changeFee: boolean; form: DetailsForm }) {
  return (
    <div className="grid gap-3 rounded-lg bg-gray-50 p-3">
      <p className="text-sm">
        The store's delivery fee: <strong>{formatCents(draft.standardFeeCents)}</strong>
        {draft.feeCents !== null && (
          <>
            {' '}
            · this order's: <strong>{formatCents(draft.feeCents)}</strong>
          </>
        )}
      </p>
      <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold text-gray-900">
        <input type="checkbox" className="size-4 accent-gray-900" {...form.register('changeFee')} />
        Change fee
      </label>
      {changeFee && (
        <>
          <Field
            label="Fee in dollars"
            inputMode="decimal"
            autoComplete="off"
            placeholder={centsToAmount(draft.standardFeeCents)}
            {...form.field('feeCents')}
          />
          <Field
            label="Reason for the change"
            autoComplete="off"
            maxLength={DESK_REASON_MAX}
            hint="Required; kept in the audit log."
            {...form.field('feeReason')}
          />
        </>
      )}
    </div>
  );
}

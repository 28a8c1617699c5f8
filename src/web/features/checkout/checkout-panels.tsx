import { type ReactNode, useId } from 'react';
import type { Address } from '#shared/accounts/accounts.schemas.ts';
import { SHIPPING_TYPES, type ShippingType, shippingFeeCents } from '#shared/cart/cart.rules.ts';
import { formatCents } from '#shared/money.ts';
import { type FieldProps, TextAreaField } from '#web/components/ui/form.tsx';
import { addressLine } from '#web/lib/addresses.ts';

export const METHOD_LABEL: Record<ShippingType, string> = {
  Pickup: 'Pickup in store',
  Shiptoaddress: 'Deliver to address',
};

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Who and where the order goes, with Edit Address (SPEC §2 Checkout). */
export function ShippingAddressPanel({
  user,
  address,
  onEdit,
}: {
  user: { name: string; businessName: string };
  address: Address | null;
  onEdit: () => void;
}) {
  return (
    <Panel
      title="Shipping address"
      action={
        <button
          type="button"
          onClick={onEdit}
          className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
        >
          Edit Address
        </button>
      }
    >
      <address className="mt-3 not-italic text-gray-800">
        <strong>{user.name}</strong>, {user.businessName}
        <br />
        {address ? addressLine(address) : 'No address yet: add one with Edit Address.'}
      </address>
    </Panel>
  );
}

/** Pickup or delivery, each with its fee. */
export function ShippingMethodPanel({
  field,
  chosen,
  deliveryFeeCents,
  pickupAddress,
}: {
  field: FieldProps;
  chosen: ShippingType;
  deliveryFeeCents: number;
  pickupAddress?: string;
}) {
  const { error: _error, ...radio } = field;
  return (
    <Panel title="Shipping method">
      <fieldset className="mt-3 space-y-2">
        <legend className="sr-only">Shipping method</legend>
        {SHIPPING_TYPES.map((t) => (
          <label
            key={t}
            className={`flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ${chosen === t ? 'bg-amber-50 ring-amber-400' : 'ring-gray-200'}`}
          >
            <input type="radio" value={t} {...radio} className="size-4 accent-gray-900" />
            <span className="flex-1">
              <span className="block font-semibold">{METHOD_LABEL[t]}</span>
              {t === 'Pickup' && pickupAddress && (
                <span className="block text-xs text-gray-700">{pickupAddress}</span>
              )}
            </span>
            <span className="font-bold">{formatCents(shippingFeeCents(t, deliveryFeeCents))}</span>
          </label>
        ))}
      </fieldset>
    </Panel>
  );
}

/** Free-text comments for the store (delivery instructions, a PO number). */
export function CommentsPanel({ field }: { field: FieldProps }) {
  return (
    <section className="rounded-2xl bg-white p-5 ring-1 ring-gray-200">
      <TextAreaField
        label="Comments"
        labelClassName="text-lg font-bold"
        rows={3}
        maxLength={1000}
        placeholder="Delivery instructions, a PO number…"
        {...field}
      />
    </section>
  );
}

import { useEffect, useId, useRef } from 'react';
import type { Cart } from '#shared/cart/cart.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { LineCompliance } from '#web/components/catalogue/line-compliance.tsx';
import { LineItem, quantityDetail } from '#web/components/catalogue/line-item.tsx';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { PriceChanged } from '#web/components/catalogue/price-changed.tsx';
import { usePriceChanges } from '#web/lib/cart/seen-prices.ts';
import { useRemoveFromCart } from '#web/lib/cart/cart-mutations.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

/** The lines, the totals, the unverified-buyer cap, the error and Check out. */
export function OrderSummaryPanel({
  cart,
  shippingCents,
  shippingLabel,
  cap,
  overCap,
  error,
  blocked,
  pending,
  updating = false,
  onCheckOut,
}: {
  cart: Cart;
  shippingCents: number;
  shippingLabel: string;
  /** The cap on an order from a buyer whose documents are not verified; undefined once they are. */
  cap: number | undefined;
  overCap: boolean;
  error: string | undefined;
  blocked: boolean;
  pending: boolean;
  /** The totals are being worked out again for a new ship-to: Check out waits. */
  updating?: boolean;
  onCheckOut: () => void;
}) {
  const id = useId();
  // Lines re-priced since the buyer last saw them are marked here until they leave checkout.
  const { changes, seen } = usePriceChanges();
  const seenRef = useRef(seen);
  seenRef.current = seen;
  useEffect(() => () => seenRef.current(), []);
  return (
    <section
      aria-labelledby={id}
      className="self-start rounded-2xl bg-white p-5 ring-1 ring-gray-200 lg:sticky lg:top-4"
    >
      <h2 id={id} className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {cart.items.map((l) => (
          <li key={l.variantId} className="flex gap-3 py-2">
            <LineItem
              image={{ url: l.imageUrl }}
              title={l.productName}
              detail={quantityDetail(l.variantName, l.quantity, formatCents(l.unitPriceCents), l.sellingUnit)}
              sku={l.variantId}
              aside={
                <span className="text-sm font-semibold">
                  <span className="sr-only">Line total </span>
                  {formatCents(l.lineTotalCents)}
                </span>
              }
            >
              <PriceChanged change={changes.get(l.variantId)} />
              <LineCompliance line={l} />
              {l.blocks.length > 0 && (
                <RemoveLine variantId={l.variantId} label={optionLabel(l.productName, l.variantName)} />
              )}
            </LineItem>
          </li>
        ))}
      </ul>
      <OrderTotals
        subtotalCents={cart.subtotalCents}
        shippingCents={shippingCents}
        exciseCents={cart.exciseCents}
        exciseLabel={cart.shipTo ? `State excise (${cart.shipTo.stateName})` : 'State excise'}
        totalCents={cart.subtotalCents + shippingCents + cart.exciseCents}
        shippingLabel={shippingLabel}
        className="mt-3 border-t border-gray-200 pt-3"
        totalTestId="checkout-total"
      />
      {cap !== undefined && (
        <p
          className={`mt-3 rounded-lg p-3 text-xs ${overCap ? 'bg-red-50 text-red-900' : 'bg-gray-50 text-gray-700'}`}
        >
          {orderMessages.overCap(cap)}
        </p>
      )}
      {cart.blockedCount > 0 && cart.shipTo && (
        <p role="note" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-900">
          {complianceMessages.blockedCount(
            cart.blockedCount,
            cart.shipTo.stateName,
            cart.shipTo.shipping === 'Pickup' ? 'Pickup' : 'Delivery',
          )}
        </p>
      )}
      <div className="mt-3">
        <FormError message={error} />
      </div>
      <button
        type="button"
        onClick={onCheckOut}
        aria-disabled={blocked || pending || updating}
        disabled={pending || updating}
        className={`mt-3 w-full rounded-lg px-4 py-3 text-base font-extrabold ${blocked ? 'cursor-not-allowed bg-gray-200 text-gray-600' : 'bg-amber-400 text-gray-900 hover:bg-amber-300 disabled:opacity-60'}`}
      >
        {pending ? 'Placing your order…' : updating ? 'Updating totals…' : 'Check out'}
      </button>
    </section>
  );
}

/** Takes a line that cannot ship to the chosen address out of the cart. */
function RemoveLine({ variantId, label }: { variantId: string; label: string }) {
  const remove = useRemoveFromCart();
  const notify = useNotify();
  return (
    <button
      type="button"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(variantId, { onError: (err) => notify({ type: 'error', message: err.message }) })
      }
      className="mt-1 text-xs font-semibold text-red-800 underline"
    >
      Remove {label}
    </button>
  );
}

import { perUnit } from '#shared/catalogue/price.ts';
import * as Dialog from '@radix-ui/react-dialog';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import type { CartLine } from '#shared/cart/cart.schemas.ts';
import { stepQuantity, typedQuantity } from '#shared/pricing/quantity-steps.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { formatCents } from '#shared/money.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { LineCompliance } from '#web/components/catalogue/line-compliance.tsx';
import { LineItem } from '#web/components/catalogue/line-item.tsx';
import { productHref } from '#web/components/catalogue/links.ts';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { useRemoveFromCart, useSetCartQuantity } from '#web/lib/cart/cart-mutations.ts';
import { useCart } from '#web/lib/cart/get-cart.ts';
import { type PriceChange, usePriceChanges } from '#web/lib/cart/seen-prices.ts';
import { PriceChanged } from '#web/components/catalogue/price-changed.tsx';
import { setCartDrawerOpen, useCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import { Slot } from '#web/components/slots.tsx';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { RequestQuoteButton } from './request-quote-button.tsx';

/**
 * SPEC §2 Cart drawer: the items, a subtotal and a checkout button. Prices and the subtotal are the
 * server's, computed from the current catalogue with the shared rules.
 */
export default function CartDrawer() {
  const open = useCartDrawerOpen();
  const { data: cart, isPending } = useCart();
  // Lines re-priced since last seen are marked while the drawer is open, and seen once it closes.
  const { changes, seen } = usePriceChanges();
  const seenRef = useRef(seen);
  seenRef.current = seen;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) seenRef.current();
    wasOpen.current = open;
  }, [open]);
  const navigate = useNavigate();
  const items = cart?.items ?? [];

  return (
    <DialogShell
      open={open}
      onOpenChange={setCartDrawerOpen}
      title={`Your cart${cart ? ` (${cart.itemCount} item${cart.itemCount === 1 ? '' : 's'})` : ''}`}
      closeLabel="Close cart"
      contentClassName="fixed inset-y-0 right-0 flex w-[92vw] max-w-md flex-col bg-white"
      headerClassName="flex items-center justify-between border-b border-gray-200 px-4 py-3"
    >
      <Dialog.Description className="sr-only">The products in your cart, with quantities</Dialog.Description>
      {isPending ? (
        <p className="p-6 text-gray-700">Loading your cart…</p>
      ) : items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <ShoppingCart className="size-12 text-gray-300" aria-hidden />
          <p className="text-gray-700">Your cart is empty.</p>
          <Dialog.Close asChild>
            <Link
              to="/categories?categoryId=ALL"
              className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-700"
            >
              Start shopping
            </Link>
          </Dialog.Close>
          <Dialog.Close asChild>
            <Link to="/quick-order" className="text-sm font-semibold text-blue-800 hover:underline">
              Quick order by SKU
            </Link>
          </Dialog.Close>
        </div>
      ) : (
        <>
          <ul className="flex-1 divide-y divide-gray-200 overflow-y-auto px-4" aria-label="Cart items">
            {items.map((line) => (
              <CartDrawerLine key={line.variantId} line={line} priceChange={changes.get(line.variantId)} />
            ))}
          </ul>
          <div className="border-t border-gray-200 p-4">
            <p className="flex items-baseline justify-between text-lg">
              <span className="font-semibold">Subtotal</span>
              <span className="font-extrabold" data-testid="cart-subtotal">
                {formatCents(cart?.subtotalCents ?? 0)}
              </span>
            </p>
            {cart && cart.exciseCents > 0 && (
              <p className="mt-1 flex items-baseline justify-between text-sm">
                <span>State excise{cart.shipTo && ` (${cart.shipTo.stateName})`}</span>
                <span className="font-semibold">{formatCents(cart.exciseCents)}</span>
              </p>
            )}
            {cart && cart.blockedCount > 0 && cart.shipTo && (
              <p
                className="mt-2 rounded-md bg-red-50 px-2 py-1 text-sm font-semibold text-red-800"
                role="note"
              >
                {cart.blockedCount === 1 ? '1 item cannot' : `${cart.blockedCount} items cannot`} ship to{' '}
                {cart.shipTo.stateName}: remove {cart.blockedCount === 1 ? 'it' : 'them'}, or choose Pickup or
                another address at checkout.
              </p>
            )}
            <p className="mt-1 text-xs text-gray-600">
              {cart?.shipTo
                ? `For ${cart.shipTo.stateName} (your default address); shipping is chosen at checkout.`
                : 'Shipping is chosen at checkout.'}
            </p>
            <button
              type="button"
              onClick={() => {
                setCartDrawerOpen(false);
                navigate('/checkout');
              }}
              className="mt-3 w-full rounded-lg bg-amber-400 px-4 py-3 font-extrabold text-gray-900 hover:bg-amber-300"
            >
              Checkout
            </button>
            <RequestQuoteButton />
            <div className="mt-2 flex items-center justify-between gap-2">
              <Slot
                of="SaveToList"
                label="Save cart to a list"
                items={() => items.map((l) => ({ variantId: l.variantId, quantity: l.quantity }))}
              />
              <Dialog.Close asChild>
                <Link to="/quick-order" className="text-sm font-semibold text-blue-800 hover:underline">
                  Quick order
                </Link>
              </Dialog.Close>
            </div>
          </div>
        </>
      )}
    </DialogShell>
  );
}

function CartDrawerLine({ line, priceChange }: { line: CartLine; priceChange: PriceChange | undefined }) {
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const notify = useNotify();
  const onError = (err: Error) => notify({ type: 'error', message: err.message });
  const change = (quantity: number) =>
    setQuantity.mutate({ variantId: line.variantId, quantity }, { onError });
  const busy = setQuantity.isPending || remove.isPending;
  const label = optionLabel(line.productName, line.variantName);
  const discounted = line.unitPriceCents < line.priceCents;
  // Case packs: the steppers move by whole cases, from the minimum.
  const rule = line.quantityRule;
  const fewer = stepQuantity(rule, line.quantity, -1);
  const more = stepQuantity(rule, line.quantity, 1);
  // A typed quantity becomes one the option is sold in (whole cases, the minimum, the cap, the
  // stock), and the buyer is told when it was changed.
  const type = (typed: number) => {
    const { quantity, why } = typedQuantity(rule, typed, line.stock);
    const name = label;
    if (quantity === null) {
      notify({ type: 'warning', message: pricingMessages.typedNone(name) });
      return;
    }
    if (why)
      notify({
        type: 'info',
        message:
          why === 'cases'
            ? pricingMessages.typedRoundedToCases(name, quantity, rule.increment)
            : why === 'minimum'
              ? pricingMessages.typedRaisedToMinimum(name, quantity)
              : pricingMessages.typedCapped(name, quantity),
      });
    if (quantity !== line.quantity) change(quantity);
  };

  return (
    <li className="flex gap-3 py-3">
      <LineItem
        image={{ url: line.imageUrl }}
        thumb="lg"
        title={
          <Link
            to={productHref({ categoryId: line.categoryId, brandId: line.brandId, id: line.productId })}
            onClick={() => setCartDrawerOpen(false)}
            className="hover:underline"
          >
            {line.productName}
          </Link>
        }
        detail={line.variantName}
        sku={line.variantId}
      >
        {/* The parts are read as one sentence: "Your price $12.00, was $15.24 each". */}
        <p className="mt-0.5 text-sm">
          {line.priceSource === 'group' && (
            <>
              <span className="text-xs font-semibold text-emerald-800">Your price</span>{' '}
            </>
          )}
          <span className="font-bold">{formatCents(line.unitPriceCents)}</span>
          {discounted && (
            <>
              <span className="sr-only">, was</span>{' '}
              <span className="ml-1 text-xs text-gray-600 line-through">{formatCents(line.priceCents)}</span>
            </>
          )}{' '}
          <span className="text-xs text-gray-600">{perUnit(line.sellingUnit) || 'each'}</span>
        </p>
        <PriceChanged change={priceChange} />
        {line.nextTier && (
          <p className="text-xs text-emerald-800">
            {line.nextTier.minQuantity} or more: {formatCents(line.nextTier.unitPriceCents)} each
          </p>
        )}
        {line.quantityProblem && (
          <p className="mt-0.5 text-xs font-semibold text-red-700">{line.quantityProblem}</p>
        )}
        <LineCompliance line={line} />
        {line.quantity > line.stock && (
          <p className="mt-0.5 text-xs font-semibold text-red-700">
            {line.stock === 0 ? 'Now out of stock' : `Only ${line.stock} available`}
          </p>
        )}
        <div className="mt-2 flex items-center gap-2">
          {/* SPEC §5: in the drawer the quantity can be decreased only while it is above 1 (here:
              above the option's minimum, by whole cases). */}
          <QuantityStepper
            label={label}
            quantity={line.quantity}
            canFewer={!busy && fewer !== line.quantity}
            canMore={!busy && more !== line.quantity && more <= line.stock}
            onFewer={() => change(fewer)}
            onMore={() => change(more)}
            onType={type}
            typeDisabled={busy}
          />
          <button
            type="button"
            disabled={busy}
            onClick={() => remove.mutate(line.variantId, { onError })}
            aria-label={`Remove ${label}`}
            className="rounded-lg p-2 text-red-800 hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
          <span className="ml-auto text-sm font-bold">{formatCents(line.lineTotalCents)}</span>
        </div>
      </LineItem>
    </li>
  );
}

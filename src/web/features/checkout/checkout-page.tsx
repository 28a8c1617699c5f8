import { useId, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { SHIPPING_TYPES, type ShippingType, shippingFeeCents } from '#shared/cart/cart.rules.ts';
import { formatCents } from '#shared/money.ts';
import { orderMessages as om } from '#shared/orders/orders-messages.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { PageSpinner } from '#web/app/root-layout.tsx';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useAddresses } from '#web/features/accounts/index.ts';
import { useCart } from '#web/features/cart/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { usePlaceOrder } from './api/place-order.ts';
import { addressLine, EditAddressModal } from './edit-address-modal.tsx';
import { newIdempotencyKey } from './idempotency-key.ts';

const METHOD_LABEL: Record<ShippingType, string> = {
  Pickup: 'Pickup in store',
  Shiptoaddress: 'Deliver to address',
};

/** /checkout (SPEC §2 Checkout). Signed out: home. */
export function CheckoutPage() {
  const session = useSession();
  const user = session.data?.user;
  const cart = useCart();
  if (session.isPending || (user && cart.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (!cart.data?.items.length)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <PageTitle>Checkout</PageTitle>
        <h1 className="text-2xl font-extrabold">Checkout</h1>
        <p className="mt-3 text-gray-700">{om.emptyCart} Add products to your cart to check out.</p>
        <Link
          to="/"
          className="mt-6 inline-block rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-white hover:bg-gray-700"
        >
          Continue shopping
        </Link>
      </div>
    );
  return <Checkout />;
}

function Checkout() {
  const user = useSession().data!.user!;
  const cart = useCart().data!;
  const store = useStoreInfo().data;
  const addresses = useAddresses().data?.addresses;
  const place = usePlaceOrder();
  const notify = useNotify();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [shippingType, setShippingType] = useState<ShippingType>('Pickup');
  const [comments, setComments] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { method: useId(), comments: useId(), summary: useId(), address: useId() };

  // The chosen address, else the default one, else the first; deleting the chosen one falls back.
  const address = useMemo(() => {
    const list = addresses ?? [];
    return list.find((a) => a.id === chosenId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  }, [addresses, chosenId]);

  const deliveryFee = store?.deliveryFeeCents ?? 2000;
  const shipping = shippingFeeCents(shippingType, deliveryFee);
  const total = cart.subtotalCents + shipping;
  const documentsVerified = user.isSalesIdverified && user.isTobaccoLicenceVerified;
  const cap = store?.unverifiedCapCents;
  const overCap = !documentsVerified && cap !== undefined && cart.subtotalCents > cap;
  // SPEC §2 Checkout: an unverified email disables the button; pressing it says 'Action not allowed'.
  const blocked = !user.emailVerified || overCap;

  const checkOut = () => {
    if (!user.emailVerified) return notify({ type: 'error', message: om.actionNotAllowed });
    if (overCap) return setError(om.overCap(cap));
    if (!address) {
      setError(om.shippingRequired);
      return setEditing(true);
    }
    setError(null);
    place.mutate(
      {
        shippingDetails: {
          name: user.name,
          businessName: user.businessName,
          address: [address.streetAddress, address.streetAddress2].filter(Boolean).join(', '),
          city: address.city,
          state: address.state,
          postalCode: address.zipCode,
        },
        shippingType,
        comments,
        idempotencyKey,
      },
      {
        onSuccess: (res) => {
          notify({ type: 'success', message: res.message });
          navigate('/orders');
        },
        onError: (err) => {
          // The server's own words for what the buyer can fix (stock, cap, email, shipping);
          // anything else is the spec's generic failure.
          const fixable = err instanceof ApiError && err.status >= 400 && err.status < 500;
          const message = fixable ? err.message : om.failed;
          setError(message);
          notify({ type: 'error', message });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4">
      <PageTitle>Checkout</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Checkout</h1>
      {!user.emailVerified && (
        <div role="note" className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
          <p className="font-bold text-amber-950">Please verify your email address</p>
          <p className="mt-1 text-sm text-amber-950">
            Verification is needed to place orders. Use the link we emailed you, or get a new one from{' '}
            <Link to="/account?p=My%20Account" className="font-semibold underline">
              My account
            </Link>
            .
          </p>
        </div>
      )}
      <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="space-y-6">
          <section aria-labelledby={ids.address} className="rounded-2xl bg-white p-5 ring-1 ring-gray-200">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={ids.address} className="text-lg font-bold">
                Shipping address
              </h2>
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
              >
                Edit Address
              </button>
            </div>
            <address className="mt-3 not-italic text-gray-800">
              <strong>{user.name}</strong>, {user.businessName}
              <br />
              {address ? addressLine(address) : 'No address yet: add one with Edit Address.'}
            </address>
          </section>

          <section aria-labelledby={ids.method} className="rounded-2xl bg-white p-5 ring-1 ring-gray-200">
            <h2 id={ids.method} className="text-lg font-bold">
              Shipping method
            </h2>
            <fieldset className="mt-3 space-y-2">
              <legend className="sr-only">Shipping method</legend>
              {SHIPPING_TYPES.map((t) => (
                <label
                  key={t}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ${shippingType === t ? 'bg-amber-50 ring-amber-400' : 'ring-gray-200'}`}
                >
                  <input
                    type="radio"
                    name="shipping-type"
                    value={t}
                    checked={shippingType === t}
                    onChange={() => setShippingType(t)}
                    className="size-4 accent-gray-900"
                  />
                  <span className="flex-1">
                    <span className="block font-semibold">{METHOD_LABEL[t]}</span>
                    {t === 'Pickup' && store?.pickupAddress && (
                      <span className="block text-xs text-gray-700">{store.pickupAddress}</span>
                    )}
                  </span>
                  <span className="font-bold">{formatCents(shippingFeeCents(t, deliveryFee))}</span>
                </label>
              ))}
            </fieldset>
          </section>

          <section className="rounded-2xl bg-white p-5 ring-1 ring-gray-200">
            <label htmlFor={ids.comments} className="text-lg font-bold">
              Comments
            </label>
            <textarea
              id={ids.comments}
              value={comments}
              maxLength={1000}
              onChange={(e) => setComments(e.target.value)}
              rows={3}
              placeholder="Delivery instructions, a PO number…"
              className="mt-2 w-full rounded-lg border border-gray-400 px-3 py-2"
            />
          </section>
        </div>

        <section
          aria-labelledby={ids.summary}
          className="self-start rounded-2xl bg-white p-5 ring-1 ring-gray-200 lg:sticky lg:top-4"
        >
          <h2 id={ids.summary} className="text-lg font-bold">
            Order summary
          </h2>
          <ul className="mt-3 divide-y divide-gray-100">
            {cart.items.map((l) => (
              <li key={l.variantId} className="flex gap-3 py-2 text-sm">
                <img
                  src={l.imageUrl}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{l.productName}</p>
                  <p className="text-gray-700">
                    {l.variantName} · {l.quantity} × {formatCents(l.unitPriceCents)}
                  </p>
                </div>
                <span className="font-semibold">{formatCents(l.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <OrderTotals
            subtotalCents={cart.subtotalCents}
            shippingCents={shipping}
            totalCents={total}
            shippingLabel={`Shipping (${METHOD_LABEL[shippingType]})`}
            className="mt-3 border-t border-gray-200 pt-3"
            totalTestId="checkout-total"
          />
          {!documentsVerified && cap !== undefined && (
            <p
              className={`mt-3 rounded-lg p-3 text-xs ${overCap ? 'bg-red-50 text-red-900' : 'bg-gray-50 text-gray-700'}`}
            >
              {om.overCap(cap)}
            </p>
          )}
          <div className="mt-3">
            <FormError message={error} />
          </div>
          <button
            type="button"
            onClick={checkOut}
            aria-disabled={blocked || place.isPending}
            disabled={place.isPending}
            className={`mt-3 w-full rounded-lg px-4 py-3 text-base font-extrabold ${blocked ? 'cursor-not-allowed bg-gray-200 text-gray-600' : 'bg-amber-400 text-gray-900 hover:bg-amber-300 disabled:opacity-60'}`}
          >
            {place.isPending ? 'Placing your order…' : 'Check out'}
          </button>
        </section>
      </div>
      <EditAddressModal
        open={editing}
        onOpenChange={setEditing}
        addresses={addresses ?? []}
        selectedId={address?.id ?? null}
        onSelect={setChosenId}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { shippingFeeCents } from '#shared/cart/cart.rules.ts';
import type { Cart } from '#shared/cart/cart.schemas.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { CheckoutFormSchema, ORDER_LINES_MAX } from '#shared/orders/orders.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useCart } from '#web/lib/cart/get-cart.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useMayOrder, useSession } from '#web/lib/session.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { usePlaceOrder } from './api/place-order.ts';
import {
  CommentsPanel,
  METHOD_LABEL,
  ShippingAddressPanel,
  ShippingMethodPanel,
} from './checkout-panels.tsx';
import { EditAddressModal } from './edit-address-modal.tsx';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useShipTo } from './use-ship-to.ts';
import { OrderSummaryPanel } from './order-summary-panel.tsx';
import { optionLabel } from '#shared/catalogue/option-label.ts';

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
        <p className="mt-3 text-gray-700">
          {orderMessages.emptyCart} Add products to your cart to check out.
        </p>
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

function VerifyEmailNote() {
  return (
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
  );
}

const blockedMessage = (cart: Cart) =>
  complianceMessages.blockedLines(
    cart.items.filter((l) => l.blocks.length).map((l) => optionLabel(l.productName, l.variantName)),
    cart.shipTo?.shipping === 'Pickup' ? 'Pickup' : 'Delivery',
  );

function Checkout() {
  const user = useSession().data!.user!;
  const mayOrder = useMayOrder();
  const cart = useCart().data!;
  const store = useStoreInfo().data;
  const place = usePlaceOrder();
  const notify = useNotify();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm(CheckoutFormSchema, { defaultValues: { shippingType: 'Pickup', comments: '' } });
  const shippingType = form.watch('shippingType') ?? 'Pickup';
  const { address, chosen, editing, setEditing, judged, judging, verified } = useShipTo(shippingType, cart);
  // A refusal was about the ship-to it was made for: another choice starts clean.
  const shipToKey = shippingType === 'Pickup' ? 'Pickup' : (address?.id ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears when the ship-to changes
  useEffect(() => form.clearErrors('root.server'), [shipToKey]);
  const deliveryFee = store?.deliveryFeeCents ?? 2000;
  const documentsVerified = verified ?? (user.isSalesIdverified && user.isTobaccoLicenceVerified);
  const cap = documentsVerified ? undefined : store?.unverifiedCapCents;
  const overCap = cap !== undefined && cart.subtotalCents > cap;
  const failed = (message: string) => form.setError('root.server', { type: 'server', message });

  const submit = form.handleSubmit((values) => {
    if (overCap) return failed(orderMessages.overCap(cap));
    if (judged.blockedCount) return failed(blockedMessage(judged));
    if (!address) {
      failed(orderMessages.shippingRequired);
      return setEditing(true);
    }
    const shippingDetails = {
      name: user.name,
      businessName: user.businessName,
      address: [address.streetAddress, address.streetAddress2].filter(Boolean).join(', '),
      city: address.city,
      state: address.state,
      postalCode: address.zipCode,
    };
    // The total this page shows: the server charges exactly it, or refuses if a price moved.
    const expectedTotalCents =
      judged.subtotalCents + shippingFeeCents(values.shippingType, deliveryFee) + judged.exciseCents;
    // And the lines it shows: the server refuses the order if the cart is no longer these.
    const lines =
      judged.items.length <= ORDER_LINES_MAX
        ? judged.items.map((i) => ({ variantId: i.variantId, quantity: i.quantity }))
        : undefined;
    place.mutate(
      { ...values, shippingDetails, locationId: address.id, idempotencyKey, expectedTotalCents, lines },
      {
        onSuccess: (res) => {
          // Over the buyer's order limit: sent to the company's owners (decision 015, step 4).
          if ('request' in res) {
            notify({ type: 'info', message: res.message });
            return navigate(`/orders?awaiting=${encodeURIComponent(res.request.number)}`);
          }
          notify({ type: 'success', message: res.message });
          // SPEC: a placed order goes to /orders; it opens on the order's confirmation (decision 014).
          navigate(`/orders?placed=${encodeURIComponent(res.order.orderNumber)}`);
        },
        onError: (err) => {
          // The server's own words for what the buyer can fix (stock, cap, email, shipping);
          // anything else is the spec's generic failure.
          const fixable = err instanceof ApiError && err.status >= 400 && err.status < 500;
          const message = fixable ? err.message : orderMessages.failed;
          form.serverError(fixable ? err : new Error(message));
          notify({ type: 'error', message });
        },
      },
    );
  });
  // SPEC §2 Checkout: an unverified email disables the button; pressing it says 'Action not allowed'
  // at once, whatever the form holds (not after the form's own asynchronous validation).
  const checkOut = () =>
    !mayOrder
      ? notify({ type: 'error', message: companyMessages.viewerReadOnly })
      : user.emailVerified
        ? void submit()
        : notify({ type: 'error', message: orderMessages.actionNotAllowed });

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4">
      <PageTitle>Checkout</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Checkout</h1>
      {!user.emailVerified && <VerifyEmailNote />}
      {!mayOrder && (
        <p role="note" className="mt-4 rounded-xl bg-gray-50 p-4 text-gray-900 ring-1 ring-gray-200">
          {companyMessages.viewerReadOnly}
        </p>
      )}
      <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="space-y-6">
          <ShippingAddressPanel user={user} address={address} onEdit={() => setEditing(true)} />
          <ShippingMethodPanel
            field={form.field('shippingType')}
            chosen={shippingType}
            deliveryFeeCents={deliveryFee}
            pickupAddress={store?.pickupAddress}
          />
          <CommentsPanel field={form.field('comments')} />
        </div>
        <OrderSummaryPanel
          cart={judged}
          shippingCents={shippingFeeCents(shippingType, deliveryFee)}
          shippingLabel={`Shipping (${METHOD_LABEL[shippingType]})`}
          cap={cap}
          overCap={overCap}
          error={form.formError}
          blocked={!mayOrder || !user.emailVerified || overCap || judged.blockedCount > 0}
          pending={place.isPending}
          updating={judging}
          onCheckOut={checkOut}
        />
      </div>
      <EditAddressModal
        open={editing}
        onOpenChange={setEditing}
        addresses={chosen.addresses}
        selectedId={address?.id ?? null}
        onSelect={chosen.set}
      />
    </div>
  );
}

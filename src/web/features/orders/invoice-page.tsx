import { perUnit } from '#shared/catalogue/price.ts';
import { Printer } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { Slot } from '#web/components/slots.tsx';
import { useSession } from '#web/lib/session.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { OrderNotFound } from './order-not-found.tsx';
import { useOrderParam } from './use-order-param.ts';

/** /invoice?order=… : a printable invoice of one of my orders (seller block from the store settings). */
export function InvoicePage() {
  const session = useSession();
  const store = useStoreInfo().data;
  const { data: order, isPending, error, number } = useOrderParam();
  if (session.isPending) return <PageSpinner />;
  const user = session.data?.user;
  if (!user) return <Navigate to="/" replace />;
  if (!number || error) return <OrderNotFound message={error?.message} />;
  if (isPending || !store) return <PageSpinner />;

  const s = order.shippingDetails;
  // Changed by staff before it shipped (decision 016, part 4): the invoice is of the order as it now is.
  const revised = order.revisions.at(-1);
  return (
    <div className="mx-auto max-w-4xl px-3 py-6 sm:px-4 print:max-w-none print:p-0">
      <title>{`Invoice ${order.orderNumber} · ${store.storeName}`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/orders" className="text-sm font-semibold text-blue-800 hover:underline">
          ← Your Orders
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="flex items-center gap-2 rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700"
        >
          <Printer className="size-4" aria-hidden /> Print
        </button>
      </div>
      <article className="rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-8 print:rounded-none print:p-0 print:ring-0">
        <header className="flex flex-wrap justify-between gap-6 border-b border-gray-200 pb-5">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight">Invoice</h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-gray-600">Order number</dt>
              <dd className="font-bold">{order.orderNumber}</dd>
              {revised && (
                <>
                  <dt className="text-gray-600">Revised</dt>
                  <dd>
                    {formatDateTime(revised.at)} — revision {revised.version}
                  </dd>
                </>
              )}
              <dt className="text-gray-600">Date</dt>
              <dd>{formatDate(order.datePlaced)}</dd>
              <dt className="text-gray-600">Shipping</dt>
              <dd>{order.shippingType === 'Pickup' ? 'Pickup in store' : 'Deliver to address'}</dd>
            </dl>
          </div>
          <address className="text-sm not-italic sm:text-right" aria-label="Seller">
            <strong className="text-base">{store.storeName}</strong>
            <br />
            {store.contact.address}
            <br />
            {store.contact.phone}
            <br />
            {store.contact.email}
          </address>
        </header>
        <section className="grid grid-cols-1 gap-4 border-b border-gray-200 py-5 text-sm sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-bold uppercase tracking-wide text-gray-600">Bill to</h2>
            <p className="mt-1">
              <strong>{s.businessName}</strong>
              <br />
              {s.name}
              <br />
              {user.email}
            </p>
          </div>
          <div>
            <h2 className="text-xs font-bold uppercase tracking-wide text-gray-600">
              {order.shippingType === 'Pickup' ? 'Business address' : 'Ship to'}
            </h2>
            <p className="mt-1">
              {s.address}
              <br />
              {s.city}, {s.state} {s.postalCode}
            </p>
          </div>
        </section>
        <div className="overflow-x-auto">
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Items</caption>
            <thead>
              <tr className="border-b border-gray-300 text-left text-xs uppercase text-gray-600">
                <th scope="col" className="py-2 pr-2">
                  Item
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Qty
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Unit price
                </th>
                {order.exciseCents > 0 && (
                  <th scope="col" className="px-2 py-2 text-right">
                    State excise
                  </th>
                )}
                <th scope="col" className="py-2 pl-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((i) => (
                <tr key={i.variantId} className="border-b border-gray-100">
                  <td className="py-2 pr-2">
                    {i.productName}
                    <span className="block text-xs text-gray-600">
                      {i.variantName} · SKU {i.variantId}
                      {i.status !== 'pending' && ` · ${i.status}`}
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right">{i.quantity}</td>
                  <td className="px-2 py-2 text-right">
                    {formatCents(i.unitPriceCents)}
                    {i.sellingUnit && (
                      <span className="block text-xs text-gray-600">{perUnit(i.sellingUnit)}</span>
                    )}
                  </td>
                  {order.exciseCents > 0 && (
                    <td className="px-2 py-2 text-right">{formatCents(i.exciseCents)}</td>
                  )}
                  <td className="py-2 pl-2 text-right">{formatCents(i.lineTotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <OrderTotals
          subtotalCents={order.subtotalCents}
          shippingCents={order.shippingCents}
          exciseCents={order.exciseCents}
          exciseLabel={`State excise (${order.shippingType === 'Pickup' ? 'pickup' : s.state})`}
          totalCents={order.totalCents}
          className="ml-auto mt-4 w-full max-w-xs [&>div:last-child]:border-t [&>div:last-child]:border-gray-300"
          totalClassName="text-base"
        />
        {order.comments && (
          <p className="mt-6 text-sm">
            <strong>Comments:</strong> {order.comments}
          </p>
        )}
        <p className="mt-8 text-xs text-gray-600">
          Thank you for your order. Questions: {store.contact.phone} · {store.contact.email}
        </p>
      </article>
      {/* The documents the store issued for this order, with their PDFs (decision 017). */}
      <Slot of="OrderInvoices" orderNumber={order.orderNumber} />
    </div>
  );
}

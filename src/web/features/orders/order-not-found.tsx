import { Link } from 'react-router';
import { orderMessages } from '#shared/orders/orders.messages.ts';

/** Unknown order, or another buyer's: the same answer, so numbers cannot be probed. */
export function OrderNotFound({ message = orderMessages.orderNotFound }: { message?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold">{message}</h1>
      <p className="mt-3 text-gray-700">Check the order number, or find the order in your order history.</p>
      <Link
        to="/orders"
        className="mt-6 inline-block rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-white hover:bg-gray-700"
      >
        Your Orders
      </Link>
    </div>
  );
}

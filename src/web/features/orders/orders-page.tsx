import { useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ORDER_TABS, type OrderTab } from '#shared/orders/order-tracking.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { OrderPlaced } from './order-placed.tsx';
import { OrdersPanel } from './orders-panel.tsx';

/** /orders (SPEC §2 Orders page): tab and Past Month live in the URL, so they survive a reload. */
export function OrdersPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  if (session.isPending) return <PageSpinner />;
  if (!session.data?.user) return <Navigate to="/" replace />;
  const tabParam = params.get('tab') as OrderTab | null;
  const tab = tabParam && ORDER_TABS.includes(tabParam) ? tabParam : 'Orders';
  const pastMonth = params.get('pastMonth') === '1';
  const placed = params.get('placed');
  const update = (next: { tab?: OrderTab; pastMonth?: boolean }) => {
    const p = new URLSearchParams(params);
    const t = next.tab ?? tab;
    if (t === 'Orders') p.delete('tab');
    else p.set('tab', t);
    if (next.pastMonth ?? pastMonth) p.set('pastMonth', '1');
    else p.delete('pastMonth');
    p.delete('placed');
    setParams(p, { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <PageTitle>Your Orders</PageTitle>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mb-4 text-2xl font-extrabold tracking-tight focus:outline-none"
      >
        Your Orders
      </h1>
      {placed && (
        <OrderPlaced
          number={placed}
          onDone={() => {
            update({});
            // The confirmation and its button go: the page's heading keeps the focus.
            heading.current?.focus();
          }}
        />
      )}
      <OrdersPanel
        tab={tab}
        onTab={(t) => update({ tab: t })}
        pastMonth={pastMonth}
        toolbar={
          <button
            type="button"
            aria-pressed={pastMonth}
            onClick={() => update({ pastMonth: !pastMonth })}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ring-1 ${pastMonth ? 'bg-gray-900 text-white ring-gray-900' : 'bg-white ring-gray-300 hover:bg-gray-100'}`}
          >
            Past Month
          </button>
        }
      />
    </div>
  );
}

import { useId } from 'react';
import { ORDER_TABS, type OrderTab } from '#shared/orders/order-tracking.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { TabList, tabId } from '#web/components/ui/tab-list.tsx';
import { type OrderFilters, useOrders } from './api/get-orders.ts';
import { OrderCard } from './order-card.tsx';

/** The Orders / Cancelled / Delivered tabs and their order cards (the Orders page and My Account). */
export function OrdersPanel({
  tab,
  onTab,
  pastMonth = false,
  limit,
  toolbar,
  filters,
}: {
  tab: OrderTab;
  onTab: (tab: OrderTab) => void;
  pastMonth?: boolean;
  limit?: number;
  toolbar?: React.ReactNode;
  filters?: OrderFilters;
}) {
  const { data, isPending, isError } = useOrders(tab, { pastMonth, limit, filters });
  const prefix = useId();
  const panelId = `${prefix}-panel`;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList
          label="Order status"
          tabs={ORDER_TABS}
          value={tab}
          onChange={onTab}
          panelId={panelId}
          idPrefix={prefix}
        />
        {toolbar}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(prefix, tab, ORDER_TABS)}
        className="mt-4 space-y-4"
      >
        {isPending && <p className="text-gray-700">Loading your orders…</p>}
        {isError && <p role="alert">We could not load your orders. Please refresh the page.</p>}
        {data &&
          (data.orders.length ? (
            data.orders.map((o) => <OrderCard key={o.orderNumber} order={o} />)
          ) : (
            <EmptyTab tab={tab} pastMonth={pastMonth} onTab={onTab} />
          ))}
      </div>
    </div>
  );
}

/**
 * An empty tab. The spec's "You havent placed any orders yet" is for a buyer with no orders at
 * all; one whose orders are all delivered or cancelled is told there is nothing open here and
 * pointed to the tabs that have them (docs/decisions/014-buyer-and-staff-experience.md).
 */
function EmptyTab({
  tab,
  pastMonth,
  onTab,
}: {
  tab: OrderTab;
  pastMonth: boolean;
  onTab: (tab: OrderTab) => void;
}) {
  const others = ORDER_TABS.filter((t) => t !== tab);
  const peeks = [useOrders(others[0]!, { limit: 1 }), useOrders(others[1]!, { limit: 1 })];
  if (peeks.some((p) => p.isPending)) return <p className="text-gray-700">Loading your orders…</p>;
  const elsewhere = others.filter((_, i) => Boolean(peeks[i]!.data?.orders.length));
  const box = 'rounded-lg bg-gray-50 p-4 text-gray-700';
  if (!elsewhere.length && !pastMonth) return <p className={box}>{orderMessages.noOrdersYet}</p>;
  return (
    <div className={box}>
      <p>{pastMonth ? orderMessages.emptyTabPastMonth : orderMessages.emptyTab[tab]}</p>
      {elsewhere.length > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          See your orders under
          {elsewhere.map((t) => (
            <button
              key={t}
              type="button"
              onClick={() => onTab(t)}
              className="rounded-lg px-2.5 py-1 font-semibold text-blue-800 ring-1 ring-gray-300 hover:bg-white"
            >
              {t}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}

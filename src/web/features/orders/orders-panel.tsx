import { useId } from 'react';
import { ORDER_TABS, type OrderTab } from '#shared/orders/order-tracking.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { TabList, tabId } from '#web/components/ui/tab-list.tsx';
import { useOrders } from './api/get-orders.ts';
import { OrderCard } from './order-card.tsx';

/** The Orders / Cancelled / Delivered tabs and their order cards (the Orders page and My Account). */
export function OrdersPanel({
  tab,
  onTab,
  pastMonth = false,
  limit,
  toolbar,
}: {
  tab: OrderTab;
  onTab: (tab: OrderTab) => void;
  pastMonth?: boolean;
  limit?: number;
  toolbar?: React.ReactNode;
}) {
  const { data, isPending, isError } = useOrders(tab, { pastMonth, limit });
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
            <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{orderMessages.noOrdersYet}</p>
          ))}
      </div>
    </div>
  );
}

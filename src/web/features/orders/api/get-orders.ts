import { useQuery } from '@tanstack/react-query';
import type { OrderTab } from '#shared/orders/order-tracking.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

export const ORDERS_PREFIX = ['orders'] as const;

/** Only one location's orders, or one member's (decision 015); none: all the company's. */
export interface OrderFilters {
  location?: string;
  placedBy?: string;
}

/** My company's orders under one tab, newest first; `pastMonth` is the Past Month filter. */
export function useOrders(
  tab: OrderTab,
  {
    pastMonth = false,
    limit = 50,
    filters = {},
  }: { pastMonth?: boolean; limit?: number; filters?: OrderFilters } = {},
) {
  const userId = useSession().data?.user?.id;
  const { location, placedBy } = filters;
  return useQuery({
    queryKey: [...ORDERS_PREFIX, userId, 'list', tab, pastMonth, limit, location ?? '', placedBy ?? ''],
    queryFn: ({ signal }) =>
      apiGet(
        apiUrl('orders', { tab, pastMonth: pastMonth || undefined, limit, location, placedBy }),
        'OrderListSchema',
        signal,
      ),
    enabled: Boolean(userId),
  });
}

/** One of my orders by its number (another buyer's answers 404: 'Order not found'). */
export function useOrder(number: string | null) {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...ORDERS_PREFIX, userId, 'one', number],
    queryFn: ({ signal }) =>
      apiGet(apiUrl(`orders/${encodeURIComponent(number ?? '')}`), 'OrderSchema', signal),
    enabled: Boolean(userId && number),
    retry: false,
  });
}

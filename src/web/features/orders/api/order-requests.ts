import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineRequestBody } from '#shared/orders/order-requests.schemas.ts';
import { apiGet, apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { ORDERS_PREFIX } from './get-orders.ts';

/** My company's order requests waiting for an owner (decision 015, step 4). */
export function useOrderRequests() {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...ORDERS_PREFIX, userId, 'requests'],
    queryFn: ({ signal }) =>
      apiGet(apiUrl('orders/requests', { status: 'awaiting' }), 'OrderRequestListSchema', signal),
    enabled: Boolean(userId),
  });
}

const path = (number: string, action: string) =>
  apiUrl(`orders/requests/${encodeURIComponent(number)}/${action}`);

/** Approve (optionally accepting the revision shown), decline with a note, or withdraw my own. */
export function useDecideRequest(number: string) {
  const qc = useQueryClient();
  // Not awaited: the card's own onSuccess (its notification) runs first; awaited, the refreshed
  // list would unmount the decided card before it could.
  const settled = () => void qc.invalidateQueries({ queryKey: ORDERS_PREFIX });
  return {
    approve: useMutation({
      mutationFn: (acceptRevision?: string) =>
        apiPost(path(number, 'approve'), { acceptRevision }, 'PlaceOrderAnswerSchema'),
      onSettled: settled,
    }),
    decline: useMutation({
      mutationFn: (body: DeclineRequestBody) =>
        apiPost(path(number, 'decline'), body, 'RequestDecidedSchema'),
      onSettled: settled,
    }),
    withdraw: useMutation({
      mutationFn: () => apiPost(path(number, 'withdraw'), {}, 'RequestDecidedSchema'),
      onSettled: settled,
    }),
  };
}

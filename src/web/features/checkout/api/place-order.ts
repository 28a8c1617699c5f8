import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderBody } from '#shared/orders/orders.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';

/** SPEC §7 place order: the server takes its own cart; the page sends shipping and an idempotency key. */
export function usePlaceOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => apiPost(apiUrl('orders'), body, 'PlaceOrderAnswerSchema'),
    // Not awaited: the page's own onSuccess (the notification, the move to /orders) runs first.
    // Awaited, the emptied cart would come back first and unmount the checkout before it could.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['cart'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

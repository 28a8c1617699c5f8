import { useCartFill } from '#web/lib/cart/quick-order.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';

/** Reorder all: every option of the order back in the cart, what stock and case packs allow. */
export const useReorder = () =>
  useCartFill((orderNumber: string) =>
    apiPost(apiUrl(`orders/${encodeURIComponent(orderNumber)}/reorder`), undefined, 'QuickOrderAddedSchema'),
  );

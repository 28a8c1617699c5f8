import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderBody } from '#shared/cart/quick-order.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { cartKey } from './get-cart.ts';

/** Judges the lines without changing anything. */
export const useCheckQuickOrder = () =>
  useMutation({
    mutationFn: (body: QuickOrderBody) =>
      apiPost(apiUrl('cart/quick-order/check'), body, 'QuickOrderCheckSchema'),
  });

/** Adds every ready line; the answer's cart replaces the cached one. */
export function useAddQuickOrder() {
  const qc = useQueryClient();
  const userId = useSession().data?.user?.id;
  return useMutation({
    mutationFn: (body: QuickOrderBody) => apiPost(apiUrl('cart/quick-order'), body, 'QuickOrderAddedSchema'),
    onSuccess: (added) => qc.setQueryData(cartKey(userId), added.cart),
  });
}

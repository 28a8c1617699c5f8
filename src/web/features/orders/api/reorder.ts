import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKey } from '#web/features/cart/index.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** Reorder all: every option of the order back in the cart, what stock and case packs allow. */
export function useReorder() {
  const qc = useQueryClient();
  const userId = useSession().data?.user?.id;
  return useMutation({
    mutationFn: (orderNumber: string) =>
      apiPost(
        apiUrl(`orders/${encodeURIComponent(orderNumber)}/reorder`),
        undefined,
        'QuickOrderAddedSchema',
      ),
    onSuccess: (res) => qc.setQueryData(cartKey(userId), res.cart),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderAdded, QuickOrderBody } from '#shared/cart/quick-order.schemas.ts';
import { apiGet, apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { cartKey } from '#web/lib/cart/get-cart.ts';

/** An example line of this catalogue (an in-stock option's SKU and a quantity it is sold in). */
export const useSkuExample = () =>
  useQuery({
    queryKey: ['catalogue', 'sku-example'],
    queryFn: ({ signal }) => apiGet(apiUrl('catalogue/sku-example'), 'SkuExampleSchema', signal),
    staleTime: 10 * 60_000,
  });

/** Judges the lines without changing anything. */
export const useCheckQuickOrder = () =>
  useMutation({
    mutationFn: (body: QuickOrderBody) =>
      apiPost(apiUrl('cart/quick-order/check'), body, 'QuickOrderCheckSchema'),
  });

/**
 * Lines into the cart at once (quick order, a saved list, Reorder all): the answer's cart replaces
 * the cached one, and its report says what did not go in.
 */
export function useCartFill<T>(fill: (input: T) => Promise<QuickOrderAdded>) {
  const qc = useQueryClient();
  const userId = useSession().data?.user?.id;
  return useMutation({
    mutationFn: fill,
    onSuccess: (added) => qc.setQueryData(cartKey(userId), added.cart),
  });
}

/** Adds every ready line. */
export const useAddQuickOrder = () =>
  useCartFill((body: QuickOrderBody) => apiPost(apiUrl('cart/quick-order'), body, 'QuickOrderAddedSchema'));

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, Cart } from '#shared/cart/cart.schemas.ts';
import { apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { cartKey } from '#web/lib/cart/get-cart.ts';

/** Every cart change answers the whole new cart, which replaces the cached one at once. */
function useCartChange<T>(fn: (input: T) => Promise<Cart>) {
  const qc = useQueryClient();
  const userId = useSession().data?.user?.id;
  return useMutation({
    mutationFn: fn,
    onSuccess: (cart) => qc.setQueryData(cartKey(userId), cart),
  });
}

const itemUrl = (variantId: string) => apiUrl(`cart/items/${encodeURIComponent(variantId)}`);

export const useAddToCart = () =>
  useCartChange((items: AddToCartBody['items']) => apiPost(apiUrl('cart/items'), { items }, 'CartSchema'));

export const useSetCartQuantity = () =>
  useCartChange(({ variantId, quantity }: { variantId: string; quantity: number }) =>
    apiSend('PUT', itemUrl(variantId), { quantity }, 'CartSchema'),
  );

export const useRemoveFromCart = () =>
  useCartChange((variantId: string) => apiSend('DELETE', itemUrl(variantId), undefined, 'CartSchema'));

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKey } from '#web/lib/cart/get-cart.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** Buy Again: the ordered option goes back in the cart (as many as ordered, within stock). */
export function useBuyAgain() {
  const qc = useQueryClient();
  const userId = useSession().data?.user?.id;
  return useMutation({
    mutationFn: ({ orderNumber, variantId }: { orderNumber: string; variantId: string }) =>
      apiPost(
        apiUrl(`orders/${encodeURIComponent(orderNumber)}/buy-again`),
        { variantId },
        'BuyAgainResponseSchema',
      ),
    onSuccess: (res) => qc.setQueryData(cartKey(userId), res.cart),
  });
}

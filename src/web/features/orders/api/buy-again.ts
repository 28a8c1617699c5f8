import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../accounts/api/get-session.ts';
import { cartKey } from '../../cart/api/get-cart.ts';

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

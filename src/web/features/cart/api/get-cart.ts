import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** Keyed by the buyer so that a sign-out and another sign-in in one tab never shows a stale cart. */
export const cartKey = (userId: string | undefined) => ['cart', userId ?? 'nobody'] as const;
export const CART_PREFIX = ['cart'] as const;

/** The signed-in buyer's server-side cart; nothing is fetched while signed out. */
export function useCart() {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: cartKey(userId),
    queryFn: ({ signal }) => apiGet(apiUrl('cart'), 'CartSchema', signal),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

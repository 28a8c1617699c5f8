import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartQuery } from '#shared/cart/cart.schemas.ts';
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

/**
 * The cart judged and taxed for the ship-to checkout has chosen (an address's state, or Pickup):
 * blocked lines and excise follow the choice at once.
 */
export function useCartFor(shipTo: CartQuery) {
  const userId = useSession().data?.user?.id;
  const params = new URLSearchParams(
    Object.entries(shipTo).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return useQuery({
    queryKey: [...cartKey(userId), shipTo.locationId ?? '', shipTo.state ?? '', shipTo.shipping ?? ''],
    queryFn: ({ signal }) => apiGet(apiUrl(`cart?${params}`), 'CartSchema', signal),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { cardKey } from '#shared/catalogue/card-key.ts';
import { apiGet, apiPost, apiUrl } from '#web/lib/api-client.ts';
import { SESSION_KEY, useSession } from '#web/lib/session.ts';

const MY_STATE_KEY = [...SESSION_KEY, 'my-state'] as const;

/**
 * A signed-in buyer's state (their default address's), for the "ships to my state" filter; null
 * for visitors and buyers without a default address. Under the session's key, so an address
 * change (which refreshes the session) refreshes it.
 */
export function useMyState(): { data: { state: string; stateName: string } | null; isPending: boolean } {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const query = useQuery({
    queryKey: MY_STATE_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('compliance/my-state'), 'MyStateSchema', signal),
    enabled: signedIn,
    staleTime: 30_000,
  });
  const d = query.data;
  return {
    data: d?.state && d.stateName ? { state: d.state, stateName: d.stateName } : null,
    isPending: session.isPending || (signedIn && query.isPending),
  };
}

/**
 * A page's "ships to my state" filter (`shipsTo=mine` in its URL): the buyer's state, the name of
 * the state it narrows to once known (a visitor's link is ignored), and whether to wait for it.
 */
export function useShipsToFilter(params: URLSearchParams) {
  const mine = useMyState();
  const wanted = params.get('shipsTo') === 'mine';
  return {
    mine: mine.data,
    shipsTo: wanted ? (mine.data?.stateName ?? null) : null,
    waiting: wanted && mine.isPending,
  };
}

type Card = { categoryId: string; brandId: string; id: string };
/** `licence`: only the state's license rule keeps it (a license from that state would do). */
export type CardVerdict = { kept: 'blocked' | 'partial'; state: string; licence: boolean } | null;

/**
 * For the cards one grid shows, which the rules keep from a signed-in buyer's state ("Can't ship
 * to MA"): asked of the server a grid at a time. Visitors get no badges.
 */
export function useCardVerdicts(cards: readonly Card[]): (card: Card) => CardVerdict {
  const session = useSession();
  const keys = cards.map(cardKey);
  const query = useQuery({
    queryKey: [...MY_STATE_KEY, 'cards', keys],
    queryFn: () => apiPost(apiUrl('compliance/my-state/cards'), { cards: keys }, 'CardVerdictsSchema'),
    enabled: Boolean(session.data?.user) && keys.length > 0,
    staleTime: 30_000,
  });
  const d = query.data;
  return (card) => {
    if (!d?.state) return null;
    const key = cardKey(card);
    const licence = d.licence.includes(key);
    if (d.blocked.includes(key)) return { kept: 'blocked', state: d.state, licence };
    if (d.partial.includes(key)) return { kept: 'partial', state: d.state, licence };
    return null;
  };
}

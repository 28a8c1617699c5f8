import { useQuery } from '@tanstack/react-query';
import { cardKey } from '#shared/compliance/compliance.schemas.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { SESSION_KEY, useSession } from '#web/lib/session.ts';

export interface MyStateView {
  state: string;
  stateName: string;
  /** 'blocked': no option may ship to the buyer's state; 'partial': some may not. */
  verdict(card: { categoryId: string; brandId: string; id: string }): 'blocked' | 'partial' | null;
}

/**
 * A signed-in buyer's state (their default address) and what the rules keep from it, for the
 * cards' badges and the "ships to my state" filter; null for visitors and buyers without a default
 * address. Under the session's key, so an address change (which refreshes the session) refreshes it.
 */
export function useMyState(): { data: MyStateView | null; isPending: boolean } {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const query = useQuery({
    queryKey: [...SESSION_KEY, 'my-state'],
    queryFn: ({ signal }) => apiGet(apiUrl('compliance/my-state'), 'MyStateSchema', signal),
    enabled: signedIn,
    staleTime: 30_000,
    select: (d): MyStateView | null => {
      if (!d.state || !d.stateName) return null;
      const blocked = new Set(d.blocked);
      const partial = new Set(d.partial);
      return {
        state: d.state,
        stateName: d.stateName,
        verdict: (card) => {
          const key = cardKey(card);
          return blocked.has(key) ? 'blocked' : partial.has(key) ? 'partial' : null;
        },
      };
    },
  });
  return {
    data: query.data ?? null,
    isPending: session.isPending || (signedIn && query.isPending),
  };
}

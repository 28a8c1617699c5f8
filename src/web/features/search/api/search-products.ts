import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export function useSearchProducts(
  q: string,
  opts: { page?: number; limit?: number; enabled?: boolean; shipsToMine?: boolean } = {},
) {
  return useQuery({
    queryKey: ['search', q, opts.page ?? 1, opts.limit ?? 20, Boolean(opts.shipsToMine)],
    queryFn: ({ signal }) =>
      apiGet(
        // "Ships to my state": the same search, only what may ship to the buyer's default address.
        apiUrl(opts.shipsToMine ? 'compliance/search' : 'search', { q, page: opts.page, limit: opts.limit }),
        'SearchResponseSchema',
        signal,
      ),
    enabled: (opts.enabled ?? true) && q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

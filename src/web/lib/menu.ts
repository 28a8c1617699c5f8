import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export const menuQuery = {
  queryKey: ['catalogue', 'menu'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(apiUrl('catalogue/menu'), 'MenuResponseSchema', signal),
  staleTime: 5 * 60_000,
};

export const useMenu = () => useQuery(menuQuery);

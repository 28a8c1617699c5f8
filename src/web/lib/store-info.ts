import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export const useStoreInfo = () =>
  useQuery({
    queryKey: ['store'],
    queryFn: ({ signal }) => apiGet(apiUrl('store'), 'StoreInfoSchema', signal),
    staleTime: 10 * 60_000,
  });

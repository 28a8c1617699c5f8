import { useQuery } from '@tanstack/react-query';
import type { NewArrivalTab } from '#shared/catalogue/catalogue.constants.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export const useBanners = () =>
  useQuery({
    queryKey: ['catalogue', 'banners'],
    queryFn: ({ signal }) => apiGet(apiUrl('catalogue/banners'), 'BannersResponseSchema', signal),
    staleTime: 5 * 60_000,
  });

export const useNewArrivals = (tab: NewArrivalTab) =>
  useQuery({
    queryKey: ['catalogue', 'new-arrivals', tab],
    queryFn: ({ signal }) =>
      apiGet(apiUrl('catalogue/new-arrivals', { tab }), 'NewArrivalsResponseSchema', signal),
    staleTime: 5 * 60_000,
  });

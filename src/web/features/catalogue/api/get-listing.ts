import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export interface ListingParams {
  categoryId: string;
  brandId?: string;
  inStock?: boolean;
  page: number;
}

export function useListing(p: ListingParams) {
  return useQuery({
    queryKey: ['catalogue', 'listing', p],
    queryFn: ({ signal }) =>
      apiGet(
        apiUrl('catalogue/listing', {
          categoryId: p.categoryId,
          brandId: p.brandId,
          inStock: p.inStock ? 'true' : undefined,
          page: p.page,
        }),
        'ListingResponseSchema',
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export interface ListingParams {
  categoryId: string;
  brandId?: string;
  inStock?: boolean;
  /** Only what may ship to the signed-in buyer's default address. */
  shipsToMine?: boolean;
  page: number;
}

export function useListing(p: ListingParams, enabled = true) {
  return useQuery({
    queryKey: ['catalogue', 'listing', p],
    queryFn: ({ signal }) =>
      apiGet(
        apiUrl(p.shipsToMine ? 'compliance/listing' : 'catalogue/listing', {
          categoryId: p.categoryId,
          brandId: p.brandId,
          inStock: p.inStock ? 'true' : undefined,
          page: p.page,
        }),
        'ListingResponseSchema',
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

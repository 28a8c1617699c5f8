import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListingSort, priceText } from '#shared/catalogue/listing-filters.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export interface ListingParams {
  categoryId: string;
  brandId?: string;
  inStock?: boolean;
  /** Only what may ship to the signed-in buyer's default address. */
  shipsToMine?: boolean;
  sort?: ListingSort;
  /** In cents. */
  minPrice?: number;
  maxPrice?: number;
  flavours?: readonly string[];
  nicotine?: readonly string[];
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
          sort: p.sort === 'featured' ? undefined : p.sort,
          minPrice: p.minPrice === undefined ? undefined : priceText(p.minPrice),
          maxPrice: p.maxPrice === undefined ? undefined : priceText(p.maxPrice),
          flavour: p.flavours,
          nicotine: p.nicotine,
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

import { useQuery } from '@tanstack/react-query';
import type { ProductQuery } from '#shared/catalogue/catalogue.schemas.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export function useProduct(q: ProductQuery) {
  return useQuery({
    queryKey: ['catalogue', 'product', q],
    queryFn: ({ signal }) => apiGet(apiUrl('catalogue/product', { ...q }), 'ProductDetailSchema', signal),
    staleTime: 30_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useRelatedProducts(q: ProductQuery) {
  return useQuery({
    queryKey: ['catalogue', 'related', q],
    queryFn: ({ signal }) =>
      apiGet(apiUrl('catalogue/product/related', { ...q }), 'ProductListResponseSchema', signal),
    staleTime: 5 * 60_000,
  });
}

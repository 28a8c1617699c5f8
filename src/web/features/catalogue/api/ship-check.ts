import { useQuery } from '@tanstack/react-query';
import type { ProductQuery } from '#shared/catalogue/catalogue.schemas.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/**
 * Whether each option of a product may ship to a ZIP's state or, with no ZIP, to a signed-in
 * buyer's default address, and whether Pickup in store would take it: fresh on every load (rules
 * and licenses change). The delivery check and the options' verdicts share one answer.
 */
export function useShipCheck(query: ProductQuery, zip: string | null, enabled: boolean) {
  const params = new URLSearchParams({ ...query, ...(zip ? { zip } : {}) });
  return useQuery({
    queryKey: ['ship-check', query, zip],
    queryFn: ({ signal }) =>
      apiGet(apiUrl(`compliance/ship-check?${params}`), 'ShipCheckResponseSchema', signal),
    enabled,
    staleTime: 0,
  });
}

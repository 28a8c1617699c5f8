import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListItemsBody } from '#shared/lists/lists.schemas.ts';
import { useCartFill } from '#web/lib/cart/quick-order.ts';
import { apiGet, apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';

const LISTS = ['lists'] as const;
const listKey = (id: number) => [...LISTS, id] as const;
const itemUrl = (id: number, sku: string) => apiUrl(`lists/${id}/items/${encodeURIComponent(sku)}`);

/** My lists; fresh on every visit (prices and stock in them move). */
export const useLists = () =>
  useQuery({
    queryKey: LISTS,
    queryFn: ({ signal }) => apiGet(apiUrl('lists'), 'ListListSchema', signal),
    staleTime: 0,
  });

export const useList = (id: number) =>
  useQuery({
    queryKey: listKey(id),
    queryFn: ({ signal }) => apiGet(apiUrl(`lists/${id}`), 'ListDetailSchema', signal),
    staleTime: 0,
    retry: false,
  });

/** Any change to lists: every list query reads again. */
function useListChange<T, R>(fn: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: LISTS }) });
}

export const useCreateList = () =>
  useListChange((name: string) => apiPost(apiUrl('lists'), { name }, 'ListSummarySchema'));
export const useRenameList = (id: number) =>
  useListChange((name: string) => apiSend('PATCH', apiUrl(`lists/${id}`), { name }, 'MessageResponseSchema'));
export const useDeleteList = () =>
  useListChange((id: number) => apiSend('DELETE', apiUrl(`lists/${id}`), undefined, 'MessageResponseSchema'));
export const useSaveToList = () =>
  useListChange(({ id, items }: { id: number; items: ListItemsBody['items'] }) =>
    apiPost(apiUrl(`lists/${id}/items`), { items }, 'MessageResponseSchema'),
  );
export const useSetListQuantity = (id: number) =>
  useListChange(({ sku, quantity }: { sku: string; quantity: number }) =>
    apiSend('PUT', itemUrl(id, sku), { quantity }, 'MessageResponseSchema'),
  );
export const useRemoveListItem = (id: number) =>
  useListChange((sku: string) => apiSend('DELETE', itemUrl(id, sku), undefined, 'MessageResponseSchema'));

/** The whole list into the cart, what stock and case packs allow, with a report. */
export const useListToCart = (id: number) =>
  useCartFill(() => apiPost(apiUrl(`lists/${id}/to-cart`), undefined, 'QuickOrderAddedSchema'));

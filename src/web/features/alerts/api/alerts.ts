import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';

const ALERTS = ['alerts'] as const;

/** My back-in-stock alerts; read fresh on every visit. */
export const useAlerts = (enabled = true) =>
  useQuery({
    queryKey: ALERTS,
    queryFn: ({ signal }) => apiGet(apiUrl('alerts'), 'AlertListSchema', signal),
    staleTime: 0,
    enabled,
  });

function useAlertChange<T>(fn: (input: T) => Promise<{ message: string }>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ALERTS }) });
}

export const useNotifyMe = () =>
  useAlertChange((variantId: string) => apiPost(apiUrl('alerts'), { variantId }, 'MessageResponseSchema'));
export const useRemoveAlert = () =>
  useAlertChange((variantId: string) =>
    apiSend('DELETE', apiUrl(`alerts/${encodeURIComponent(variantId)}`), undefined, 'MessageResponseSchema'),
  );

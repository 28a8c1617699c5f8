import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderChangeBody, OrderChangePreviewBody } from '#shared/orders/order-change.schemas.ts';
import { ApiError, apiSend, apiUrl } from '#web/lib/api-client.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { adminOrderQuery } from './queries.ts';

/*
 * Changing a placed order before it ships (decision 016, part 4). The preview changes nothing, so
 * unlike a console write it reloads nothing, but for a 409 (the order moved on, or shipped): then
 * the order loads again and the page shows it as it is. Saving is a console write like any other
 * (useAdminMutation: everything reloads, and a 409 reloads the order too).
 */

const changePath = (number: string, rest = '') => `orders/${encodeURIComponent(number)}/change${rest}`;

/** What the change would make of the order, judged now; nothing is saved. */
export function usePreviewOrderChange(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderChangePreviewBody) =>
      apiSend('POST', apiUrl(`admin/${changePath(number, '/preview')}`), body, 'OrderChangePreviewSchema'),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409)
        void qc.invalidateQueries({ queryKey: adminOrderQuery(number).queryKey });
    },
  });
}

/** The change saved, at the version and total the preview showed; answers the order as changed. */
export const useChangeOrder = (number: string) =>
  useAdminMutation('POST', (_: OrderChangeBody) => changePath(number), 'AdminOrderSchema');

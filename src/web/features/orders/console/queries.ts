import { type ConsoleParams, consoleRead } from '#web/lib/console-api.ts';

/** The orders console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const adminOrdersQuery = (filters: ConsoleParams) =>
  consoleRead('orders', 'AdminOrderListSchema', filters);
export const adminOrderQuery = (number: string) =>
  consoleRead(`orders/${encodeURIComponent(number)}`, 'AdminOrderSchema');
/** How many orders wait to ship (the console menu's count). */
export const ordersToShipQuery = () => consoleRead('orders/to-ship/count', 'MenuCountSchema');

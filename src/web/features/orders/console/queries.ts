import { type ConsoleParams, consoleRead } from '#web/lib/console-api.ts';

/** The orders console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const adminOrdersQuery = (filters: ConsoleParams) =>
  consoleRead('orders', 'AdminOrderListSchema', filters);
export const adminOrderQuery = (number: string) =>
  consoleRead(`orders/${encodeURIComponent(number)}`, 'AdminOrderSchema');
/** What to take off the shelves for the orders waiting to ship (all, pickups or deliveries). */
export const pickListQuery = (shipping: string) =>
  consoleRead('orders/pick-list', 'PickListSchema', { shipping: shipping || undefined });
/** How many orders wait to ship (the console menu's count). */
export const ordersToShipQuery = () => consoleRead('orders/to-ship/count', 'MenuCountSchema');

const desk = (companyId: string) => `desk/${encodeURIComponent(companyId)}`;
/** The order desk (decision 016, part 2): this staff member's drafts, newest first. */
export const deskDraftsQuery = () => consoleRead('desk', 'DeskDraftListSchema');
/** A company's draft at the desk (an empty one, version 0, before the first line). */
export const deskDraftQuery = (companyId: string) => consoleRead(desk(companyId), 'DeskDraftSchema');
/** Options by SKU or name, priced and judged for the draft's company, location and shipping. */
export const deskSearchQuery = (companyId: string, q: string) =>
  consoleRead(`${desk(companyId)}/search`, 'DeskSearchSchema', { q });
/** The companies to take an order for (the companies console's read of the same endpoint). */
export const deskCompaniesQuery = (q: string) => consoleRead('companies', 'CompanyListSchema', { q });

/** Quotes (decision 016, part 3): the desk's quotes and buyers' requests, of one status or all. */
export const quotesQuery = (status: string) =>
  consoleRead('quotes', 'QuoteListSchema', { status: status || undefined });
export const quoteQuery = (number: string) =>
  consoleRead(`quotes/${encodeURIComponent(number)}`, 'StaffQuoteSchema');

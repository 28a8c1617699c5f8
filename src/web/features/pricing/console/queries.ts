import { consoleRead } from '#web/lib/console-api.ts';

/** The pricing console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const groupsQuery = () => consoleRead('pricing/groups', 'GroupListSchema');
export const entriesQuery = (groupId: number, q: string | undefined) =>
  consoleRead(`pricing/groups/${groupId}/entries`, 'EntryListSchema', { q });
export const membersQuery = (groupId: number) =>
  consoleRead(`pricing/groups/${groupId}/members`, 'MemberListSchema');
export const buyerGroupQuery = (userId: string) =>
  consoleRead(`pricing/buyers/${encodeURIComponent(userId)}/group`, 'BuyerGroupSchema');
/** Buyers whose business name, name or email holds `q` (the buyers page's search), a page of 8. */
export const buyerSearchQuery = (q: string) => consoleRead('buyers', 'BuyerListSchema', { q, pageSize: 8 });
/** Products (hidden ones too) by name, brand, category, option name or SKU: a few, for a finder. */
export const productFinderQuery = (q: string) =>
  consoleRead('products', 'AdminProductListSchema', { q, pageSize: 6 });
/** One product with its options (their SKUs). */
export const productOptionsQuery = (id: number) => consoleRead(`products/${id}`, 'AdminProductSchema');

import { consoleRead } from '#web/lib/console-api.ts';

/** The pricing console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const groupsQuery = () => consoleRead('pricing/groups', 'GroupListSchema');
export const entriesQuery = (groupId: number, q: string | undefined) =>
  consoleRead(`pricing/groups/${groupId}/entries`, 'EntryListSchema', { q });
export const membersQuery = (groupId: number) =>
  consoleRead(`pricing/groups/${groupId}/members`, 'MemberListSchema');
export const buyerGroupQuery = (userId: string) =>
  consoleRead(`pricing/buyers/${encodeURIComponent(userId)}/group`, 'BuyerGroupSchema');

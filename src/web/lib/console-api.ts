import {
  type Query,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Permission } from '#shared/staff/staff-roles.ts';
import { ApiError, apiGet, apiSend, apiUrl, type Parsed, type SchemaName } from '#web/lib/api-client.ts';

/** Every console query key starts with 'admin', so a change can refresh the console as a whole. */
export const ADMIN = 'admin';
/** A console read's query parameters. */
export type ConsoleParams = Record<string, string | number | boolean | undefined | null>;

/**
 * One console read (`path` under /api/v1/admin, answered in `schema`'s shape), as query options:
 * each domain's `console/queries.ts` names one factory per endpoint, and pages read with
 * `useQuery(ordersQuery(filters))`. While new parameters of the same read load (a search, a
 * page), the previous answer stays on screen; another read's answer (another group's buyers, as
 * the page moves from one group to the next) never does.
 */
export function consoleRead<K extends SchemaName>(path: string, schema: K, params: ConsoleParams = {}) {
  return queryOptions<Parsed<K>, Error, Parsed<K>, readonly [typeof ADMIN, string, ConsoleParams]>({
    queryKey: [ADMIN, path, params],
    queryFn: ({ signal }) => apiGet(apiUrl(`admin/${path}`, params), schema, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === path ? previous : undefined,
  });
}

/** The staff member's own sign-in state: 401 and 403 are answers here (sign in, not staff), not failures to retry. */
export const staffMeQuery = () =>
  queryOptions({
    queryKey: [ADMIN, 'me'] as const,
    queryFn: ({ signal }) => apiGet(apiUrl('admin/me'), 'StaffMeSchema', signal),
    retry: false,
  });

export const useStaffMe = () => useQuery(staffMeQuery());

/**
 * Whether the signed-in staff member's role includes a permission (decision 016): the console
 * shows only what they may use; the server refuses the rest whatever the page shows.
 */
export function useStaffMay(): (permission: Permission) => boolean {
  const held = useStaffMe().data?.permissions;
  return (permission) => Boolean(held?.includes(permission));
}

/** Every console read but the staff member's own sign-in state (`me`). */
const isConsoleRead = (q: Query) => q.queryKey[0] === ADMIN && q.queryKey[1] !== 'me';

/**
 * After a console write, no page shows an answer from before it. Reads on screen load again (and
 * keep their answer meanwhile: it is the one being replaced); reads of pages not on screen are
 * dropped, so the page opened next loads fresh. Marking them stale was not enough: a page opened
 * later showed its old answer until the reload came back (a group's page said "Buyers (0)" for as
 * long right after a buyer was put in it).
 */
export function afterConsoleWrite(qc: QueryClient): Promise<void> {
  qc.removeQueries({ predicate: isConsoleRead, type: 'inactive' });
  return qc.invalidateQueries({ predicate: isConsoleRead });
}

/** A console write; on success every console query reloads (lists, details, counts). */
export function useAdminMutation<K extends SchemaName, V>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: (vars: V) => string,
  schema: K,
  body: (vars: V) => unknown = (vars) => vars,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => apiSend(method, apiUrl(`admin/${path(vars)}`), body(vars), schema),
    // Not awaited: the caller's own onSuccess (a notification, a navigation) runs first, before a
    // refetch can unmount the component that made the call (React Query then skips its callbacks).
    onSuccess: () => {
      void afterConsoleWrite(qc);
    },
    // A 409 says the record changed under this page (a colleague acted first): show it as it is now.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void afterConsoleWrite(qc);
    },
  });
}

export const errorMessage = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Oops! Something went wrong.';

/** Posts raw text (a CSV file) and reads the JSON answer, whatever the status. */
export async function postText(url: string, text: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { method: 'POST', body: text, headers: { 'content-type': 'text/csv' } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The message of the first of a form's failed calls, or null. */
export const firstError = (...errors: unknown[]) => {
  const err = errors.find(Boolean);
  return err ? errorMessage(err) : null;
};

import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '#web/components/console/console-ui.tsx';

/**
 * A list's filters and page, kept in the URL (a filtered list can be reloaded or shared): the
 * applied values, a draft the form edits, `apply` for its submit and `setPage` for the pager.
 */
export function useUrlFilters<const K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Number(params.get('page') ?? 1) || 1;
  const [draft, setDraft] = useState(filters);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of keys) if (draft[k]) next.set(k, draft[k]);
    setParams(next);
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const set = (key: K, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return { filters, page, draft, set, apply, setPage };
}

/** Loading, the error, the empty message, or the list itself. */
export function ListState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.error) return <p role="alert">{query.error.message}</p>;
  if (isEmpty(query.data as T)) return <p className="text-gray-800">{empty}</p>;
  return <>{children(query.data as T)}</>;
}

/**
 * React keys for a list whose entries may repeat (two change sentences alike, an option ordered
 * again after it was cancelled): each entry's own key, then `#2`, `#3` for its repeats, so keys
 * stay stable while the list does.
 */
export function keyed<T>(items: readonly T[], keyOf: (item: T) => string): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: n === 1 ? base : `${base}#${n}`, item };
  });
}

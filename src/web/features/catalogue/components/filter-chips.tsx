import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LISTING_SORT_LABELS, LISTING_SORTS, type ListingSort } from '#shared/catalogue/listing-filters.ts';

/** The listing's order, as a labelled select. */
export function SortSelect({
  value,
  onChange,
}: {
  value: ListingSort;
  onChange: (sort: ListingSort) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      Sort by
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as ListingSort)}
        className="rounded-lg border border-gray-400 bg-white px-2 py-2 text-sm font-normal"
      >
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {LISTING_SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The filters on, as chips above the grid (the sidebar folds away on a phone): each a button that
 * takes its filter off, and Clear all. Focus stays among the chips as they go, then on the list's
 * heading row (`fallback`) when none is left.
 */
export function FilterChips({
  filters,
  onRemove,
  onClear,
  fallback,
}: {
  filters: { key: string; label: string }[];
  onRemove: (key: string) => void;
  onClear: () => void;
  fallback: () => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // Where focus goes once the chips have changed (the address changes in a transition, later).
  const [pending, setPending] = useState<{ at: number; shown: string } | null>(null);
  const shown = filters.map((f) => f.key).join('\n');
  useEffect(() => {
    if (!pending || pending.shown === shown) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-chip]');
    if (buttons?.length) buttons[Math.min(pending.at, buttons.length - 1)]!.focus();
    else fallback();
    setPending(null);
  }, [pending, shown, fallback]);
  if (!filters.length) return null;
  return (
    <div
      ref={list}
      role="group"
      aria-label="Active filters"
      className="mb-4 flex flex-wrap items-center gap-2"
    >
      {filters.map((f, i) => (
        <button
          key={f.key}
          type="button"
          data-chip
          aria-label={`Remove filter: ${f.label}`}
          onClick={() => {
            onRemove(f.key);
            setPending({ at: i, shown });
          }}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-gray-300 bg-white py-1 pl-3 pr-2 text-sm font-medium hover:border-gray-900"
        >
          <span className="truncate">{f.label}</span>
          <X className="size-3.5 shrink-0" aria-hidden />
        </button>
      ))}
      <button
        type="button"
        onClick={() => {
          onClear();
          setPending({ at: 0, shown });
        }}
        className="px-1 text-sm font-semibold text-blue-800 underline"
      >
        Clear all
      </button>
    </div>
  );
}

import { useRef } from 'react';

/**
 * A row of tabs (WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys move and select).
 * The caller renders the panel with `id={panelId}` and `aria-labelledby={tabId(idPrefix, value)}`.
 */
export function TabList<T extends string>({
  label,
  tabs,
  value,
  onChange,
  panelId,
  idPrefix,
  labelOf = (t) => t,
}: {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  panelId: string;
  idPrefix: string;
  labelOf?: (tab: T) => string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = tabs[(i + delta + tabs.length) % tabs.length]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    // Tabs wrap onto another row rather than scroll out of sight ("Change Password" on a phone).
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
      {tabs.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            if (el) refs.current.set(t, el);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, t, tabs)}
          aria-selected={value === t}
          aria-controls={panelId}
          tabIndex={value === t ? 0 : -1}
          onClick={() => onChange(t)}
          onKeyDown={(e) => onKey(e, i)}
          className={`whitespace-nowrap rounded-full px-4 py-2 text-sm font-bold ${value === t ? 'bg-gray-900 text-white' : 'bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-100'}`}
        >
          {labelOf(t)}
        </button>
      ))}
    </div>
  );
}

export const tabId = <T extends string>(idPrefix: string, tab: T, tabs: readonly T[]) =>
  `${idPrefix}-${tabs.indexOf(tab)}`;

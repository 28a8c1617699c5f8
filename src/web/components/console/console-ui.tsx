import {
  type ButtonHTMLAttributes,
  type FormEventHandler,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-extrabold tracking-tight text-gray-900">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Panel({
  title,
  children,
  actions,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-bold text-gray-900">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

const tones = {
  primary: 'bg-gray-900 text-white hover:bg-gray-700',
  secondary: 'bg-white text-gray-900 ring-1 ring-gray-400 hover:bg-gray-100',
  danger: 'bg-white text-red-800 ring-1 ring-red-300 hover:bg-red-50',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800',
} as const;

export function Button({
  tone = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof tones }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg px-3.5 py-2 text-sm font-semibold disabled:opacity-60 ${tones[tone]} ${className}`}
    />
  );
}

/** The console's select and textarea are the form kit's: label, hint and error tied to the control. */
export { SelectField as Select, TextAreaField as TextArea } from '#web/components/ui/form.tsx';

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold text-gray-900">
      <input
        type="checkbox"
        className="size-4 accent-gray-900"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

const badgeTones: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-emerald-100 text-emerald-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  sent: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
  reupload_requested: 'bg-orange-100 text-orange-900',
  hidden: 'bg-gray-200 text-gray-900',
  disabled: 'bg-gray-200 text-gray-900',
  // Receivables: an invoice's state, a company on credit hold, a voided payment.
  paid: 'bg-emerald-100 text-emerald-900',
  partly_paid: 'bg-amber-100 text-amber-900',
  overdue: 'bg-red-100 text-red-900',
  on_hold: 'bg-red-100 text-red-900',
  void: 'bg-gray-200 text-gray-900',
};

export function Badge({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${badgeTones[status] ?? 'bg-gray-100 text-gray-900'}`}
    >
      {children ?? status.replace(/_/g, ' ')}
    </span>
  );
}

/** A table that scrolls sideways inside its box on phones instead of widening the page. */
/** Below 640 px: the table's rows as cards, each cell a line with its column's name before it. */
const CARDS_ON_PHONES = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2',
  // A cell may hold several things (a name and an email): the label floats left, they flow right.
  'max-sm:[&_td]:flow-root max-sm:[&_td]:px-3 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right',
  'max-sm:[&_td[data-label]]:before:content-[attr(data-label)] max-sm:[&_td]:before:float-left max-sm:[&_td]:before:mr-3 max-sm:[&_td]:before:text-left max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:uppercase max-sm:[&_td]:before:text-gray-600',
  'max-sm:[&_th]:block max-sm:[&_th]:px-3',
].join(' ');

export function DataTable({
  caption,
  head,
  children,
  narrow = false,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  /** A table of a few columns that fits a narrow box (beside a chart) without a scroll sideways. */
  narrow?: boolean;
}) {
  // On a phone each row is a card, each cell a line headed by its column's name (decision 014,
  // item 16): the cells are labelled from `head` after each render. A table shown as blocks loses
  // its table roles in some browsers, so they are given explicitly.
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    table.setAttribute('role', 'table');
    for (const group of [table.tHead, ...table.tBodies]) group?.setAttribute('role', 'rowgroup');
    for (const th of table.tHead?.rows[0]?.cells ?? []) th.setAttribute('role', 'columnheader');
    table.tHead?.rows[0]?.setAttribute('role', 'row');
    for (const row of table.tBodies[0]?.rows ?? []) {
      row.setAttribute('role', 'row');
      let column = 0;
      for (const cell of row.cells) {
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        const label = head[column];
        if (label && cell.colSpan === 1) cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
  });
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200 sm:overflow-x-auto">
      <table
        ref={ref}
        className={`w-full text-left text-sm ${narrow ? '' : 'sm:min-w-[640px]'} ${CARDS_ON_PHONES}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-700 max-sm:hidden">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2 text-sm text-gray-800">
      <span>
        {total.toLocaleString('en-US')} in all · page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button tone="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button tone="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

export function Loading() {
  return (
    <p role="status" className="py-8 text-center text-gray-700">
      Loading…
    </p>
  );
}

/** A row's own Save (or Add) button, and Delete for a record that exists. */
export function SaveDeleteButtons({
  saveLabel,
  saving,
  onDelete,
  deleting,
}: {
  saveLabel: string;
  saving: boolean;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  return (
    <span className="flex gap-2">
      <Button type="submit" disabled={saving}>
        {saveLabel}
      </Button>
      {onDelete && (
        <Button tone="danger" disabled={deleting} onClick={onDelete}>
          Delete
        </Button>
      )}
    </span>
  );
}

/**
 * A list's filters: always shown from 640 px; on a phone folded behind a "Filters" button that
 * says how many are set (decision 014, item 16), so the list starts on the first screen.
 */
export function FoldingFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="mb-2 inline-flex min-h-10 items-center gap-1 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 sm:hidden"
      >
        Filters{active ? ` (${active} set)` : ''}
      </button>
      <div id={id} className={open ? '' : 'max-sm:hidden'}>
        {children}
      </div>
    </div>
  );
}

/**
 * A list's filter form: the boxes (`children`) in a grid with the Filter button at the end,
 * folded on a phone (FoldingFilters) saying how many of `filters` are set.
 */
export function FilterForm({
  label,
  filters,
  onSubmit,
  gridClassName,
  children,
}: {
  label: string;
  filters: Record<string, unknown>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The grid's columns at each width: "sm:grid-cols-4". */
  gridClassName: string;
  children: ReactNode;
}) {
  return (
    <FoldingFilters active={Object.values(filters).filter(Boolean).length}>
      <form
        onSubmit={onSubmit}
        aria-label={label}
        className={`grid gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 ${gridClassName}`}
      >
        {children}
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Filter
          </Button>
        </div>
      </form>
    </FoldingFilters>
  );
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';

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
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-700">
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

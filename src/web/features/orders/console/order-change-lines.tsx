import { type FormEvent, useId, useState } from 'react';
import { OrderChangeLineSchema, orderChangeMessages } from '#shared/orders/order-change.schemas.ts';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import { Button } from '#web/components/console/console-ui.tsx';
import { Field } from '#web/components/ui/form.tsx';

/* The change as typed (decision 016, part 4): its lines, lines added by SKU, pickup or delivery. */

/** A line of the change as typed: a pending item of the order (`was` > 0), or one added by SKU. */
export interface Row {
  sku: string;
  label: string;
  quantity: string;
  was: number;
  removed: boolean;
}
export const typedQuantity = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN);
const sameSku = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

export type SetRows = (update: (rows: Row[]) => Row[]) => void;

/** The order's pending lines and those added: a quantity box each, Remove (or Put back). */
export function ChangeLines({
  rows,
  names,
  errors,
  setRows,
}: {
  rows: Row[];
  names: Map<string, string>;
  errors: Record<string, string>;
  setRows: SetRows;
}) {
  const errorId = useId();
  const edit = (sku: string, change: Partial<Row> | null) =>
    setRows((all) =>
      change ? all.map((r) => (r.sku === sku ? { ...r, ...change } : r)) : all.filter((r) => r.sku !== sku),
    );
  return (
    <ul aria-label="Lines of the change" className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
      {rows.map((r, n) => {
        const label = r.was ? r.label : (names.get(r.sku.toUpperCase()) ?? r.sku);
        const error = errors[r.sku];
        return (
          <li key={r.sku} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className={`min-w-0 ${r.removed ? 'text-gray-600 line-through' : ''}`}>
              <span className="font-semibold">{label}</span>
              <span className="block font-mono text-xs text-gray-700">
                {r.sku}
                {r.was ? ` · was ${r.was}` : ' · new line'}
                {r.removed && ' · removed'}
              </span>
            </span>
            {r.removed ? (
              <Button
                tone="secondary"
                aria-label={`Put back ${label}`}
                onClick={() => edit(r.sku, { removed: false })}
              >
                Put back
              </Button>
            ) : (
              <span className="flex items-center gap-2">
                <input
                  aria-label={`Quantity of ${label}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={r.quantity}
                  onChange={(e) => edit(r.sku, { quantity: e.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${errorId}-${n}` : undefined}
                  className="w-20 rounded-lg border border-gray-400 px-2 py-2 aria-[invalid=true]:border-red-700"
                />
                <Button
                  tone="danger"
                  aria-label={`Remove ${label}`}
                  onClick={() => edit(r.sku, r.was ? { removed: true } : null)}
                >
                  Remove
                </Button>
              </span>
            )}
            {error && (
              <span id={`${errorId}-${n}`} className="basis-full text-xs font-medium text-red-700">
                {error}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A line added by SKU (priced when previewed); a line removed comes back with the quantity typed. */
export function AddLine({ rows, setRows }: { rows: Row[]; setRows: SetRows }) {
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<{ field: 'sku' | 'quantity'; message: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const line = OrderChangeLineSchema.safeParse({ sku, quantity: typedQuantity(quantity) });
    if (!line.success) {
      const issue = line.error.issues[0];
      setProblem({
        field: issue?.path[0] === 'sku' ? 'sku' : 'quantity',
        message: issue?.message ?? orderChangeMessages.quantityRange,
      });
      return;
    }
    const there = rows.find((r) => sameSku(r.sku, line.data.sku));
    if (there && !there.removed) {
      setProblem({ field: 'sku', message: orderChangeMessages.repeatedLine });
      return;
    }
    const typed = String(line.data.quantity);
    setRows((all) =>
      there
        ? all.map((r) => (r === there ? { ...r, removed: false, quantity: typed } : r))
        : [...all, { sku: line.data.sku, label: line.data.sku, quantity: typed, was: 0, removed: false }],
    );
    setProblem(null);
    setSku('');
    setQuantity('1');
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a line" className="grid gap-2">
      <h3 className="text-sm font-semibold text-gray-900">Add a line</h3>
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label="SKU"
          autoComplete="off"
          className="min-w-0 flex-1 basis-40"
          value={sku}
          onChange={(e) => setSku(e.target.value)}
          error={problem?.field === 'sku' ? problem.message : null}
        />
        <Field
          label="Quantity"
          inputMode="numeric"
          autoComplete="off"
          className="w-24"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={problem?.field === 'quantity' ? problem.message : null}
        />
        <Button type="submit" tone="secondary">
          Add line
        </Button>
      </div>
    </form>
  );
}

export function ShippingChoice({
  value,
  onChange,
}: {
  value: AdminOrder['shippingType'];
  onChange: (v: AdminOrder['shippingType']) => void;
}) {
  const name = useId();
  const choices = [
    ['Pickup', 'Pickup'],
    ['Shiptoaddress', 'Delivery'],
  ] as const;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">Shipping</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {choices.map(([type, label]) => (
          <label key={type} className="inline-flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={type}
              className="size-4"
              checked={value === type}
              onChange={() => onChange(type)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { formatCents } from '#shared/money.ts';
import { type OrderChangePreview, orderChangeMessages } from '#shared/orders/order-change.schemas.ts';
import { DataTable } from '#web/components/console/console-ui.tsx';
import { keyed } from '#web/lib/keys.ts';

const HEAD = ['Item', 'SKU', 'Was → now', 'Unit price', 'Line total', 'Excise', 'Stock'];
type PreviewLine = OrderChangePreview['lines'][number];
type Totals = OrderChangePreview['before'];

/**
 * What the change would make of the order, as the server judged it just now: each line (was →
 * now, the agreed price or today's, its problem), the totals before and after, what changes, and
 * why it cannot be saved yet. Nothing here is worked out on the page.
 */
export function ChangePreview({ preview, outOfDate }: { preview: OrderChangePreview; outOfDate: boolean }) {
  const changesId = useId();
  const problemsId = useId();
  return (
    <section
      aria-label="Preview of the change"
      aria-live="polite"
      className={`grid gap-3 ${outOfDate ? 'opacity-70' : ''}`}
    >
      <h3 className="font-semibold">
        Preview{outOfDate && <span className="font-normal text-amber-900"> (out of date)</span>}
      </h3>
      <DataTable caption="The order as changed" head={HEAD}>
        {preview.lines.map((l) => (
          <PreviewRow key={l.sku} line={l} />
        ))}
      </DataTable>
      <TotalsTable before={preview.before} after={preview.after} />
      <div className="text-sm">
        <h4 id={changesId} className="font-semibold">
          What changes
        </h4>
        {preview.changes.length === 0 ? (
          <p>{orderChangeMessages.nothingChanged}</p>
        ) : (
          <ul aria-labelledby={changesId} className="mt-1 list-disc space-y-0.5 pl-5">
            {keyed(preview.changes, (c) => c).map(({ key, item: c }) => (
              <li key={key}>{c}</li>
            ))}
          </ul>
        )}
      </div>
      {preview.problems.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <h4 id={problemsId} className="font-semibold">
            Before it can be saved
          </h4>
          <ul aria-labelledby={problemsId} className="mt-1 list-disc space-y-0.5 pl-5">
            {keyed(preview.problems, (p) => p).map(({ key, item: p }) => (
              <li key={key}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function PreviewRow({ line: l }: { line: PreviewLine }) {
  return (
    <tr className={l.problem ? 'bg-red-50/60' : undefined}>
      <td className="px-3 py-2">
        <span className="font-semibold">{optionLabel(l.productName, l.variantName)}</span>
        {l.sellingUnit && <span className="block text-xs text-gray-700">{l.sellingUnit}</span>}
        {l.problem && (
          <span className="mt-1 flex items-start gap-1 rounded-md bg-red-100 px-2 py-1 text-left text-xs font-medium text-red-900 ring-1 ring-red-200">
            <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
            {l.problem}
          </span>
        )}
      </td>
      <td className="px-3 py-2 font-mono text-xs">{l.sku}</td>
      <td className="px-3 py-2">
        {l.was === 0 ? 'new' : l.was} → {l.quantity}
      </td>
      <td className="px-3 py-2">
        {formatCents(l.unitPriceCents)}
        <span className="block text-xs text-gray-700">{l.agreed ? 'agreed' : "today's price"}</span>
      </td>
      <td className="px-3 py-2">{formatCents(l.lineTotalCents)}</td>
      <td className="px-3 py-2">{formatCents(l.exciseCents)}</td>
      <td className="px-3 py-2">{l.stock}</td>
    </tr>
  );
}

const TOTAL_ROWS = [
  ['Subtotal', 'subtotalCents'],
  ['Shipping', 'shippingCents'],
  ['State excise', 'exciseCents'],
  ['Total', 'totalCents'],
] as const;

function TotalsTable({ before, after }: { before: Totals; after: Totals }) {
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="sr-only">Totals before and after the change</caption>
      <thead>
        <tr className="text-xs uppercase text-gray-700">
          <td />
          <th scope="col" className="py-1 text-right font-semibold">
            Before
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {TOTAL_ROWS.map(([label, key]) => (
          <tr key={key} className={key === 'totalCents' ? 'font-bold' : undefined}>
            <th scope="row" className={`py-0.5 pr-3 text-left ${key === 'totalCents' ? '' : 'font-normal'}`}>
              {label}
            </th>
            <td className="py-0.5 text-right">{formatCents(before[key])}</td>
            <td className="py-0.5 text-right">{formatCents(after[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

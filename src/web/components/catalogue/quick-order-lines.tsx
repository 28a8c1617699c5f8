import { perUnit } from '#shared/catalogue/price.ts';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { quickOrderMessages } from '#shared/cart/quick-order.ts';
import type { QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { productHref } from '#web/components/catalogue/links.ts';

const lineNumbers = (lines: number[]) => `${lines.length > 1 ? 'Lines' : 'Line'} ${lines.join(', ')}`;

const GRID = 'grid-cols-[auto_minmax(0,1fr)] sm:grid-cols-[auto_minmax(0,1fr)_7rem_10rem]';

/** How a line came out: ready, to fix (or, in a fill's report, not added), or added in part. */
type Outcome = 'ready' | 'fix' | 'notAdded' | 'partly';

const OUTCOME = {
  ready: {
    label: 'Ready',
    Icon: CheckCircle2,
    row: 'border-l-transparent',
    tag: 'bg-green-100 text-green-900',
    icon: 'text-green-700',
  },
  fix: {
    label: 'Needs fixing',
    Icon: XCircle,
    row: 'border-l-red-600 bg-red-50/60',
    tag: 'bg-red-100 text-red-900',
    icon: 'text-red-700',
  },
  notAdded: {
    label: 'Not added',
    Icon: XCircle,
    row: 'border-l-red-600 bg-red-50/60',
    tag: 'bg-red-100 text-red-900',
    icon: 'text-red-700',
  },
  partly: {
    label: 'Added in part',
    Icon: AlertTriangle,
    row: 'border-l-amber-500 bg-amber-50/70',
    tag: 'bg-amber-100 text-amber-950',
    icon: 'text-amber-700',
  },
} as const;

function outcomeOf(line: QuickOrderLine, report: boolean): Outcome {
  if (line.status === 'ok') return 'ready';
  if (!report) return 'fix';
  return line.addedQuantity > 0 ? 'partly' : 'notAdded';
}

/**
 * One judged line, where it was written: what it is, its price for this buyer, and ready or why
 * not. The outcome is a word, not only a colour or an icon, so a screen reader hears it first.
 */
function LineRow({ line, report }: { line: QuickOrderLine; report: boolean }) {
  const outcome = outcomeOf(line, report);
  const look = OUTCOME[outcome];
  const partly = outcome === 'partly';
  const priced = line.unitPriceCents !== null && line.lineTotalCents !== null;
  return (
    <li className={`grid gap-x-3 gap-y-1 border-l-4 px-3 py-3 sm:items-center ${GRID} ${look.row}`}>
      <look.Icon className={`size-5 ${look.icon}`} aria-hidden />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-700">
          <span className={`rounded px-1.5 py-0.5 font-bold ${look.tag}`}>{look.label}</span>{' '}
          <span>
            {lineNumbers(line.lines)} · <span className="font-mono">{line.sku}</span>
          </span>
        </p>
        {line.product && line.productName ? (
          <Link to={productHref(line.product)} className="font-semibold text-blue-800 hover:underline">
            {line.productName} — {line.variantName}
          </Link>
        ) : null}
        {partly ? (
          <p className="text-sm font-medium text-red-800">
            {line.quantity - line.addedQuantity} not added: {line.problem}
          </p>
        ) : (
          line.problem && <p className="text-sm font-medium text-red-800">{line.problem}</p>
        )}
        {line.inCart > 0 && <p className="text-xs text-gray-700">{line.inCart} already in your cart</p>}
      </div>
      <p className="col-start-2 text-sm sm:col-start-auto sm:text-right">
        {partly ? (
          <>
            <span className="font-semibold">{line.addedQuantity}</span> of {line.quantity} added
          </>
        ) : (
          <>
            <span className="sm:hidden">Quantity: </span>
            <span className="font-semibold">{line.quantity || '—'}</span>
          </>
        )}
      </p>
      <p className="col-start-2 text-sm sm:col-start-auto sm:text-right">
        {priced && outcome !== 'notAdded' ? (
          <>
            {partly && <span className="sm:hidden">Added: </span>}
            <span className="font-semibold">{formatCents(line.lineTotalCents!)}</span>
            <span className="block text-xs text-gray-700">
              {partly && `${line.addedQuantity} × `}
              {formatCents(line.unitPriceCents!)} {perUnit(line.sellingUnit ?? '') || 'each'}
              {line.priceSource === 'group' ? ' · your price' : ''}
            </span>
          </>
        ) : priced ? (
          <span className="text-xs text-gray-700">
            {formatCents(line.unitPriceCents!)} {perUnit(line.sellingUnit ?? '') || 'each'}
            {line.priceSource === 'group' ? ' · your price' : ''}
          </span>
        ) : (
          <span className="text-gray-700">No price</span>
        )}
      </p>
    </li>
  );
}

/**
 * The judged lines in the order they were written (the buyer fixes them against their own text),
 * each marked where it stands, under a heading and a count of those to fix. `report`: what a fill
 * of the cart (a saved list, Reorder all) did not add in full, each line's part that went in.
 */
export function QuickOrderLines({
  title,
  lines,
  report = false,
}: {
  title: string;
  lines: QuickOrderLine[];
  report?: boolean;
}) {
  const id = useId();
  const partly = lines.filter((l) => l.status !== 'ok' && l.addedQuantity > 0).length;
  const toFix = lines.filter((l) => l.status !== 'ok').length;
  const count = report
    ? quickOrderMessages.notAllAdded(partly, toFix - partly)
    : quickOrderMessages.toFix(toFix);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl bg-white ring-1 ring-gray-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-gray-200 px-3 py-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <p className={`text-sm font-semibold ${toFix ? 'text-red-800' : 'text-green-800'}`}>{count}</p>
      </div>
      <div
        className={`hidden gap-x-3 border-l-4 border-l-transparent px-3 py-2 text-xs font-semibold uppercase text-gray-700 sm:grid ${GRID}`}
        aria-hidden
      >
        <span className="w-5" />
        <span>Item</span>
        <span className="text-right">Quantity</span>
        <span className="text-right">{report ? 'Added' : 'Total'}</span>
      </div>
      <ul className="divide-y divide-gray-200">
        {lines.map((l) => (
          <LineRow key={l.lines.join(',')} line={l} report={report} />
        ))}
      </ul>
    </section>
  );
}

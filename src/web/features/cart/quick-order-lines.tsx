import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { productHref } from '#web/components/catalogue/links.ts';

const lineNumbers = (lines: number[]) => `${lines.length > 1 ? 'Lines' : 'Line'} ${lines.join(', ')}`;

/** One judged line: what it is, its price for this buyer, and ready or why not. */
function LineRow({ line }: { line: QuickOrderLine }) {
  const ok = line.status === 'ok';
  return (
    <li
      className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 px-3 py-3 sm:grid-cols-[auto_minmax(0,1fr)_6rem_8rem] sm:items-center ${ok ? '' : 'bg-red-50/60'}`}
    >
      {ok ? (
        <CheckCircle2 className="size-5 text-green-700" aria-label="Ready" />
      ) : (
        <XCircle className="size-5 text-red-700" aria-label="Needs fixing" />
      )}
      <div className="min-w-0">
        <p className="text-xs text-gray-600">
          {lineNumbers(line.lines)} · <span className="font-mono">{line.sku}</span>
        </p>
        {line.product && line.productName ? (
          <Link to={productHref(line.product)} className="font-semibold text-blue-800 hover:underline">
            {line.productName} — {line.variantName}
          </Link>
        ) : null}
        {line.problem && <p className="text-sm font-medium text-red-800">{line.problem}</p>}
        {line.inCart > 0 && <p className="text-xs text-gray-600">{line.inCart} already in your cart</p>}
      </div>
      <p className="col-start-2 text-sm sm:col-start-auto sm:text-right">
        <span className="sm:hidden">Quantity: </span>
        <span className="font-semibold">{line.quantity || '—'}</span>
      </p>
      <p className="col-start-2 text-sm sm:col-start-auto sm:text-right">
        {line.unitPriceCents !== null && line.lineTotalCents !== null ? (
          <>
            <span className="font-semibold">{formatCents(line.lineTotalCents)}</span>
            <span className="block text-xs text-gray-600">
              {formatCents(line.unitPriceCents)} each{line.priceSource === 'group' ? ' · your price' : ''}
            </span>
          </>
        ) : (
          <span className="text-gray-600">No price</span>
        )}
      </p>
    </li>
  );
}

/** The judged lines, those to fix first, under a heading that says how many of each. */
export function QuickOrderLines({ title, lines }: { title: string; lines: QuickOrderLine[] }) {
  const sorted = [...lines].sort((a, b) => Number(a.status === 'ok') - Number(b.status === 'ok'));
  return (
    <section aria-label={title} className="mt-6 rounded-xl bg-white ring-1 ring-gray-200">
      <h2 className="border-b border-gray-200 px-3 py-2 text-lg font-bold">{title}</h2>
      <div className="hidden grid-cols-[auto_minmax(0,1fr)_6rem_8rem] gap-x-3 px-3 py-2 text-xs font-semibold uppercase text-gray-600 sm:grid">
        <span className="w-5" />
        <span>Item</span>
        <span className="text-right">Quantity</span>
        <span className="text-right">Total</span>
      </div>
      <ul className="divide-y divide-gray-200">
        {sorted.map((l) => (
          <LineRow key={l.lines.join(',')} line={l} />
        ))}
      </ul>
    </section>
  );
}

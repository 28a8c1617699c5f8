import { formatCents } from '#shared/money.ts';
import type { PriceChange } from '#web/lib/cart/seen-prices.ts';

/** A line the server re-priced since the buyer last saw it: "New price: was $15.24, now $12.00". */
export function PriceChanged({ change }: { change: PriceChange | undefined }) {
  if (!change) return null;
  const lower = change.nowCents < change.wasCents;
  return (
    <p
      className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${lower ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
    >
      {lower ? 'Lower price' : 'New price'}: was {formatCents(change.wasCents)}, now{' '}
      {formatCents(change.nowCents)} each
    </p>
  );
}

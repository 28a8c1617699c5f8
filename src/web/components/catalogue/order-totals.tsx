import { formatCents } from '#shared/money.ts';

/** Subtotal, shipping, state excise and total, as the checkout summary and the invoice show them. */
export function OrderTotals({
  subtotalCents,
  shippingCents,
  exciseCents = 0,
  exciseLabel = 'State excise',
  totalCents,
  shippingLabel = 'Shipping',
  className = '',
  totalClassName = 'text-lg',
  totalTestId,
}: {
  subtotalCents: number;
  shippingCents: number;
  exciseCents?: number;
  exciseLabel?: string;
  totalCents: number;
  shippingLabel?: string;
  className?: string;
  totalClassName?: string;
  totalTestId?: string;
}) {
  return (
    <dl className={`space-y-1 text-sm ${className}`}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatCents(subtotalCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{shippingLabel}</dt>
        <dd>{formatCents(shippingCents)}</dd>
      </div>
      {exciseCents > 0 && (
        <div className="flex justify-between">
          <dt>{exciseLabel}</dt>
          <dd>{formatCents(exciseCents)}</dd>
        </div>
      )}
      <div className={`flex justify-between pt-1 font-extrabold ${totalClassName}`}>
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatCents(totalCents)}</dd>
      </div>
    </dl>
  );
}

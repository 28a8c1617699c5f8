import { type PriceFields, priceDisplay, unitPriceCents } from '#shared/catalogue/price.ts';
import { formatCents } from '#shared/money.ts';
import type { CardPrice } from '#shared/pricing/buyer-price.schemas.ts';

/**
 * A product's price: the sale price with the list price struck through (SPEC §9); for a buyer whose
 * customer group pays less, "Your price" first and the storefront's price struck through.
 */
export function Price({
  price,
  size = 'md',
  yourPrice,
}: {
  price: PriceFields;
  size?: 'md' | 'lg';
  yourPrice?: CardPrice;
}) {
  const big = size === 'lg' ? 'text-3xl' : 'text-base';
  if (yourPrice) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={`font-semibold text-emerald-800 ${size === 'lg' ? 'text-sm' : 'text-xs'}`}>
          Your price{yourPrice.from ? ' from' : ''}
        </span>
        <span className={`font-bold text-gray-900 ${big}`}>{formatCents(yourPrice.unitPriceCents)}</span>
        <span className="text-sm text-gray-600 line-through">
          <span className="sr-only">instead of </span>
          {formatCents(unitPriceCents(price))}
        </span>
      </p>
    );
  }
  const d = priceDisplay(price);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-gray-900 ${big}`}>{d.current}</span>
      {d.original && (
        <>
          <span className="text-sm text-gray-600 line-through">
            <span className="sr-only">was </span>
            {d.original}
          </span>
          <span className={`font-semibold text-red-700 ${size === 'lg' ? 'text-base' : 'text-xs'}`}>
            {d.percentOff}
          </span>
        </>
      )}
    </p>
  );
}

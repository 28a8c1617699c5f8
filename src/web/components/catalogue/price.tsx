import { type PriceFields, perUnit, priceDisplay, unitPriceCents } from '#shared/catalogue/price.ts';
import { formatCents } from '#shared/money.ts';
import type { CardPrice } from '#shared/pricing/buyer-price.schemas.ts';

/**
 * `sm` stacks the parts at the end of a line (the header's search suggestions); `md` (cards) and
 * `lg` (the product page) set them side by side.
 */
const LAYOUT = {
  sm: {
    box: 'shrink-0 text-right text-xs leading-tight',
    part: 'block',
    current: 'text-sm',
    label: 'text-xs',
    off: '',
  },
  md: {
    box: 'flex flex-wrap items-baseline gap-x-2',
    part: '',
    current: 'text-base',
    label: 'text-xs',
    off: 'text-xs',
  },
  lg: {
    box: 'flex flex-wrap items-baseline gap-x-2',
    part: '',
    current: 'text-3xl',
    label: 'text-sm',
    off: 'text-base',
  },
} as const;

/**
 * A product's price: the sale price with the list price struck through (SPEC §9); for a buyer whose
 * customer group pays less, "Your price" first and the storefront's price struck through. The
 * parts are separate boxes on screen, so the text between them (spaces, "instead of", "was") is
 * written out: a screen reader reads "Your price $12.00, instead of $15.24", not "Your price$12.00".
 */
export function Price({
  price,
  size = 'md',
  yourPrice,
  sellingUnit = '',
}: {
  price: PriceFields;
  size?: keyof typeof LAYOUT;
  yourPrice?: CardPrice;
  /** What one of the price buys ("box of 10"): said after the price. */
  sellingUnit?: string;
}) {
  const l = LAYOUT[size];
  const per = perUnit(sellingUnit);
  const unit = per && (
    <span
      className={`${l.part} text-gray-700 ${size === 'lg' ? 'text-base' : 'text-xs'}`}
      data-testid="price-unit"
    >
      {' '}
      {per}
    </span>
  );
  if (yourPrice) {
    return (
      <p className={l.box}>
        <span className={`${l.part} font-semibold text-emerald-800 ${l.label}`}>
          Your price{yourPrice.from ? ' from' : ''}
        </span>{' '}
        <span className={`${l.part} font-bold text-gray-900 ${l.current}`}>
          {formatCents(yourPrice.unitPriceCents)}
        </span>
        {unit}
        <span className="sr-only">, instead of </span>
        <span className={`${l.part} text-gray-600 line-through ${size === 'sm' ? '' : 'text-sm'}`}>
          {formatCents(unitPriceCents(price))}
        </span>
      </p>
    );
  }
  const d = priceDisplay(price);
  return (
    <p className={l.box}>
      <span className={`${l.part} font-bold text-gray-900 ${l.current}`}>{d.current}</span>
      {unit}
      {d.original && (
        <>
          <span className="sr-only">, was </span>
          <span className={`${l.part} text-gray-600 line-through ${size === 'sm' ? '' : 'text-sm'}`}>
            {d.original}
          </span>
          {size !== 'sm' && (
            <>
              <span className="sr-only">, </span>
              <span className={`font-semibold text-red-700 ${l.off}`}>{d.percentOff}</span>
            </>
          )}
        </>
      )}
    </p>
  );
}

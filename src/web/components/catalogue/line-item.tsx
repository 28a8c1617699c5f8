import { priceWithUnit } from '#shared/catalogue/price.ts';
import type { ReactNode } from 'react';
import { Sku } from '#web/components/ui/copy-button.tsx';

const THUMB = {
  sm: { px: 40, className: 'size-10' },
  md: { px: 56, className: 'size-14' },
  lg: { px: 64, className: 'size-16' },
} as const;

/**
 * One product line — picture, name, a detail line, whatever the place adds under it, and an aside
 * (a total, actions) — the same in the cart drawer, the checkout summary, an order card and the
 * search suggestions. It renders the row's content; the caller's `<li>` (a flex row) holds it.
 */
export function LineItem({
  image,
  thumb = 'sm',
  title,
  detail,
  sku,
  children,
  aside,
  bodyClassName = '',
}: {
  image: { url: string; srcSet?: string };
  thumb?: keyof typeof THUMB;
  title: ReactNode;
  detail?: ReactNode;
  /** The option's SKU, under the detail (what quick order and the invoice take). */
  sku?: string;
  children?: ReactNode;
  aside?: ReactNode;
  bodyClassName?: string;
}) {
  const size = THUMB[thumb];
  return (
    <>
      <img
        src={image.url}
        srcSet={image.srcSet}
        sizes={image.srcSet ? `${size.px}px` : undefined}
        alt=""
        width={size.px}
        height={size.px}
        className={`${size.className} shrink-0 rounded object-cover`}
      />
      <div className={`min-w-0 flex-1 ${bodyClassName}`}>
        <p className="line-clamp-2 text-sm font-semibold">{title}</p>
        {detail && <p className="truncate text-xs text-gray-700">{detail}</p>}
        {sku && (
          <p className="truncate leading-4">
            <Sku sku={sku} />
          </p>
        )}
        {children}
      </div>
      {aside}
    </>
  );
}

/** "Option · 3 × $4.50 per box of 10": what was bought, how many, at what unit price for what. */
export const quantityDetail = (variantName: string, quantity: number, unitPrice: string, sellingUnit = '') =>
  `${variantName} · ${quantity} × ${priceWithUnit(unitPrice, sellingUnit)}`;

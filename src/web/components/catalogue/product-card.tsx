import { Link } from 'react-router';
import { stateName } from '#shared/accounts/us-states.ts';
import type { ProductCard as Card } from '#shared/catalogue/catalogue.schemas.ts';
import { type CardVerdict, useCardVerdicts } from '#web/lib/my-state.ts';
import { productHref } from './links.ts';
import { Price } from './price.tsx';

/**
 * SPEC §2 Product cards: New badge, Out of stock badge with greyed styling, and a View button;
 * for a signed-in buyer, a badge when the state rules keep it (or some options) from their state.
 */
export function ProductCard({
  product,
  eager = false,
  verdict = null,
}: {
  product: Card;
  eager?: boolean;
  /** For a signed-in buyer: whether the rules keep it (or some options) from their state. */
  verdict?: CardVerdict;
}) {
  const href = productHref(product);
  return (
    <article
      className={`group relative flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition hover:shadow-md ${product.inStock ? 'border-gray-200' : 'border-gray-300 bg-gray-50'}`}
      aria-label={product.name}
    >
      <div className="relative aspect-square bg-gray-100">
        <img
          src={product.image.url}
          srcSet={product.image.srcSet}
          sizes={product.image.srcSet ? '(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw' : undefined}
          alt={product.image.alt}
          width={product.image.width}
          height={product.image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={`size-full object-cover ${product.inStock ? '' : 'opacity-60 grayscale'}`}
        />
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {product.isNew && (
            <span className="rounded bg-green-700 px-2 py-0.5 text-xs font-bold text-white">New</span>
          )}
          {product.isHot && product.inStock && (
            <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">Hot</span>
          )}
          {!product.inStock && (
            <span className="rounded bg-gray-800 px-2 py-0.5 text-xs font-bold text-white">Out of stock</span>
          )}
          {verdict && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-950 ring-1 ring-amber-300">
              {badgeText(verdict)}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-gray-700">{product.brandName}</p>
        <h3 className="line-clamp-2 min-h-10 text-sm font-semibold leading-5 text-gray-900">
          {product.name}
        </h3>
        <div className="mt-auto pt-1">
          <Price price={product} yourPrice={product.yourPrice} sellingUnit={product.sellingUnit} />
        </div>
        <Link
          to={href}
          className="mt-2 rounded-lg bg-gray-900 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-gray-700"
          aria-label={`View ${product.name}`}
        >
          View
        </Link>
      </div>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  const verdictOf = useCardVerdicts(products);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={`${p.categoryId}/${p.brandId}/${p.id}`} className="flex">
          <div className="flex w-full">
            <ProductCard product={p} eager={i < eagerCount} verdict={verdictOf(p)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="aspect-[3/5] animate-pulse rounded-xl bg-gray-200" />
      ))}
    </ul>
  );
}

/**
 * Why a card is kept from the buyer's state, in the fewest words: a license when that is all it
 * takes ("Needs a Texas license"), else that it cannot ship there (decision 014, item 5).
 */
export function badgeText(verdict: NonNullable<CardVerdict>): string {
  const name = stateName(verdict.state);
  if (verdict.licence)
    return verdict.kept === 'blocked' ? `Needs a ${name} license` : `Some options need a ${name} license`;
  return verdict.kept === 'blocked'
    ? `Can't ship to ${verdict.state}`
    : `Some options can't ship to ${verdict.state}`;
}

import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import { sameFacetValue } from '#shared/catalogue/listing-filters.ts';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-card.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { useShipsToFilter } from '#web/lib/my-state.ts';
import { useListing } from './api/get-listing.ts';
import { FilterChips, SortSelect } from './components/filter-chips.tsx';
import { FilterSidebar } from './components/filter-sidebar.tsx';
import { ListingFacetSections } from './components/listing-facets.tsx';
import {
  activeFilters,
  changedParams,
  clearFilters,
  readListingFilters,
  setAll,
  setPriceRange,
} from './listing-params.ts';

function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /categories: the product listing, with every filter, the sort and the page in the URL. */
export function CategoriesPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('categoryId') || ALL_CATEGORIES;
  const brandId = params.get('brandId') || undefined;
  const filters = readListingFilters(params);
  const { inStock } = filters;
  const page = readPage(params.get('page'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sidebarId = useId();
  const countRef = useRef<HTMLParagraphElement>(null);
  // "Ships to my state" applies once we know the buyer has a state (a visitor's link is ignored).
  const { shipsTo, waiting } = useShipsToFilter(params);
  const { data, isPending, isError, error, isPlaceholderData } = useListing(
    {
      categoryId,
      brandId,
      inStock,
      shipsToMine: Boolean(shipsTo),
      sort: filters.sort,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      flavours: filters.flavours,
      nicotine: filters.nicotine,
      page,
    },
    !waiting,
  );
  /** Every choice is a new URL (a link to share, a step for back and forward), from page 1. */
  const update = (change: (next: URLSearchParams) => void) => setParams(changedParams(params, change));
  const chips = activeFilters(filters, shipsTo);
  const focusCount = useCallback(() => countRef.current?.focus(), []);

  if (isError && (error as { status?: number }).status === 404) return <ErrorPage kind="not-found" />;

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    return `/categories?${next}`;
  };

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-4">
      <PageTitle>{`${data?.title ?? 'Products'}`}</PageTitle>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{data?.title ?? ' '}</h1>
          <p ref={countRef} tabIndex={-1} className="text-sm text-gray-700 outline-none" aria-live="polite">
            {data
              ? `${data.total} product${data.total === 1 ? '' : 's'}${inStock ? ' in stock' : ''}${shipsTo ? ` that ship to ${shipsTo}` : ''}`
              : 'Loading products…'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortSelect
            value={filters.sort}
            onChange={(sort) => update((n) => (sort === 'featured' ? n.delete('sort') : n.set('sort', sort)))}
          />
          <button
            type="button"
            className="flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold md:hidden"
            aria-expanded={filtersOpen}
            aria-controls={sidebarId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            {filtersOpen ? 'Hide filters' : 'Filters'}
          </button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[260px_minmax(0,1fr)]">
        <FilterSidebar
          id={sidebarId}
          open={filtersOpen}
          categoryId={categoryId}
          brandId={brandId}
          inStock={inStock}
          shipsToMine={Boolean(shipsTo)}
        >
          <ListingFacetSections
            facets={data?.facets}
            minPrice={filters.minPrice}
            maxPrice={filters.maxPrice}
            flavours={filters.flavours}
            nicotine={filters.nicotine}
            onPrice={(min, max) => update((n) => setPriceRange(n, min, max))}
            onToggle={(facet, value) => {
              const chosen = facet === 'flavour' ? filters.flavours : filters.nicotine;
              const on = chosen.some((c) => sameFacetValue(facet, c, value));
              const next = on ? chosen.filter((c) => !sameFacetValue(facet, c, value)) : [...chosen, value];
              update((n) => setAll(n, facet, next));
            }}
          />
        </FilterSidebar>

        <div className="min-w-0">
          <FilterChips
            filters={chips}
            onRemove={(key) => {
              const chip = chips.find((c) => c.key === key);
              if (chip) update(chip.remove);
            }}
            onClear={() => update(clearFilters)}
            fallback={focusCount}
          />
          {data && data.brandsYouMayLike.length > 0 && (
            <section aria-labelledby="brands-you-may-like" className="mb-5">
              <h2
                id="brands-you-may-like"
                className="mb-2 text-sm font-bold uppercase tracking-wide text-gray-700"
              >
                Brands You may Like
              </h2>
              <ul className="flex flex-wrap gap-2">
                {data.brandsYouMayLike.map((b) => (
                  <li key={`${b.categoryId}/${b.id}`}>
                    <Link
                      to={categoryHref(b.categoryId, b.id)}
                      className="inline-block rounded-full border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-gray-900"
                    >
                      {b.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {isPending && <ProductGridSkeleton />}
          {isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              {error.message}
            </p>
          )}
          {data && (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              {data.items.length ? (
                <ProductGrid products={data.items} eagerCount={4} />
              ) : (
                <div className="rounded-xl bg-white p-8 text-center ring-1 ring-gray-200">
                  <p className="font-semibold">No products match these filters.</p>
                  <Link
                    to={categoryHref(categoryId, brandId)}
                    className="mt-2 inline-block text-blue-800 underline"
                  >
                    Clear the filters
                  </Link>
                </div>
              )}
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

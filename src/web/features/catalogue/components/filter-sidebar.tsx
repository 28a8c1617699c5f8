import * as Accordion from '@radix-ui/react-accordion';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import type { BrandLink, MenuCategory } from '#shared/catalogue/catalogue.schemas.ts';
import { normalizeForSearch } from '#shared/catalogue/search-key.ts';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { useMenu } from '#web/lib/menu.ts';
import { useMyState } from '#web/lib/my-state.ts';
import { Section } from './filter-section.tsx';

interface Props {
  id: string;
  open: boolean;
  categoryId: string;
  brandId?: string;
  inStock: boolean;
  shipsToMine: boolean;
  /** The listing's own filters (price, flavour, nicotine), after Availability. */
  children?: ReactNode;
}

/** The sections `children` may hold, open from the start like the others. */
const FACET_SECTIONS = ['price', 'flavour', 'nicotine'];

interface Entry {
  key: string;
  label: string;
  href: string;
  current: boolean;
  count?: number;
}

/** A searchable list of filter links (SPEC §2: each section except Availability has its own search box). */
function SearchableList({ label, entries }: { label: string; entries: Entry[] }) {
  const [q, setQ] = useState('');
  const inputId = useId();
  const needle = normalizeForSearch(q);
  const shown = needle ? entries.filter((e) => normalizeForSearch(e.label).includes(needle)) : entries;
  return (
    <div className="pb-3">
      <label htmlFor={inputId} className="sr-only">{`Search ${label}`}</label>
      <input
        id={inputId}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={`Search ${label.toLowerCase()}`}
        className="mb-2 w-full rounded-md border border-gray-400 px-2.5 py-1.5 text-sm"
      />
      <ul className="max-h-64 space-y-0.5 overflow-y-auto">
        {shown.map((e) => (
          <li key={e.key}>
            <Link
              to={e.href}
              aria-current={e.current ? 'page' : undefined}
              className={`flex justify-between rounded px-2 py-1.5 text-sm ${e.current ? 'bg-gray-900 font-semibold text-white' : 'hover:bg-gray-100'}`}
            >
              <span>{e.label}</span>
              {e.count !== undefined && (
                <span className={e.current ? 'text-gray-200' : 'text-gray-600'}>{e.count}</span>
              )}
            </Link>
          </li>
        ))}
        {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-600">No matches</li>}
      </ul>
    </div>
  );
}

/** An Availability filter: a box that turns it on or off (the page follows the URL). */
function FilterBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="size-4 accent-gray-900"
      />
      {label}
    </label>
  );
}

export function FilterSidebar({ id, open, categoryId, brandId, inStock, shipsToMine, children }: Props) {
  const { data: menu } = useMenu();
  const mine = useMyState().data;
  const [params, setParams] = useSearchParams();
  /**
   * A link to another listing keeps the Availability filters that are on, the sort and the price
   * range; flavours and strengths belong to this listing's products, so they stay behind.
   */
  const kept = new URLSearchParams();
  if (inStock) kept.set('inStock', '1');
  if (shipsToMine) kept.set('shipsTo', 'mine');
  for (const key of ['sort', 'minPrice', 'maxPrice']) {
    const v = params.get(key);
    if (v) kept.set(key, v);
  }
  const withStock = (href: string) => (kept.size ? `${href}&${kept}` : href);

  const categoryEntry = (c: MenuCategory): Entry => ({
    key: c.id,
    label: c.name,
    href: withStock(categoryHref(c.id)),
    current: categoryId === c.id && !brandId,
    count: c.productCount,
  });
  const groupCount = (g: string) =>
    menu?.categories.filter((c) => c.group === g).reduce((n, c) => n + c.productCount, 0);
  const topEntries: Entry[] = [
    {
      key: ALL_CATEGORIES,
      label: 'All Products',
      href: withStock(categoryHref(ALL_CATEGORIES)),
      current: categoryId === ALL_CATEGORIES && !brandId,
      count: menu?.categories.reduce((n, c) => n + c.productCount, 0),
    },
    ...(menu?.groups ?? []).map((g) => ({
      key: g,
      label: g,
      href: withStock(categoryHref(g)),
      current: categoryId === g && !brandId,
      count: groupCount(g),
    })),
    ...(menu?.categories.filter((c) => !c.group).map(categoryEntry) ?? []),
  ];
  const inScope = (c: MenuCategory) =>
    categoryId === ALL_CATEGORIES || c.id === categoryId || c.group === categoryId;
  const brands: BrandLink[] = menu?.categories.filter(inScope).flatMap((c) => c.brands) ?? [];
  const brandEntries = brands.map((b) => ({
    key: `${b.categoryId}/${b.id}`,
    label: b.name,
    href: withStock(categoryHref(categoryId, b.id)),
    current: brandId === b.id,
    count: b.productCount,
  }));

  // The other choices (sort, price, flavours…) stay; the listing starts again at its first page.
  const toggle = (filter: 'inStock' | 'shipsTo') => {
    const qs = new URLSearchParams(params);
    qs.delete('page');
    if (filter === 'inStock') {
      if (inStock) qs.delete('inStock');
      else qs.set('inStock', '1');
    } else if (shipsToMine) qs.delete('shipsTo');
    else qs.set('shipsTo', 'mine');
    setParams(qs);
  };

  return (
    <aside
      id={id}
      aria-label="Filters"
      className={`${open ? 'block' : 'hidden'} rounded-xl bg-white px-4 ring-1 ring-gray-200 md:block md:self-start`}
    >
      <Accordion.Root
        type="multiple"
        defaultValue={[
          'availability',
          ...FACET_SECTIONS,
          'categories',
          'Vape Hardware',
          'Smoke Shop',
          'brands',
        ]}
      >
        <Section value="availability" title="Availability">
          <div className="space-y-2 pb-3">
            <FilterBox label="In Stock" checked={inStock} onChange={() => toggle('inStock')} />
            {mine && (
              <FilterBox
                label={`Ships to my state (${mine.stateName})`}
                checked={shipsToMine}
                onChange={() => toggle('shipsTo')}
              />
            )}
          </div>
        </Section>
        {children}
        <Section value="categories" title="Categories">
          <SearchableList label="Categories" entries={topEntries} />
        </Section>
        {(menu?.groups ?? []).map((g) => (
          <Section key={g} value={g} title={g}>
            <SearchableList
              label={g}
              entries={menu?.categories.filter((c) => c.group === g).map(categoryEntry) ?? []}
            />
          </Section>
        ))}
        <Section value="brands" title="Brands">
          <SearchableList label="Brands" entries={brandEntries} />
        </Section>
      </Accordion.Root>
    </aside>
  );
}

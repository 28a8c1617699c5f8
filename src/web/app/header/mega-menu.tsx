import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import type { MenuCategory } from '#shared/catalogue/catalogue.schemas.ts';
import { brandColumnCount, splitIntoColumns } from '#shared/catalogue/menu-columns.ts';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { useMenu } from '#web/lib/menu.ts';

/** SPEC §9: hover reacts after 100–300 ms, so a pointer passing over the bar opens nothing. */
export const MENU_HOVER_DELAY_MS = 150;

const COLUMN_CLASS: Record<2 | 3 | 5, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 5: 'grid-cols-5' };

/** Desktop categories mega-menu: hover (or click / Enter) on a category shows its brands. */
export function MegaMenu() {
  const { data } = useMenu();
  const [openId, setOpenId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const location = useLocation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the panel whenever the page changes
  useEffect(() => setOpenId(null), [location]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (fn: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, MENU_HOVER_DELAY_MS);
  };
  const open = data?.categories.find((c) => c.id === openId);

  return (
    <nav
      aria-label="Categories"
      className="relative hidden border-t border-white/10 bg-gray-800 md:block"
      onMouseLeave={() => later(() => setOpenId(null))}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && openId) {
          buttons.current.get(openId)?.focus();
          setOpenId(null);
        }
      }}
    >
      {/* One row from 1280 px (13 px type, tight padding); narrower screens wrap rather than hide. */}
      <ul className="mx-auto flex max-w-7xl flex-wrap items-stretch px-2 text-[13px] xl:justify-between">
        <li>
          <Link
            to={categoryHref(ALL_CATEGORIES)}
            className="block whitespace-nowrap px-2 py-2.5 font-semibold hover:bg-white/10"
          >
            All Products
          </Link>
        </li>
        {data?.categories.map((c) => (
          <li key={c.id} onMouseEnter={() => later(() => setOpenId(c.id))}>
            <button
              ref={(el) => {
                if (el) buttons.current.set(c.id, el);
              }}
              type="button"
              aria-expanded={openId === c.id}
              aria-controls="mega-menu-panel"
              onClick={() => setOpenId((id) => (id === c.id ? null : c.id))}
              className={`flex items-center gap-1 whitespace-nowrap px-2 py-2.5 hover:bg-white/10 ${openId === c.id ? 'bg-white/10' : ''}`}
            >
              {c.name}
              <ChevronDown className="size-3.5" aria-hidden />
            </button>
            {open?.id === c.id && (
              // The panel sits right after its button in the DOM, so Tab moves into it; it is
              // positioned against the whole bar (the nav), not the list item.
              // biome-ignore lint/a11y/noStaticElementInteractions: hovering the panel only keeps it open; its links are the controls
              <div
                id="mega-menu-panel"
                onMouseEnter={() => clearTimeout(timer.current)}
                className="absolute inset-x-0 top-full z-40 border-t border-gray-200 bg-white text-gray-900 shadow-xl"
              >
                <BrandPanel category={open} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BrandPanel({ category }: { category: MenuCategory }) {
  const columns = brandColumnCount(category.brands.length);
  return (
    <div className="mx-auto max-w-7xl px-6 py-5">
      <div className="mb-3 flex items-baseline justify-between">
        <p className="text-base font-bold">{category.name}</p>
        <Link to={categoryHref(category.id)} className="text-sm font-semibold text-blue-800 hover:underline">
          Shop all {category.name} ({category.productCount})
        </Link>
      </div>
      <div className={`grid gap-x-6 ${COLUMN_CLASS[columns]}`} data-columns={columns}>
        {splitIntoColumns(category.brands, columns).map((col) => (
          <ul key={col[0]!.id} className="space-y-1">
            {col.map((b) => (
              <li key={b.id}>
                <Link
                  to={categoryHref(category.id, b.id)}
                  className="block rounded px-2 py-1.5 text-sm hover:bg-amber-50 hover:text-amber-900"
                >
                  {b.name} <span className="text-gray-600">({b.productCount})</span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}

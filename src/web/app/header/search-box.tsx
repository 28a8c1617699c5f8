import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_SUGGESTION_LIMIT } from '#shared/catalogue/catalogue.constants.ts';
import type { SearchHit } from '#shared/catalogue/catalogue.schemas.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { normalizeForSearch, SEARCH_QUERY_MAX_LENGTH } from '#shared/catalogue/search-key.ts';
import { LineItem } from '#web/components/catalogue/line-item.tsx';
import { productHref } from '#web/components/catalogue/links.ts';
import { Price } from '#web/components/catalogue/price.tsx';
import { useSearchProducts } from '#web/features/search/index.ts';

/** SPEC §9: search reacts after 100–300 ms; we wait 200 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The header search: an ARIA 1.2 combobox with debounced suggestions and keyboard navigation. */
export function SearchBox({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  // The box says what the results page shows, and clears once the buyer leaves it.
  const shownQuery =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  useEffect(() => setText(shownQuery), [shownQuery]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const enabled = open && normalizeForSearch(debounced).length > 0;
  const { data, isFetching } = useSearchProducts(debounced, { limit: SEARCH_SUGGESTION_LIMIT, enabled });
  const hits: SearchHit[] = enabled ? (data?.items ?? []) : [];
  const showList = enabled && data !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new suggestions start with nothing highlighted
  useEffect(() => setActive(-1), [debounced]);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, []);

  const go = (hit: SearchHit) => {
    setOpen(false);
    setText('');
    navigate(productHref(hit));
  };
  const submit = () => {
    const q = text.trim();
    if (!q) return;
    setOpen(false);
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form
      ref={rootRef}
      role="search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        if (active >= 0 && hits[active]) go(hits[active]);
        else submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products, brands and categories
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search products, brands, flavours…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (hits.length ? (a + 1) % hits.length : -1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (hits.length ? (a <= 0 ? hits.length - 1 : a - 1) : -1));
          } else if (e.key === 'Escape') {
            if (open && showList) {
              e.preventDefault();
              setOpen(false);
              setActive(-1);
            } else setText('');
          }
        }}
        className="w-full rounded-lg border-0 bg-white py-2.5 pl-3 pr-11 text-sm text-gray-900 placeholder:text-gray-500"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-gray-700 hover:text-gray-900"
        aria-label="Search"
      >
        <Search className="size-5" aria-hidden />
      </button>
      <SuggestionList
        listId={listId}
        hits={hits}
        active={active}
        onActive={setActive}
        onPick={go}
        shown={showList}
        empty={showList && hits.length === 0 && !isFetching}
        query={debounced.trim()}
        total={data?.total ?? 0}
      />
    </form>
  );
}

/**
 * The combobox's pop-up: a listbox of the suggestions (each with this buyer's price, as the results
 * page shows it) or "no products match", and under it "See all N results".
 */
function SuggestionList({
  listId,
  hits,
  active,
  onActive,
  onPick,
  shown,
  empty,
  query,
  total,
}: {
  listId: string;
  hits: SearchHit[];
  active: number;
  onActive: (i: number) => void;
  onPick: (hit: SearchHit) => void;
  shown: boolean;
  empty: boolean;
  query: string;
  total: number;
}) {
  return (
    <div
      hidden={!shown}
      className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg bg-white text-gray-900 shadow-xl ring-1 ring-black/10"
    >
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="max-h-[calc(70vh-2.5rem)] overflow-auto py-1"
      >
        {hits.map((hit, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection goes through the combobox input (aria-activedescendant)
          <li
            key={`${hit.categoryId}/${hit.brandId}/${hit.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => onActive(i)}
            onClick={() => onPick(hit)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-amber-100' : ''}`}
          >
            <LineItem
              image={hit.image}
              title={hit.name}
              detail={`${hit.matchedVariant ? `${hit.matchedVariant} · ` : ''}${hit.brandName} · ${hit.categoryName}`}
              aside={<Price price={hit} yourPrice={hit.yourPrice} size="sm" sellingUnit={hit.sellingUnit} />}
            />
          </li>
        ))}
        {empty && (
          <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-gray-600">
            No products match “{query}”
          </li>
        )}
      </ul>
      {/* Beside the listbox, not in it: a listbox holds options only, and a button is no option. */}
      {total > hits.length && (
        <button
          type="submit"
          className="block w-full border-t border-gray-100 px-3 py-2 text-left text-sm font-semibold text-blue-800 hover:underline"
        >
          See all {total} results
        </button>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import { normalizeForSearch } from '#shared/catalogue/search-key.ts';
import {
  type FacetValue,
  type ListingFacets,
  PriceRangeFormSchema,
  priceText,
  sameFacetValue,
} from '#shared/catalogue/listing-filters.ts';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { Section } from './filter-section.tsx';

/** Past this many choices a list gets a search box, like the sidebar's other lists. */
const SEARCHABLE_FROM = 8;

/** The price range: two boxes in dollars and Apply, checked by the server's own rules. */
function PriceRange({
  min,
  max,
  onApply,
}: {
  min?: number;
  max?: number;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const form = useZodForm(PriceRangeFormSchema, {
    defaultValues: {
      minPrice: min === undefined ? '' : priceText(min),
      maxPrice: max === undefined ? '' : priceText(max),
    },
  });
  return (
    <form
      noValidate
      aria-label="Price range"
      className="space-y-2 pb-3"
      onSubmit={form.handleSubmit((v) => onApply(v.minPrice, v.maxPrice))}
    >
      <div className="grid grid-cols-2 gap-2">
        <Field
          label="Min price ($)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          labelClassName="text-xs font-semibold"
          {...form.field('minPrice')}
        />
        <Field
          label="Max price ($)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Any"
          labelClassName="text-xs font-semibold"
          {...form.field('maxPrice')}
        />
      </div>
      <button
        type="submit"
        className="w-full rounded-lg bg-gray-900 px-3 py-2 text-sm font-semibold text-white hover:bg-gray-700"
      >
        Apply
      </button>
    </form>
  );
}

/** Checkboxes of a facet's choices with how many products each has; several chosen: any of them. */
function FacetChecklist({
  facet,
  label,
  values,
  chosen,
  onToggle,
}: {
  facet: 'flavour' | 'nicotine';
  label: string;
  values: FacetValue[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
}) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const needle = normalizeForSearch(q);
  const shown = needle ? values.filter((v) => normalizeForSearch(v.label).includes(needle)) : values;
  return (
    <fieldset className="pb-3">
      <legend className="sr-only">{label}</legend>
      {values.length > SEARCHABLE_FROM && (
        <>
          <label htmlFor={searchId} className="sr-only">{`Search ${label}`}</label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={`Search ${label.toLowerCase()}`}
            className="mb-2 w-full rounded-md border border-gray-400 px-2.5 py-1.5 text-sm"
          />
        </>
      )}
      <ul className="max-h-64 space-y-0.5 overflow-y-auto">
        {shown.map((v) => {
          const on = chosen.some((c) => sameFacetValue(facet, c, v.value));
          return (
            <li key={v.value}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-gray-100">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() => onToggle(v.value)}
                  className="size-4 shrink-0 accent-gray-900"
                />
                <span className="flex-1">{v.label}</span>
                <span className="text-gray-600" aria-hidden>
                  {v.count}
                </span>
                <span className="sr-only">{`, ${v.count} product${v.count === 1 ? '' : 's'}`}</span>
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-600">No matches</li>}
      </ul>
    </fieldset>
  );
}

/**
 * The listing's own filters in the sidebar: the price range, and the flavours and nicotine
 * strengths its products carry (a facet none of them carries is not offered).
 */
export function ListingFacetSections({
  facets,
  minPrice,
  maxPrice,
  flavours,
  nicotine,
  onPrice,
  onToggle,
}: {
  facets: ListingFacets | undefined;
  minPrice?: number;
  maxPrice?: number;
  flavours: readonly string[];
  nicotine: readonly string[];
  onPrice: (min: number | undefined, max: number | undefined) => void;
  onToggle: (facet: 'flavour' | 'nicotine', value: string) => void;
}) {
  return (
    <>
      <Section value="price" title="Price">
        <PriceRange key={`${minPrice}-${maxPrice}`} min={minPrice} max={maxPrice} onApply={onPrice} />
      </Section>
      {facets &&
        (
          [
            {
              facet: 'flavour',
              title: 'Flavour',
              label: 'Flavours',
              values: facets.flavours,
              chosen: flavours,
            },
            {
              facet: 'nicotine',
              title: 'Nicotine',
              label: 'Nicotine strengths',
              values: facets.nicotine,
              chosen: nicotine,
            },
          ] as const
        ).map(
          (f) =>
            f.values.length > 0 && (
              <Section key={f.facet} value={f.facet} title={f.title}>
                <FacetChecklist
                  facet={f.facet}
                  label={f.label}
                  values={f.values}
                  chosen={f.chosen}
                  onToggle={(v) => onToggle(f.facet, v)}
                />
              </Section>
            ),
        )}
    </>
  );
}

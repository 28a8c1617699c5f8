import { z } from 'zod';
import { US_STATE_CODES } from '#shared/accounts/us-states.ts';
import {
  type ComplianceAttributes,
  ComplianceAttributesSchema,
  type VariantCompliance,
} from './attributes.ts';
import { CANNABINOIDS, PRODUCT_KINDS } from './compliance.constants.ts';

/*
 * The catalogue CSV's compliance columns, after its own: the product's attributes (repeated on
 * each of its rows, like its other fields), where an option differs (its flavour and nicotine),
 * and the states whose directory lists the product. They come as a set: a file without them (an
 * older export) leaves every product's attributes and listings as they are.
 */
export const COMPLIANCE_CSV_COLUMNS = [
  'kind',
  'flavoured',
  'nicotine_mg_per_ml',
  'liquid_ml_per_unit',
  'cartridges_per_unit',
  'cannabinoid',
  'thc_mg_per_container',
  'synthesised',
  'option_flavoured',
  'option_nicotine_mg_per_ml',
  'directory_listings',
] as const;
export type ComplianceCsvColumn = (typeof COMPLIANCE_CSV_COLUMNS)[number];

/** A product's entry in a state's directory, as the CSV carries it (only listed states). */
export interface ListingEntry {
  state: string;
  listingId: string;
  listedOn: string | null;
}

const FLAGS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};
const flag = (label: string, empty: boolean | undefined) =>
  z
    .string()
    .trim()
    .toLowerCase()
    // Its own keys only: `in` would take "constructor" from every object's prototype.
    .refine((s) => s === '' || Object.hasOwn(FLAGS, s), `${label} must be true or false.`)
    .transform((s) => (s === '' ? empty : FLAGS[s]));

const figure = (label: string, max: number, whole = false) =>
  z
    .string()
    .trim()
    .refine(
      (s) => s === '' || ((whole ? /^\d{1,9}$/ : /^\d{0,9}(\.\d{1,6})?$/).test(s) && Number(s) <= max),
      `${label} must be ${whole ? 'a whole number' : 'a number'} from 0 to ${max}, or empty when unknown.`,
    )
    .transform((s) => (s === '' ? null : Number(s)));

const LISTING = /^([A-Za-z]{2})(?::([^:|]{0,80}))?(?::(\d{4}-\d{2}-\d{2}))?$/;
// A calendar day: the directory's date column refuses 2026-02-30, which Date.parse rolls over.
const DAY = z.iso.date();
const LISTINGS_MESSAGE =
  'directory_listings must be entries like "AL:AL-12345:2026-11-01 | OK" (state, listing id, date listed).';

/** "AL:AL-12345:2026-11-01 | OK" → entries, sorted by state; null when an entry is not one. */
export function parseListings(text: string): ListingEntry[] | null {
  const out: ListingEntry[] = [];
  for (const part of text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = LISTING.exec(part);
    const state = m?.[1]?.toUpperCase();
    if (!m || !state || !US_STATE_CODES.includes(state) || out.some((e) => e.state === state)) return null;
    const listedOn = m[3] ?? null;
    if (listedOn && !DAY.safeParse(listedOn).success) return null;
    out.push({ state, listingId: (m[2] ?? '').trim(), listedOn });
  }
  return out.sort((a, b) => a.state.localeCompare(b.state));
}

/** The cell's text; sorted by state, so two lists say the same exactly when their texts are equal. */
export const listingsText = (entries: readonly ListingEntry[]) =>
  [...entries]
    .sort((a, b) => a.state.localeCompare(b.state))
    .map((e) => [e.state, e.listingId, e.listedOn ?? ''].join(':').replace(/:+$/, ''))
    .join(' | ');

/** What an option carries where it differs, compared by what it says. */
export const variantComplianceKey = (v: VariantCompliance) =>
  JSON.stringify([v.flavoured ?? null, v.nicotineMgPerMl === undefined ? 'same' : v.nicotineMgPerMl]);

export const ComplianceCsvSchema = z
  .object({
    kind: z
      .string()
      .trim()
      .toLowerCase()
      .transform((s) => s || 'accessory')
      .pipe(z.enum(PRODUCT_KINDS, { message: `kind must be one of ${PRODUCT_KINDS.join(', ')}.` })),
    flavoured: flag('flavoured', false),
    nicotine_mg_per_ml: figure('nicotine_mg_per_ml', 1000),
    liquid_ml_per_unit: figure('liquid_ml_per_unit', 10_000),
    cartridges_per_unit: figure('cartridges_per_unit', 10_000, true),
    cannabinoid: z
      .string()
      .trim()
      .toLowerCase()
      .transform((s) => s || null)
      .pipe(
        z
          .enum(CANNABINOIDS, { message: `cannabinoid must be empty or one of ${CANNABINOIDS.join(', ')}.` })
          .nullable(),
      ),
    thc_mg_per_container: figure('thc_mg_per_container', 1_000_000),
    synthesised: flag('synthesised', false),
    option_flavoured: flag('option_flavoured', undefined),
    option_nicotine_mg_per_ml: figure('option_nicotine_mg_per_ml', 1000),
    directory_listings: z
      .string()
      .transform((s) => parseListings(s))
      .refine((l) => l !== null, LISTINGS_MESSAGE),
  })
  .transform((r) => ({
    attributes: ComplianceAttributesSchema.parse({
      kind: r.kind,
      flavoured: r.flavoured,
      nicotineMgPerMl: r.nicotine_mg_per_ml,
      liquidMlPerUnit: r.liquid_ml_per_unit,
      cartridgesPerUnit: r.cartridges_per_unit,
      cannabinoid: r.cannabinoid,
      thcMgPerContainer: r.thc_mg_per_container,
      synthesised: r.synthesised,
    }) as ComplianceAttributes,
    variant: {
      ...(r.option_flavoured === undefined ? {} : { flavoured: r.option_flavoured }),
      ...(r.option_nicotine_mg_per_ml === null ? {} : { nicotineMgPerMl: r.option_nicotine_mg_per_ml }),
    } as VariantCompliance,
    listings: r.directory_listings!,
  }));
export type RowCompliance = z.output<typeof ComplianceCsvSchema>;

const cell = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The compliance cells of one option's row. */
export function complianceCells(
  attributes: ComplianceAttributes,
  variant: VariantCompliance,
  listings: readonly ListingEntry[],
): Record<ComplianceCsvColumn, string> {
  return {
    kind: attributes.kind,
    flavoured: String(attributes.flavoured),
    nicotine_mg_per_ml: cell(attributes.nicotineMgPerMl),
    liquid_ml_per_unit: cell(attributes.liquidMlPerUnit),
    cartridges_per_unit: cell(attributes.cartridgesPerUnit),
    cannabinoid: attributes.cannabinoid ?? '',
    thc_mg_per_container: cell(attributes.thcMgPerContainer),
    synthesised: String(attributes.synthesised),
    option_flavoured: variant.flavoured === undefined ? '' : String(variant.flavoured),
    option_nicotine_mg_per_ml: cell(variant.nicotineMgPerMl),
    directory_listings: listingsText(listings),
  };
}

import { z } from 'zod';
import { catalogueCsvMessages } from '#shared/catalogue/catalogue.messages.ts';
import { parseCsv } from '#shared/csv.ts';
import { centsToAmount, parseAmount } from '#shared/money.ts';
import type { PriceScope, Tier } from './price-resolution.ts';
import { basisPointsText, percentToBasisPoints } from './pricing-forms.ts';
import { pricingMessages } from './pricing.messages.ts';
import { type EntryBody, EntryBodySchema, tierProblem } from './pricing-staff.schemas.ts';

/*
 * A group's price list as CSV, both ways (the console's "Export CSV" and "Import CSV" with a dry
 * run, like the catalogue's). One row per entry, named as the console names it:
 *   scope      option, product, brand or category
 *   target     an option's SKU, a product's SKU, a brand as category-slug/brand-slug, a category's slug
 *   price      an option's or a product's price ("4.50"); empty for a brand or a category
 *   percent_off  a brand's or a category's percentage off the list price ("12.5"); empty otherwise
 *   tiers      volume tiers of an option or a product, "10: 4.25 | 50: 3.90" (from 10, $4.25 each)
 * The export adds `name` and `list_price` for people reading the file; the import ignores them.
 * Rows are matched to entries by scope and target: new ones are added, known ones replaced; with
 * "replace", entries the file does not name are removed (the file becomes the list).
 */

export const PRICE_LIST_CSV_COLUMNS = ['scope', 'target', 'price', 'percent_off', 'tiers'] as const;
/** Written on export after `target`, for reading; the import ignores them. */
export const PRICE_LIST_CSV_READING_COLUMNS = ['name', 'list_price'] as const;
export const PRICE_LIST_CSV_MAX_ROWS = 100_000;
const TIER_SEPARATOR = ' | ';

/** The word a file uses for a scope: options are "option", as the console and catalogue CSV say. */
export const scopeWord = (scope: PriceScope) => (scope === 'variant' ? 'option' : scope);
const SCOPE_OF_WORD: Record<string, PriceScope> = {
  option: 'variant',
  variant: 'variant',
  product: 'product',
  brand: 'brand',
  category: 'category',
};

export const priceListCsvMessages = {
  empty: catalogueCsvMessages.empty,
  tooManyRows: `A file can hold up to ${PRICE_LIST_CSV_MAX_ROWS.toLocaleString('en-US')} rows.`,
  missingColumns: catalogueCsvMessages.missingColumns,
  scope: 'scope: write option, product, brand or category.',
  target: `target: ${pricingMessages.targetRequired}`,
  price: `price: ${pricingMessages.priceText}`,
  percent: `percent_off: ${pricingMessages.percentText}`,
  fixedHasPercent: 'percent_off: an option or a product has a price, not a percentage off.',
  percentHasPrice: 'A brand or a category has a percentage off: leave price and tiers empty.',
  tiers: 'tiers: write them like "10: 4.25 | 50: 3.90" (from 10, $4.25 each).',
  duplicate: (line: number) => `This is already priced on line ${line}.`,
} as const;
const m = priceListCsvMessages;

/** "10: 4.25 | 50: 3.90". */
export const tiersText = (tiers: readonly Tier[]) =>
  tiers.map((t) => `${t.minQuantity}: ${centsToAmount(t.priceCents)}`).join(TIER_SEPARATOR);

/** The tiers of a cell, or null when it is not written like tiersText's. */
export function parseTiers(text: string): Tier[] | null {
  const tiers: Tier[] = [];
  for (const part of text.split('|')) {
    if (!part.trim()) continue;
    const match = /^\s*(\d{1,7})\s*:\s*(\S+)\s*$/.exec(part);
    const priceCents = match ? parseAmount(match[2]!) : null;
    if (!match || priceCents === null) return null;
    tiers.push({ minQuantity: Number(match[1]), priceCents });
  }
  return tiers;
}

/** One entry as a row: the columns the import reads, with the reading columns after `target`. */
export function priceListCsvRow(e: {
  scope: PriceScope;
  target: string;
  label: string;
  listPriceCents: number | null;
  priceCents: number | null;
  basisPoints: number | null;
  tiers: readonly Tier[];
}): (string | number)[] {
  return [
    scopeWord(e.scope),
    e.target,
    e.label,
    centsToAmount(e.listPriceCents),
    centsToAmount(e.priceCents),
    e.basisPoints === null ? '' : basisPointsText(e.basisPoints),
    tiersText(e.tiers),
  ];
}
export const PRICE_LIST_CSV_HEADER = [
  'scope',
  'target',
  ...PRICE_LIST_CSV_READING_COLUMNS,
  'price',
  'percent_off',
  'tiers',
] as const;

const COLUMN_OF_FIELD: Record<string, string> = {
  priceCents: 'price',
  basisPoints: 'percent_off',
  tiers: 'tiers',
  target: 'target',
};

type Cells = Record<(typeof PRICE_LIST_CSV_COLUMNS)[number], string>;

/** A row's entry, checked as the console's form and the API check it, or why not. */
export function entryOfRow(cells: Cells): { body: z.output<typeof EntryBodySchema> } | { message: string } {
  const scope = SCOPE_OF_WORD[cells.scope.trim().toLowerCase()];
  if (!scope) return { message: m.scope };
  const target = cells.target.trim();
  if (!target) return { message: m.target };
  let body: EntryBody;
  if (scope === 'brand' || scope === 'category') {
    if (cells.price.trim() || cells.tiers.trim()) return { message: m.percentHasPrice };
    const basisPoints = percentToBasisPoints(cells.percent_off);
    if (basisPoints === null) return { message: m.percent };
    body = { scope, target, basisPoints };
  } else {
    if (cells.percent_off.trim()) return { message: m.fixedHasPercent };
    const priceCents = parseAmount(cells.price);
    if (priceCents === null) return { message: m.price };
    const tiers = parseTiers(cells.tiers);
    if (!tiers) return { message: m.tiers };
    body = { scope, target, priceCents, tiers };
  }
  const checked = EntryBodySchema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { message: `${COLUMN_OF_FIELD[String(issue.path[0])] ?? 'target'}: ${issue.message}` };
  }
  const data = checked.data;
  if ('priceCents' in data && tierProblem(data.priceCents, data.tiers) !== null)
    return { message: `tiers: ${pricingMessages.tierNotLower}` };
  return { body: data };
}

export interface PriceListCsvIssue {
  line: number;
  target: string;
  message: string;
}
export interface ParsedPriceList {
  /** Data rows in the file, valid or not. */
  rowCount: number;
  rows: { line: number; body: z.output<typeof EntryBodySchema> }[];
  errors: PriceListCsvIssue[];
}

/**
 * Step 1 of an import, pure: every row read and checked, each target once per file; a file of
 * more than `maxRows` rows (PRICE_LIST_CSV_MAX_ROWS) is refused whole.
 */
export function parsePriceListCsv(text: string, maxRows = PRICE_LIST_CSV_MAX_ROWS): ParsedPriceList {
  const refused = (line: number, message: string): ParsedPriceList => ({
    rowCount: 0,
    rows: [],
    errors: [{ line, target: '', message }],
  });
  const parsed = parseCsv(text);
  if (parsed.error) return refused(parsed.error.line, parsed.error.message);
  const [header, ...dataRows] = parsed.rows;
  if (!header || !dataRows.length) return refused(1, m.empty);
  const columns = header.map((c) => c.trim().toLowerCase());
  const missing = PRICE_LIST_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) return refused(1, m.missingColumns(missing));
  if (dataRows.length > maxRows) return refused(1, m.tooManyRows);

  const out: ParsedPriceList = { rowCount: dataRows.length, rows: [], errors: [] };
  const seen = new Map<string, number>();
  for (const [i, row] of dataRows.entries()) {
    const line = parsed.lines[i + 1]!;
    const cells = Object.fromEntries(
      PRICE_LIST_CSV_COLUMNS.map((c) => [c, row[columns.indexOf(c)] ?? '']),
    ) as Cells;
    const result = entryOfRow(cells);
    if ('message' in result) {
      out.errors.push({ line, target: cells.target.trim(), message: result.message });
      continue;
    }
    const key = `${result.body.scope}\u0000${result.body.target}`;
    const earlier = seen.get(key);
    if (earlier) {
      out.errors.push({ line, target: result.body.target, message: m.duplicate(earlier) });
      continue;
    }
    seen.set(key, line);
    out.rows.push({ line, body: result.body });
  }
  return out;
}

export const PriceListImportReportSchema = z.object({
  dryRun: z.boolean(),
  written: z.boolean(),
  /** Entries the file does not name are removed. */
  replace: z.boolean(),
  rows: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), target: z.string(), message: z.string() })),
  changes: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    removed: z.number().int(),
  }),
  /** Up to 200 entries that would change (line null: an entry the file does not name, removed). */
  preview: z.array(
    z.object({
      line: z.number().int().nullable(),
      scope: z.string(),
      target: z.string(),
      action: z.enum(['add', 'change', 'remove']),
      summary: z.string(),
    }),
  ),
});
export type PriceListImportReport = z.infer<typeof PriceListImportReportSchema>;
export const PriceListImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
  replace: z.enum(['true', 'false']).default('false'),
});

/**
 * Step 1 of a catalogue CSV import, pure: the text read into rows, each checked on its own (the
 * console's rules) and against the rest of the file (an option SKU once per file; one product's
 * fields the same on each of its rows). No database: unit-tested on its own.
 */

import { CATALOGUE_CSV_MAX_ROWS } from '#shared/catalogue/catalogue.constants.ts';
import { catalogueCsvMessages } from '#shared/catalogue/catalogue.messages.ts';
import {
  CASE_PACK_CSV_COLUMNS,
  SELLING_UNIT_CSV_COLUMN,
  SellingUnitCsvSchema,
  CATALOGUE_CSV_COLUMNS,
  type CasePack,
  CasePackCsvSchema,
  type CatalogueCsvRow,
  CatalogueCsvRowSchema,
  type ProductFields,
  productFieldsFromRow,
  productFieldsOf,
} from '#shared/catalogue/catalogue-csv.ts';
import {
  COMPLIANCE_CSV_COLUMNS,
  ComplianceCsvSchema,
  type RowCompliance,
} from '#shared/compliance/compliance-csv.ts';
import { parseCsv } from '#shared/csv.ts';

export interface ParsedRow {
  line: number;
  row: CatalogueCsvRow;
  /** The product's fields as written to the products table (brandId filled in at write time). */
  product: ProductFields;
  productKey: string;
  /** Attributes, the option's own and directory listings, when the file has the compliance columns. */
  compliance?: RowCompliance;
  /** The option's case pack, when the file has the case pack columns. */
  casePack?: CasePack;
  /** The product's selling unit, when the file has the column. */
  sellingUnit?: string;
}

/** A row the import refuses: its line in the file, its SKU and why. */
export interface ImportIssue {
  line: number;
  sku: string;
  message: string;
}

export interface ParsedCatalogueCsv {
  /** Data rows in the file (valid or not). */
  rowCount: number;
  rows: ParsedRow[];
  errors: ImportIssue[];
}

export const lower = (s: string) => s.trim().toLowerCase();
/** Brands are matched by category and name, case and surrounding spaces ignored. */
export const brandKey = (category: string, brand: string) => `${lower(category)}\u0000${lower(brand)}`;

type ProductOfRow = ProductFields & {
  brand: string;
  compliance?: Omit<RowCompliance, 'variant'>;
  sellingUnit?: string;
};

function sameProduct(a: ProductOfRow, b: ProductOfRow): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The column a case pack problem is about (the quantity rule names its fields). */
const CASE_PACK_COLUMN: Record<string, string> = {
  minQuantity: 'min_quantity',
  increment: 'order_increment',
  maxQuantity: 'max_quantity',
};

/**
 * A row's optional columns read and checked: its case pack when the file has those columns, its
 * selling unit when it has that one; or the first problem, naming its column.
 */
function optionalCells(
  cells: string[],
  index: Record<string, number>,
  withCasePack: boolean,
  unitAt: number,
): { casePack?: CasePack; sellingUnit?: string } | { problem: string } {
  let casePack: CasePack | undefined;
  if (withCasePack) {
    const checked = CasePackCsvSchema.safeParse(
      Object.fromEntries(CASE_PACK_CSV_COLUMNS.map((c) => [c, cells[index[c]!] ?? ''])),
    );
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return {
        problem: `${CASE_PACK_COLUMN[String(issue.path[0])] ?? String(issue.path[0] ?? '')}: ${issue.message}`,
      };
    }
    casePack = checked.data;
  }
  if (unitAt === -1) return { casePack };
  const unit = SellingUnitCsvSchema.safeParse(cells[unitAt] ?? '');
  if (!unit.success) return { problem: unit.error.issues[0]!.message };
  return { casePack, sellingUnit: unit.data };
}

export function parseCatalogueCsv(text: string): ParsedCatalogueCsv {
  const errors: ImportIssue[] = [];
  const fail = (line: number, sku: string, message: string) => errors.push({ line, sku, message });
  const refused = (line: number, message: string): ParsedCatalogueCsv => ({
    rowCount: 0,
    rows: [],
    errors: [{ line, sku: '', message }],
  });

  const parsed = parseCsv(text);
  if (parsed.error) return refused(parsed.error.line, parsed.error.message);
  const [header, ...dataRows] = parsed.rows;
  if (!header || !dataRows.length) return refused(1, catalogueCsvMessages.empty);
  const columns = header.map(lower);
  const missing = CATALOGUE_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) return refused(1, catalogueCsvMessages.missingColumns(missing));
  // The compliance columns come as a set, or not at all (an older file leaves them as they are).
  const missingCompliance = COMPLIANCE_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missingCompliance.length && missingCompliance.length < COMPLIANCE_CSV_COLUMNS.length)
    return refused(1, catalogueCsvMessages.missingColumns(missingCompliance));
  const withCompliance = !missingCompliance.length;
  // The case pack columns likewise: a set, or none (case packs left as they are).
  const missingCasePack = CASE_PACK_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missingCasePack.length && missingCasePack.length < CASE_PACK_CSV_COLUMNS.length)
    return refused(1, catalogueCsvMessages.missingColumns(missingCasePack));
  const withCasePack = !missingCasePack.length;
  const unitAt = columns.indexOf(SELLING_UNIT_CSV_COLUMN);
  if (dataRows.length > CATALOGUE_CSV_MAX_ROWS) return refused(1, catalogueCsvMessages.tooManyRows);
  const index = Object.fromEntries(
    [...CATALOGUE_CSV_COLUMNS, ...COMPLIANCE_CSV_COLUMNS, ...CASE_PACK_CSV_COLUMNS].map((c) => [
      c,
      columns.indexOf(c),
    ]),
  );

  const rows: ParsedRow[] = [];
  const skuLine = new Map<string, number>();
  const productFirst = new Map<string, { line: number; fields: ProductOfRow }>();
  for (const [i, cells] of dataRows.entries()) {
    const line = parsed.lines[i + 1]!;
    const raw = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c) => [c, cells[index[c]!] ?? '']));
    const result = CatalogueCsvRowSchema.safeParse(raw);
    const sku = String(raw.sku ?? '').trim();
    if (!result.success) {
      const issue = result.error.issues[0]!;
      fail(line, sku, `${String(issue.path[0] ?? '')}: ${issue.message}`);
      continue;
    }
    const row = result.data;
    const checked = productFieldsOf(row);
    if (!checked.success) {
      fail(line, sku, checked.error.issues[0]!.message);
      continue;
    }
    let compliance: RowCompliance | undefined;
    if (withCompliance) {
      const complianceRaw = Object.fromEntries(
        COMPLIANCE_CSV_COLUMNS.map((c) => [c, cells[index[c]!] ?? '']),
      );
      const checkedCompliance = ComplianceCsvSchema.safeParse(complianceRaw);
      if (!checkedCompliance.success) {
        const issue = checkedCompliance.error.issues[0]!;
        fail(line, sku, `${String(issue.path[0] ?? '')}: ${issue.message}`);
        continue;
      }
      compliance = checkedCompliance.data;
    }
    const optional = optionalCells(cells, index, withCasePack, unitAt);
    if ('problem' in optional) {
      fail(line, sku, optional.problem);
      continue;
    }
    const { casePack, sellingUnit } = optional;
    const skuKey = row.sku.toLowerCase();
    const earlier = skuLine.get(skuKey);
    if (earlier) {
      fail(line, row.sku, catalogueCsvMessages.duplicateSku(earlier));
      continue;
    }
    skuLine.set(skuKey, line);
    const fields: ProductOfRow = {
      ...productFieldsFromRow(row),
      brand: brandKey(row.category, row.brand),
      ...(compliance
        ? { compliance: { attributes: compliance.attributes, listings: compliance.listings } }
        : {}),
      ...(sellingUnit !== undefined ? { sellingUnit } : {}),
    };
    const first = productFirst.get(row.product_sku);
    if (first && !sameProduct(first.fields, fields)) {
      fail(line, row.sku, catalogueCsvMessages.productDiffers(first.line));
      continue;
    }
    if (!first) productFirst.set(row.product_sku, { line, fields });
    rows.push({
      line,
      row,
      product: productFieldsFromRow(row),
      productKey: row.product_sku,
      compliance,
      casePack,
      sellingUnit,
    });
  }

  return { rowCount: dataRows.length, rows, errors };
}

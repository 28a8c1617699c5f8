/**
 * The catalogue CSV import at scale, in-process (the service the console's /import route calls):
 * 10,000 new rows (2,000 products × 5 options), then 10,000 changed rows of the existing large
 * catalogue (stock and prices), each as a dry run and then written. Prints one JSON line.
 * Started by bench/run.ts with the data dir, and a PostgreSQL URL to use instead of PGlite.
 */
import path from 'node:path';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { catalogueCsv, importCatalogueCsv } from '../src/server/modules/catalogue/catalogue-csv.service.ts';
import { createStaff } from '../src/server/modules/staff/staff-accounts.ts';
import { CATALOGUE_CSV_COLUMNS } from '../src/shared/catalogue/catalogue-csv.ts';
import { csvLine, parseCsv } from '../src/shared/csv.ts';

const [dataDir, pgUrl] = process.argv.slice(2);
const database = pgUrl
  ? await openPostgres(pgUrl)
  : await openPglite({ dataDir: path.join(dataDir!, 'pglite') });
await database.migrate();
const staff = await createStaff(
  database.db,
  { email: `import-bench-${Date.now()}@bench.example`, name: 'Bench', password: 'bench password 1' },
  { logN: 10, r: 8, p: 1 },
  new Date(),
);
const ctx = () => ({
  db: database.db,
  staffId: staff!.id,
  now: new Date(),
  mail: { storeName: 'Bench', publicUrl: 'http://127.0.0.1', kick: () => {} },
});

const run = Date.now() % 1_000_000;
const created: string[] = [CATALOGUE_CSV_COLUMNS.join(',')];
for (let p = 0; p < 2000; p++)
  for (let o = 0; o < 5; o++) {
    const row: Record<string, string> = {
      category: `Bench Category ${p % 4}`,
      category_group: 'Smoke Shop',
      brand: `Bench Brand ${p % 50}`,
      product: `Bench Product ${run}-${p}`,
      product_sku: `BENCH-${run}-${p}`,
      product_code: `BP${p}`,
      description: 'Imported by the bench, with a comma, and "quotes".',
      price: '19.99',
      discount_price: '14.99',
      discount_percentage: '25',
      rating: '4.5',
      is_new: 'true',
      is_hot: 'false',
      hidden: 'false',
      delivery: 'Next day',
      seller: 'Bench',
      important_notice: '',
      highlights: 'One | Two',
      specifications: 'Battery: 500 mAh',
      option: `Flavour ${o}`,
      sku: `BENCH-${run}-${p}-${o}`,
      stock: String(10 + o),
    };
    created.push(csvLine(CATALOGUE_CSV_COLUMNS.map((c) => row[c])));
  }
const createdCsv = `${created.join('\r\n')}\r\n`;

async function timed(csv: string, dryRun: boolean) {
  const t0 = performance.now();
  const report = await importCatalogueCsv(ctx(), csv, dryRun);
  const seconds = (performance.now() - t0) / 1000;
  if (report.errors.length) throw new Error(`import refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return { seconds, changes: report.changes };
}

const newDry = await timed(createdCsv, true);
const newWrite = await timed(createdCsv, false);

// 10,000 existing options: the export's first 10,000 rows with new stock, and their products' price up 1 cent.
const exportStart = performance.now();
const exported = await catalogueCsv({ db: database.db });
const exportSeconds = (performance.now() - exportStart) / 1000;
const { rows } = parseCsv(exported);
const header = rows[0]!;
const stock = header.indexOf('stock');
const price = header.indexOf('price');
const changed = rows.slice(1, 10_001).map((r) => {
  const next = [...r];
  next[stock] = String(Number(r[stock]) + 1);
  next[price] = (Number(r[price]) + 0.01).toFixed(2);
  return csvLine(next);
});
const changedCsv = `${[header.join(','), ...changed].join('\r\n')}\r\n`;
const updateDry = await timed(changedCsv, true);
const updateWrite = await timed(changedCsv, false);

console.log(
  JSON.stringify({
    exportRows: rows.length - 1,
    exportSeconds,
    newDry,
    newWrite,
    updateDry,
    updateWrite,
  }),
);
await database.close();

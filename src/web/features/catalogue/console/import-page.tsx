import type { ImportReport } from '#shared/catalogue/catalogue-csv.ts';
import { CASE_PACK_CSV_COLUMNS, CATALOGUE_CSV_COLUMNS } from '#shared/catalogue/catalogue-csv.ts';
import { PRODUCT_KINDS } from '#shared/compliance/compliance.constants.ts';
import { COMPLIANCE_CSV_COLUMNS } from '#shared/compliance/compliance-csv.ts';
import { DataTable, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import {
  CsvErrors,
  CsvImportControls,
  CsvReportPanel,
  useCsvImport,
} from '#web/components/console/csv-import.tsx';

/** Catalogue CSV: export; import with a dry run first, and nothing written while any row is invalid. */
export function ImportPage() {
  const state = useCsvImport(
    (dryRun) => `/api/v1/admin/catalogue/import?dryRun=${dryRun}`,
    (body): body is ImportReport => typeof body === 'object' && body !== null && 'changes' in body,
    'The catalogue was imported.',
  );
  const { report } = state;
  const c = report?.changes;
  return (
    <>
      <PageTitle
        actions={
          <a
            href="/api/v1/admin/catalogue/export.csv"
            className="inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100"
          >
            Export catalogue CSV
          </a>
        }
      >
        Import / export
      </PageTitle>
      <Panel title="Import a catalogue CSV">
        <p className="text-sm text-gray-800">
          One row per option, matched by its SKU: new SKUs are added, known ones updated. Product fields
          repeat on each of the product's rows and are matched by <code>product_sku</code>. Start from an
          export to get the columns:
        </p>
        <p className="mt-2 break-words font-mono text-xs text-gray-700">{CATALOGUE_CSV_COLUMNS.join(', ')}</p>
        <p className="mt-3 text-sm text-gray-800">
          Optionally, each option's case pack: <code>min_quantity</code> and <code>order_increment</code>{' '}
          (sold in cases of; empty is 1), <code>max_quantity</code> per order (empty: no maximum). A file
          without these three columns leaves case packs as they are.
        </p>
        <p className="mt-2 break-words font-mono text-xs text-gray-700">{CASE_PACK_CSV_COLUMNS.join(', ')}</p>
        <p className="mt-3 text-sm text-gray-800">
          Then, optionally and all together, the compliance columns: the product's attributes (
          <code>kind</code> is one of {PRODUCT_KINDS.join(', ')}; an empty figure is unknown), where an option
          differs (<code>option_flavoured</code>, <code>option_nicotine_mg_per_ml</code>; empty: as the
          product), and the states whose directory lists the product, like{' '}
          <code>AL:AL-12345:2026-11-01 | OK</code>. A file without them leaves attributes and listings as they
          are.
        </p>
        <p className="mt-2 break-words font-mono text-xs text-gray-700">
          {COMPLIANCE_CSV_COLUMNS.join(', ')}
        </p>
        <CsvImportControls state={state} />
      </Panel>

      {report && c && (
        <div className="mt-4 space-y-4" aria-live="polite">
          <CsvReportPanel report={report}>
            <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <li>{report.rows} rows</li>
              <li>{c.categoriesCreated} new categories</li>
              <li>{c.brandsCreated} new brands</li>
              <li>{c.productsCreated} new products</li>
              <li>{c.productsUpdated} products changed</li>
              <li>{c.optionsCreated} new options</li>
              <li>{c.optionsUpdated} options changed</li>
              <li>{c.unchanged} rows unchanged</li>
              {c.listingsChanged > 0 && (
                <li>{c.listingsChanged} products' state directory listings changed</li>
              )}
            </ul>
          </CsvReportPanel>
          <CsvErrors errors={report.errors.map((e) => ({ ...e, key: e.sku }))} keyLabel="SKU" />
          {report.errors.length === 0 && report.preview.length > 0 && !report.written && (
            <DataTable caption="What will change" head={['Line', 'SKU', 'Change']}>
              {report.preview.map((p) => (
                <tr key={`${p.line}-${p.sku}`}>
                  <td className="px-3 py-2">{p.line}</td>
                  <td className="px-3 py-2 font-mono text-xs">{p.sku}</td>
                  <td className="px-3 py-2">{p.summary}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      )}
    </>
  );
}

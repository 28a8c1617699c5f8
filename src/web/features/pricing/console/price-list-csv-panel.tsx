import { useId, useState } from 'react';
import { PRICE_LIST_CSV_HEADER, type PriceListImportReport } from '#shared/pricing/price-list-csv.ts';
import { DataTable, Panel } from '#web/components/console/console-ui.tsx';
import {
  CsvErrors,
  CsvImportControls,
  CsvReportPanel,
  useCsvImport,
} from '#web/components/console/csv-import.tsx';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const ACTIONS = { add: 'New', change: 'Changed', remove: 'Removed' } as const;

/** A group's price list as CSV: export it, edit it in a spreadsheet, check it (dry run) and import it. */
export function PriceListCsvPanel({ groupId }: { groupId: number }) {
  const replaceId = useId();
  const [replace, setReplace] = useState(false);
  const state = useCsvImport(
    (dryRun) => `/api/v1/admin/pricing/groups/${groupId}/import?dryRun=${dryRun}&replace=${replace}`,
    (body): body is PriceListImportReport => typeof body === 'object' && body !== null && 'changes' in body,
    'The price list was imported.',
  );
  const { report } = state;
  return (
    <div className="mt-6 space-y-4">
      <Panel title="Price list as CSV">
        <p className="text-sm text-gray-800">
          One row per price, matched by <code>scope</code> (option, product, brand or category) and{' '}
          <code>target</code> (an option's or a product's SKU, a brand as <code>category/brand</code>, a
          category's slug). Options and products take a <code>price</code> and optional <code>tiers</code>{' '}
          like <code>10: 4.25 | 50: 3.90</code>; brands and categories a <code>percent_off</code> like{' '}
          <code>12.5</code>. The <code>name</code> and <code>list_price</code> columns are for reading and are
          ignored.
        </p>
        <p className="mt-2 break-words font-mono text-xs text-gray-700">{PRICE_LIST_CSV_HEADER.join(', ')}</p>
        <p className="mt-3">
          <a
            href={`/api/v1/admin/pricing/groups/${groupId}/export.csv`}
            className="inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100"
          >
            Export price list CSV
          </a>
        </p>
        <CsvImportControls state={state}>
          <label htmlFor={replaceId} className="inline-flex min-h-10 items-center gap-2 text-sm">
            <input
              id={replaceId}
              type="checkbox"
              checked={replace}
              onChange={(e) => {
                setReplace(e.target.checked);
                state.clear();
              }}
              className="h-4 w-4"
            />
            Replace the whole list (remove prices the file does not name)
          </label>
        </CsvImportControls>
      </Panel>
      {report && <PriceListReport report={report} />}
    </div>
  );
}

function PriceListReport({ report }: { report: PriceListImportReport }) {
  const c = report.changes;
  return (
    <div className="space-y-4" aria-live="polite">
      <CsvReportPanel report={report}>
        <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-5">
          <li>{count(report.rows, 'row')}</li>
          <li>{count(c.added, 'new price')}</li>
          <li>{count(c.changed, 'price')} changed</li>
          <li>{c.unchanged} unchanged</li>
          <li>{count(c.removed, 'price')} removed</li>
        </ul>
      </CsvReportPanel>
      <CsvErrors errors={report.errors.map((e) => ({ ...e, key: e.target }))} keyLabel="Target" />
      {report.errors.length === 0 && report.preview.length > 0 && !report.written && (
        <DataTable caption="What will change" head={['Line', 'For', 'Change', 'Price']}>
          {report.preview.map((p) => (
            <tr key={`${p.line}-${p.scope}-${p.target}`}>
              <td className="px-3 py-2">{p.line ?? '—'}</td>
              <td className="px-3 py-2">
                <span className="text-xs font-semibold uppercase text-gray-700">{p.scope}</span>{' '}
                <span className="font-mono text-xs">{p.target}</span>
              </td>
              <td className="px-3 py-2">{ACTIONS[p.action]}</td>
              <td className="px-3 py-2">{p.summary}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

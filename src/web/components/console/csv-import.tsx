import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { afterConsoleWrite, postText } from '#web/lib/console-api.ts';
import { Button, DataTable, Panel } from '#web/components/console/console-ui.tsx';

/** What every CSV import answers: a dry run or a write, and the rows it refused. */
interface CsvReport {
  dryRun: boolean;
  written: boolean;
  errors: { line: number; message: string }[];
}

/**
 * A CSV import in the console (the catalogue, a group's price list): choose a file, check it with a
 * dry run, then import what the dry run showed. Nothing is written while any row is invalid.
 * `url(dryRun)` is the import's address; `options` that change what the import does (replace…)
 * clear the report, so the dry run shown is always the one the import will do.
 */
export function useCsvImport<R extends CsvReport>(
  url: (dryRun: boolean) => string,
  isReport: (body: unknown) => body is R,
  writtenMessage: string,
) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setPending(true);
    setError(null);
    try {
      const res = await postText(url(dryRun), file.text);
      if (isReport(res.body)) {
        setReport(res.body);
        if (res.body.written) {
          notify({ type: 'success', message: writtenMessage });
          await afterConsoleWrite(qc);
        }
      } else setError((res.body as { message?: string } | null)?.message ?? 'Oops! Something went wrong.');
    } catch {
      setError('Cannot reach the store. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };
  const choose = (f: { name: string; text: string } | null) => {
    setReport(null);
    setFile(f);
  };
  return { file, choose, report, clear: () => setReport(null), pending, error, run };
}
export type CsvImport<R extends CsvReport> = ReturnType<typeof useCsvImport<R>>;

/** The file chooser, "Check (dry run)" and "Import" (only after a clean dry run), and the call's error. */
export function CsvImportControls<R extends CsvReport>({
  state,
  children,
}: {
  state: CsvImport<R>;
  /** Options shown before the buttons (for example "replace the whole list"). */
  children?: ReactNode;
}) {
  const id = useId();
  const { file, report, pending } = state;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-gray-400 focus-within:ring-2 focus-within:ring-gray-900"
        >
          {file ? `File: ${file.name}` : 'Choose a CSV file'}
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              state.choose(f ? { name: f.name, text: await f.text() } : null);
            }}
          />
        </label>
        {children}
        <Button disabled={!file || pending} onClick={() => state.run(true)}>
          Check (dry run)
        </Button>
        <Button
          tone="success"
          disabled={!report?.dryRun || report.errors.length > 0 || pending}
          onClick={() => state.run(false)}
        >
          Import
        </Button>
      </div>
      <FormError message={state.error} />
    </>
  );
}

/** The report's heading: written, refused, or a dry run. */
export function CsvReportPanel({ report, children }: { report: CsvReport; children: ReactNode }) {
  return (
    <Panel
      title={
        report.written
          ? 'Imported'
          : report.errors.length
            ? 'Not valid: nothing was written'
            : 'Dry run: nothing written yet'
      }
    >
      {children}
    </Panel>
  );
}

/** The rows a file was refused for, each on its line. */
export function CsvErrors({
  errors,
  keyLabel,
}: {
  errors: { line: number; message: string; key: string }[];
  keyLabel: string;
}) {
  if (!errors.length) return null;
  return (
    <DataTable caption="Rows with errors" head={['Line', keyLabel, 'Error']}>
      {errors.map((e) => (
        <tr key={`${e.line}-${e.key}-${e.message}`}>
          <td className="px-3 py-2">{e.line}</td>
          <td className="px-3 py-2 font-mono text-xs">{e.key}</td>
          <td className="px-3 py-2 text-red-800">{e.message}</td>
        </tr>
      ))}
    </DataTable>
  );
}

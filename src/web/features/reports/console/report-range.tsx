import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { dayPlus } from '#shared/dates.ts';
import { ReportRangeQuerySchema } from '#shared/reports/reports.schemas.ts';
import { Button, Loading } from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { dashboardQuery } from './queries.ts';
import { BUTTON_LINK } from './report-format.ts';

/** A report's range (a type, not the shared interface, so it passes as URL parameters). */
type Range = { from: string; to: string };

/** The viewer's own calendar day (YYYY-MM-DD), when the store's is not known yet. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The store's today as the dashboard last said it (its time zone's), if it has been read. */
export function useKnownStoreToday(): string | undefined {
  const qc = useQueryClient();
  return (
    qc.getQueryData(dashboardQuery(30).queryKey)?.today ?? qc.getQueryData(dashboardQuery(90).queryKey)?.today
  );
}

/** The store's today as the dashboard last said it, else the viewer's. */
export function useStoreToday(): string {
  return useKnownStoreToday() ?? localToday();
}

/**
 * A report's range and page, kept in the URL (a report can be reloaded or shared): the range
 * asked for, else the last 30 days ending the store's today.
 */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const today = useStoreToday();
  const range: Range = {
    from: params.get('from') || dayPlus(today, -29),
    to: params.get('to') || today,
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Sets (or with null, removes) parameters; any change but the page's starts at page 1. */
  const change = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  return { params, range, page, change, setPage: (p: number) => change({ page: String(p) }) };
}

/** This page's address with a choice changed (`?grain=week&from=…`), back at page 1. */
export function withParam(params: URLSearchParams, key: string, value: string): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  next.set(key, value);
  return `?${next}`;
}

/** The server's refusal of the range (a field named): shown under that field, not as the report. */
export const rangeRefusal = (err: unknown): ApiError | null =>
  err instanceof ApiError && (err.field === 'from' || err.field === 'to') ? err : null;

/**
 * The range form: the first and last day, checked by the shared schema (the server's own rules);
 * a range the server refuses all the same (one typed into the address) shows its message under
 * the field it names.
 */
export function RangeForm({
  range,
  onApply,
  error,
}: {
  range: Range;
  onApply: (r: Range) => void;
  error: unknown;
}) {
  const form = useZodForm(ReportRangeQuerySchema, { defaultValues: range });
  const { reset, serverError } = form;
  // The address changed (back, a tab's link): the form shows the range asked for.
  const { from, to } = range;
  useEffect(() => reset({ from, to }), [from, to, reset]);
  const refused = rangeRefusal(error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once per refusal
  useEffect(() => {
    if (refused) serverError(refused);
  }, [refused]);
  return (
    <form
      aria-label="Report range"
      noValidate
      onSubmit={form.handleSubmit((r) => onApply({ from: r.from, to: r.to }))}
      className="grid items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-[1fr_1fr_auto]"
    >
      <Field label="First day" type="date" {...form.field('from')} />
      <Field label="Last day" type="date" {...form.field('to')} />
      <div className="sm:pt-6">
        <Button type="submit" className="w-full">
          Show report
        </Button>
      </div>
      <p className="text-xs text-gray-700 sm:col-span-3">
        The store's days, both ends in, up to three years; compared with as many days just before.
      </p>
    </form>
  );
}

/** Previous and Next through a report's pages: "Page 2 of 5". */
export function PagesNav({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2 text-sm text-gray-800">
      <span>
        Page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button tone="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button tone="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

/** Loading, the server's message, or the report; a refused range says so under its field instead. */
export function ReportState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.error) return rangeRefusal(query.error) ? null : <p role="alert">{query.error.message}</p>;
  return <>{children(query.data as T)}</>;
}

/** The report as CSV, every row, for the same range and choices as the page. */
export function CsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={BUTTON_LINK}>
      Download CSV
    </a>
  );
}

import { type ReactNode, useId } from 'react';

/**
 * A chart as the reports show one (decision 018): its heading, one sentence saying what it shows,
 * the chart, and beside it the table of every number the chart draws — the chart is never the
 * only way to read a figure. `side` puts a narrow table beside the chart on a wide screen; a wide
 * table goes under it. A long table scrolls in its own box, reachable by keyboard.
 */
export function ChartFigure({
  title,
  summary,
  chart,
  table,
  side = false,
  tableLabel,
  actions,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  side?: boolean;
  /** The table's box, when it scrolls ("Sales per day, as a table"). */
  tableLabel?: string;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        {actions}
      </div>
      <p id={`${id}-summary`} className="mt-1 text-sm text-gray-800">
        {summary}
      </p>
      <div className={`mt-4 grid gap-4 ${side ? 'lg:grid-cols-2' : ''}`}>
        <div className="min-w-0">{chart}</div>
        {tableLabel ? (
          <div
            role="region"
            aria-label={tableLabel}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls is reached by keyboard to scroll it
            tabIndex={0}
            className="min-w-0 max-h-[32rem] overflow-y-auto lg:max-h-[48rem] rounded-xl focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {table}
          </div>
        ) : (
          <div className="min-w-0">{table}</div>
        )}
      </div>
    </section>
  );
}

/** A table's box name when it is long enough to scroll in its own box (more rows than a screen). */
export const scrollsWhenLong = (rows: number, caption: string) =>
  rows > 15 ? `${caption}, as a table` : undefined;

import { Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { PeriodQuerySchema, type Statement } from '#shared/receivables/payments.schemas.ts';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { type Period, statementPdfHref, useStatement } from './api/get-statement.ts';

const BUTTON = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold';

/**
 * A statement of the company's account for a period (owners and viewers): from the first of this
 * month to today unless changed; shown here, or downloaded as the PDF the store files.
 */
export function StatementSection({ today }: { today: string }) {
  const form = useZodForm(PeriodQuerySchema, {
    defaultValues: { from: `${today.slice(0, 7)}-01`, to: today },
  });
  const [period, setPeriod] = useState<Period | null>(null);
  const statement = useStatement(period);
  const { serverError } = form;
  // The server checks the period with the same rules; its answer goes on the field it names.
  useEffect(() => {
    if (statement.error) serverError(statement.error);
  }, [statement.error, serverError]);
  const show = form.handleSubmit((p) => setPeriod({ from: p.from, to: p.to }));
  const values = form.watch();
  return (
    <section
      aria-labelledby="statement-heading"
      className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-5"
    >
      <h2 id="statement-heading" className="text-lg font-bold">
        Statement
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Everything billed, credited and paid in a period, with the balance.
      </p>
      <form
        onSubmit={show}
        noValidate
        aria-label="Statement period"
        className="mt-3 grid grid-cols-1 items-start gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto]"
      >
        <Field label="From" type="date" {...form.field('from')} />
        <Field label="To" type="date" {...form.field('to')} />
        <div className="flex flex-wrap gap-2 sm:mt-6">
          <button type="submit" className={`${BUTTON} bg-gray-900 text-white hover:bg-gray-700`}>
            Show statement
          </button>
          <a
            href={statementPdfHref({ from: values.from ?? '', to: values.to ?? '' })}
            download
            onClick={(e) => {
              // A period the server would refuse: say why here rather than download an error.
              if (!PeriodQuerySchema.safeParse(values).success) {
                e.preventDefault();
                void form.trigger(undefined, { shouldFocus: true });
              }
            }}
            className={`${BUTTON} ring-1 ring-gray-300 hover:bg-gray-100`}
          >
            <Download className="size-4" aria-hidden /> Download PDF
          </a>
        </div>
        <div className="sm:col-span-3">
          <FormError message={form.formError} />
        </div>
      </form>
      {period &&
        !statement.error &&
        (statement.isPending ? <PageSpinner /> : <StatementTable statement={statement.data} />)}
    </section>
  );
}

function StatementTable({ statement: s }: { statement: Statement }) {
  const CELL = 'px-1 py-2 sm:px-2';
  const headingId = useId();
  // The heading sits outside the scrolling box, so a phone shows it whole even when the table scrolls.
  return (
    <>
      <h3 id={headingId} className="mt-5 font-semibold">
        Statement for {s.company.businessName}, {formatDay(s.from)} to {formatDay(s.to)}
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table aria-labelledby={headingId} className="w-full text-sm">
          <thead>
            <tr className="border-b border-gray-300 text-left text-xs uppercase text-gray-600">
              <th scope="col" className={CELL}>
                Date
              </th>
              <th scope="col" className={CELL}>
                Document
              </th>
              <th scope="col" className={`${CELL} hidden sm:table-cell`}>
                Details
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-gray-100 bg-gray-50 font-semibold">
              <th scope="row" colSpan={2} className={`${CELL} text-left`}>
                Opening balance on {formatDay(s.from)}
              </th>
              {/* Empty Details (shown from sm) and Amount: the figure stays under Balance on every screen. */}
              <td className={`${CELL} hidden sm:table-cell`} />
              <td className={CELL} />
              <td className={`${CELL} whitespace-nowrap text-right`}>{formatCents(s.openingCents)}</td>
            </tr>
            {s.entries.map((e) => (
              <tr key={`${e.kind}-${e.number}-${e.date}`} className="border-b border-gray-100">
                <td className={CELL}>{formatDay(e.date)}</td>
                <td className={`${CELL} break-all`}>
                  {e.number}
                  {/* On a phone the details go under the number: the balance column stays in view. */}
                  <span className="block break-normal text-xs text-gray-600 sm:hidden">{e.description}</span>
                </td>
                <td className={`${CELL} hidden sm:table-cell`}>{e.description}</td>
                <td className={`${CELL} whitespace-nowrap text-right`}>{formatCents(e.amountCents)}</td>
                <td className={`${CELL} whitespace-nowrap text-right`}>{formatCents(e.balanceCents)}</td>
              </tr>
            ))}
            {!s.entries.length && (
              <tr className="border-b border-gray-100">
                <td colSpan={5} className={`${CELL} text-gray-700`}>
                  Nothing billed, credited or paid in this period.
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" colSpan={2} className={`${CELL} text-left`}>
                Closing balance on {formatDay(s.to)}
              </th>
              {/* Empty Details (shown from sm) and Amount: the figure stays under Balance on every screen. */}
              <td className={`${CELL} hidden sm:table-cell`} />
              <td className={CELL} />
              <td className={`${CELL} whitespace-nowrap text-right`}>{formatCents(s.closingCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

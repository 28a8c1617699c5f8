import { useQuery } from '@tanstack/react-query';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import {
  type LowStockReport,
  REPORT_PAGE_SIZE,
  ReorderPointBodySchema,
  type ReportSettingsBody,
  ReportSettingsBodySchema,
} from '#shared/reports/reports.schemas.ts';
import { Button, DataTable, Loading, Pager, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { lowStockQuery, reportSettingsQuery } from './queries.ts';
import { BUTTON_LINK, formatCount, plural } from './report-format.ts';
import { ReportState, useReportRange } from './report-range.tsx';

type Row = LowStockReport['rows'][number];

/**
 * Low stock (decision 018): options under their reorder point with what sold in the last 30 days,
 * each option's own point set in its row (empty, or "Use default", goes back to the default), and
 * the default point itself.
 */
export function LowStockPage() {
  const { page, setPage } = useReportRange();
  const report = useQuery(lowStockQuery(page));
  return (
    <>
      <PageTitle
        actions={
          <a href={apiUrl('admin/reports/low-stock.csv')} download className={BUTTON_LINK}>
            Download CSV
          </a>
        }
      >
        Low stock
      </PageTitle>
      <div className="space-y-6">
        <DefaultPointPanel />
        <ReportState query={report}>
          {(r) => (
            <section aria-labelledby="low-stock-list">
              <h2 id="low-stock-list" className="mb-1 text-lg font-bold text-gray-900">
                Under the reorder point
              </h2>
              <p className="mb-3 text-sm text-gray-800">
                {r.total === 0
                  ? 'Every option has at least its reorder point in stock.'
                  : `${plural(r.total, 'option')} under the reorder point; the default point is ${formatCount(r.defaultReorderPoint)}.`}
              </p>
              {r.rows.length > 0 && (
                <DataTable
                  caption="Low stock"
                  head={['Option', 'SKU', 'Stock', 'Sold in 30 days', 'Reorder point']}
                >
                  {r.rows.map((row) => (
                    <LowStockLine key={row.variantId} row={row} defaultPoint={r.defaultReorderPoint} />
                  ))}
                </DataTable>
              )}
              <Pager page={r.page} pageSize={REPORT_PAGE_SIZE} total={r.total} onPage={setPage} />
            </section>
          )}
        </ReportState>
      </div>
    </>
  );
}

function LowStockLine({ row, defaultPoint }: { row: Row; defaultPoint: number }) {
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {row.product}
        <span className="block text-xs font-normal text-gray-700">{row.option}</span>
      </th>
      <td className="px-3 py-2 font-mono text-xs">{row.sku}</td>
      <td className="px-3 py-2 font-semibold tabular-nums">{formatCount(row.stock)}</td>
      <td className="px-3 py-2 tabular-nums">{formatCount(row.sold30)}</td>
      <td className="px-3 py-2">
        {/* Saved, the row reads afresh: the form starts again from the point it now has. */}
        <ReorderPointForm key={`${row.ownPoint}-${row.reorderPoint}`} row={row} defaultPoint={defaultPoint} />
      </td>
    </tr>
  );
}

/** An option's own reorder point, saved on its own; empty (or "Use default") is the default again. */
function ReorderPointForm({ row, defaultPoint }: { row: Row; defaultPoint: number }) {
  const notify = useNotify();
  const save = useAdminMutation(
    'PUT',
    () => `reports/reorder-points/${row.variantId}`,
    'MessageResponseSchema',
  );
  const form = useZodForm(ReorderPointBodySchema, {
    defaultValues: { point: row.ownPoint ? row.reorderPoint : null },
  });
  const send = (point: number | null) =>
    save.mutate(
      { point },
      {
        onSuccess: (res) => notify({ type: 'success', message: res.message }),
        onError: form.serverError,
      },
    );
  const field = form.field('point');
  return (
    <form
      aria-label={`Set the reorder point of ${row.sku}`}
      noValidate
      onSubmit={form.handleSubmit((body) => send(body.point))}
      className="flex flex-wrap items-start gap-2 max-sm:justify-end"
    >
      <Field
        label={`Reorder point of ${row.sku}`}
        labelClassName="sr-only"
        inputMode="numeric"
        placeholder={`Default (${formatCount(defaultPoint)})`}
        hint={row.ownPoint ? 'Its own point' : undefined}
        className="w-40"
        {...field}
        {...form.register('point', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
      />
      <span className="flex gap-2 pt-1">
        <Button type="submit" tone="secondary" disabled={save.isPending}>
          Save
        </Button>
        {row.ownPoint && (
          <Button tone="secondary" disabled={save.isPending} onClick={() => send(null)}>
            Use default
          </Button>
        )}
      </span>
      <FormError message={form.formError} />
    </form>
  );
}

/** The default reorder point, for options without their own. */
function DefaultPointPanel() {
  const settings = useQuery(reportSettingsQuery());
  return (
    <Panel title="Default reorder point">
      {settings.isPending ? (
        <Loading />
      ) : settings.error ? (
        <p role="alert">{settings.error.message}</p>
      ) : (
        <DefaultPointForm initial={settings.data} />
      )}
    </Panel>
  );
}

function DefaultPointForm({ initial }: { initial: ReportSettingsBody }) {
  const notify = useNotify();
  const form = useZodForm(ReportSettingsBodySchema, { defaultValues: initial });
  const save = useAdminMutation('PUT', () => 'reports/settings', 'ReportSettingsBodySchema');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved);
        notify({ type: 'success', message: reportsMessages.settingsSaved });
      },
      onError: form.serverError,
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Default reorder point"
      className="flex flex-wrap items-start gap-3"
    >
      <Field
        label="Default reorder point (units)"
        inputMode="numeric"
        hint="An option without its own point is low when its stock is under this."
        className="w-64"
        {...form.field('defaultReorderPoint')}
        {...form.register('defaultReorderPoint', { valueAsNumber: true })}
      />
      <div className="sm:pt-6">
        <Button type="submit" disabled={save.isPending}>
          Save default
        </Button>
      </div>
      <FormError message={form.formError} />
    </form>
  );
}

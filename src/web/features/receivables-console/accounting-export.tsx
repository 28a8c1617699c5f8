import type { MouseEvent } from 'react';
import { EXPORT_KINDS, ExportQuerySchema } from '#shared/receivables/payments.schemas.ts';
import { Panel, Select } from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { BUTTON_LINK } from './labels.ts';

const KIND_LABELS: Record<(typeof EXPORT_KINDS)[number], string> = {
  invoices: 'Invoices',
  credit_notes: 'Credit notes',
  payments: 'Payments',
};

/** The first and last day of the month before `today` (YYYY-MM-DD): what a bookkeeper exports. */
function lastMonth(today: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The accounting export: a period's invoices, credit notes or payments as CSV, in QuickBooks
 * Online's layout or a plain one. The download is a link built from the form; a period the
 * server would refuse shows its errors under the fields instead of downloading.
 */
export function AccountingExport() {
  const form = useZodForm(ExportQuerySchema, {
    defaultValues: { ...lastMonth(new Date()), kind: 'invoices', layout: 'quickbooks' },
  });
  const values = form.watch();
  const href = apiUrl('admin/receivables/accounting.csv', {
    from: values.from,
    to: values.to,
    kind: values.kind,
    layout: values.layout,
  });
  const check = (e: MouseEvent<HTMLAnchorElement>) => {
    if (ExportQuerySchema.safeParse(form.getValues()).success) return;
    e.preventDefault();
    void form.trigger();
  };
  return (
    <Panel title="Accounting export">
      <form aria-label="Accounting export" noValidate onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="First day" type="date" {...form.field('from')} />
          <Field label="Last day" type="date" {...form.field('to')} />
          <Select label="What" {...form.field('kind')}>
            {EXPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </Select>
          <Select label="Layout" {...form.field('layout')}>
            <option value="quickbooks">QuickBooks Online</option>
            <option value="plain">Plain</option>
          </Select>
        </div>
        <p className="mt-2 text-xs text-gray-700">Days are the store's days; up to three years at a time.</p>
        <a href={href} onClick={check} className={`${BUTTON_LINK} mt-3`}>
          Download {KIND_LABELS[values.kind ?? 'invoices'].toLowerCase()} CSV
        </a>
      </form>
    </Panel>
  );
}

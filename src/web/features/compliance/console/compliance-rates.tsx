import { useState } from 'react';
import { PRODUCT_KIND_LABELS, TAX_BASES, TAX_BASIS_LABELS } from '#shared/compliance/compliance.constants.ts';
import { RateFormSchema, rateText } from '#shared/compliance/compliance-forms.ts';
import { describeRate, type TaxRate } from '#shared/compliance/excise.ts';
import { formatDay, isoDay } from '#shared/dates.ts';
import { Button, DataTable, Panel, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { EditorFooter, KindBoxes, StateSelect } from '#web/features/compliance/console/compliance-fields.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';

/** The excise table: every rate with its source; staff add one or change one (an end date ends it). */
export function RatesSection({ rates }: { rates: TaxRate[] }) {
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  return (
    <section aria-labelledby="excise-rates" className="mt-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="excise-rates" className="text-lg font-bold">
          Excise rates
        </h2>
        <Button tone="secondary" onClick={() => setEditing('new')}>
          Add a rate
        </Button>
      </div>
      {editing && (
        <RateEditor
          key={editing === 'new' ? 'new' : editing.id}
          rate={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <DataTable
        caption="Excise rates"
        head={['State', 'Rate', 'Products', 'Dates', 'Collected', 'Source', '']}
      >
        {rates.map((r) => (
          <tr key={r.id} className={r.retired ? 'text-gray-500' : ''}>
            <td className="px-3 py-2">
              <strong>{r.state}</strong>
              <span className="block text-xs">{r.name}</span>
            </td>
            <td className="px-3 py-2">{describeRate(r)}</td>
            <td className="px-3 py-2">{r.kinds.map((k) => PRODUCT_KIND_LABELS[k]).join(', ')}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {formatDay(r.effectiveFrom)} →{' '}
              {r.effectiveUntil ? formatDay(r.effectiveUntil) : 'until changed'}
            </td>
            <td className="px-3 py-2">{r.collects ? 'Yes' : 'No (buyer remits)'}</td>
            <td className="max-w-xs px-3 py-2 text-xs">{r.source}</td>
            <td className="px-3 py-2">
              <Button
                tone="secondary"
                onClick={() => setEditing(r)}
                aria-label={`Edit ${r.state}: ${r.name}`}
              >
                Edit
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function RateEditor({ rate, onDone }: { rate: TaxRate | null; onDone: () => void }) {
  const notify = useNotify();
  const form = useZodForm(RateFormSchema, {
    defaultValues: {
      state: rate?.state ?? '',
      name: rate?.name ?? '',
      kinds: rate?.kinds ?? [],
      basis: rate?.basis ?? 'percent_wholesale',
      rate: rate ? rateText(rate.rateMilli) : '',
      effectiveFrom: rate?.effectiveFrom ?? isoDay(new Date()),
      effectiveUntil: rate?.effectiveUntil ?? '',
      collects: rate?.collects ?? true,
      source: rate?.source ?? '',
    },
  });
  const save = useAdminMutation(
    rate ? 'PUT' : 'POST',
    () => (rate ? `compliance/rates/${rate.id}` : 'compliance/rates'),
    'SavedResponseSchema',
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', message: 'Rate saved: carts and orders use it now.' });
        onDone();
      },
      onError: form.serverError,
    }),
  );
  const title = rate ? `Edit rate: ${rate.state}, ${rate.name}` : 'New excise rate';
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className="mb-4">
      <Panel title={title}>
        <div className="grid gap-3 md:grid-cols-2">
          <StateSelect
            label="State"
            first={{ value: '', label: 'Choose a state' }}
            {...form.field('state')}
          />
          <Field label="Name (what buyers read)" {...form.field('name')} />
          <Select label="Charged" {...form.field('basis')}>
            {TAX_BASES.map((b) => (
              <option key={b} value={b}>
                {TAX_BASIS_LABELS[b]}
              </option>
            ))}
          </Select>
          <Field
            label="Rate"
            hint="A percentage for % of the wholesale price; cents otherwise (15 for 15¢ per ml, 150 for $1.50)."
            inputMode="decimal"
            {...form.field('rate')}
          />
          <Field label="From" type="date" {...form.field('effectiveFrom')} />
          <Field
            label="Until (first day it no longer applies)"
            type="date"
            {...form.field('effectiveUntil')}
          />
        </div>
        <KindBoxes
          legend="Products it taxes"
          registration={form.register('kinds')}
          error={form.formState.errors.kinds?.message}
        />
        <label className="mt-3 inline-flex min-h-10 items-center gap-2 text-sm font-semibold">
          <input type="checkbox" className="size-4 accent-gray-900" {...form.register('collects')} />
          This store collects it on its invoices (else the buyer remits it)
        </label>
        <div className="mt-3">
          <TextArea
            label="Source (law or notice, and when it was checked)"
            rows={3}
            {...form.field('source')}
          />
        </div>
        <EditorFooter
          formError={form.formError}
          saving={save.isPending}
          submitLabel={rate ? 'Save rate' : 'Add rate'}
          onCancel={onDone}
        />
      </Panel>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '#shared/dates.ts';
import { centsToAmount, formatCents } from '#shared/money.ts';
import {
  type MinimumPrice,
  MinimumPriceFormSchema,
  minimumPriceMessages,
} from '#shared/pricing/minimum-prices.schemas.ts';
import { Button, DataTable, Panel } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { minimumPricesQuery, useSetMinimumPrice } from '#web/features/pricing/console/minimum-prices-api.ts';
import { errorMessage } from '#web/lib/console-api.ts';

/**
 * The pricing page's options' minimum prices (decision 016, part 3): the lowest unit price the order
 * desk may quote for an option. A form sets one by SKU (an empty amount removes it); each row can be
 * changed or removed. Every change is audited on the server.
 */
export function MinimumPricesPanel() {
  const minimums = useQuery(minimumPricesQuery());
  const notify = useNotify();
  const form = useZodForm(MinimumPriceFormSchema, { defaultValues: { sku: '', minPriceCents: '' } });
  const save = useSetMinimumPrice();
  const remove = useSetMinimumPrice();
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (list) => {
        const row = list.minimums.find((m) => m.sku.toUpperCase() === body.sku.trim().toUpperCase());
        const sku = row?.sku ?? body.sku.trim();
        notify({
          type: 'success',
          message:
            body.minPriceCents === null
              ? minimumPriceMessages.removed(sku)
              : minimumPriceMessages.set(sku, body.minPriceCents),
        });
        form.reset({ sku: '', minPriceCents: '' });
      },
      onError: form.serverError,
    }),
  );
  const edit = (m: MinimumPrice) => {
    form.reset({ sku: m.sku, minPriceCents: centsToAmount(m.minPriceCents) });
    form.setFocus('minPriceCents');
  };
  const list = minimums.data?.minimums;
  return (
    <section aria-labelledby="minimum-prices" className="mt-8">
      <h2 id="minimum-prices" className="mb-2 text-lg font-bold">
        Minimum prices
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-gray-700">
        The lowest unit price the order desk may quote for an option, whatever is negotiated. An option
        without one has no minimum.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Set a minimum price">
        <Panel>
          <FormError message={form.formError} />
          <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start">
            <Field label="Option SKU" autoComplete="off" placeholder="SS-1003-10" {...form.field('sku')} />
            <Field
              label="Minimum unit price ($)"
              hint="Leave it empty to remove the option's minimum."
              inputMode="decimal"
              {...form.field('minPriceCents')}
            />
            <Button type="submit" className="md:mt-7" disabled={save.isPending}>
              Save minimum
            </Button>
          </div>
        </Panel>
      </form>
      <div className="mt-4">
        <FormError message={minimums.error ? errorMessage(minimums.error) : null} />
        <FormError message={remove.error ? errorMessage(remove.error) : null} />
        {list ? (
          <MinimumTable
            minimums={list}
            removing={remove.isPending}
            onEdit={edit}
            onRemove={(m) =>
              remove.mutate(
                { sku: m.sku, minPriceCents: null },
                {
                  onSuccess: () => notify({ type: 'success', message: minimumPriceMessages.removed(m.sku) }),
                },
              )
            }
          />
        ) : (
          !minimums.error && (
            <p role="status" className="text-sm text-gray-700">
              Loading minimum prices…
            </p>
          )
        )}
      </div>
    </section>
  );
}

function MinimumTable({
  minimums,
  removing,
  onEdit,
  onRemove,
}: {
  minimums: MinimumPrice[];
  removing: boolean;
  onEdit: (m: MinimumPrice) => void;
  onRemove: (m: MinimumPrice) => void;
}) {
  if (!minimums.length) return <p className="text-sm text-gray-700">No option has a minimum price yet.</p>;
  return (
    <DataTable caption="Minimum prices" head={['SKU', 'Option', 'List price', 'Minimum', 'Updated', '']}>
      {minimums.map((m) => (
        <tr key={m.sku}>
          <td className="px-3 py-2 font-mono text-xs">{m.sku}</td>
          <td className="px-3 py-2">
            {m.productName} — {m.variantName}
          </td>
          <td className="px-3 py-2">{formatCents(m.listPriceCents)}</td>
          <td className="px-3 py-2 font-semibold">{formatCents(m.minPriceCents)}</td>
          <td className="px-3 py-2 text-xs">
            {formatDateTime(m.updatedAt)}
            <span className="block text-gray-700">{m.updatedBy ?? 'a former staff member'}</span>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            <Button
              tone="secondary"
              onClick={() => onEdit(m)}
              aria-label={`Change the minimum price of ${m.sku}`}
            >
              Change
            </Button>{' '}
            <Button
              tone="danger"
              disabled={removing}
              onClick={() => onRemove(m)}
              aria-label={`Remove the minimum price of ${m.sku}`}
            >
              Remove
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

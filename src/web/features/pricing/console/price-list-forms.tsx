import { useFieldArray } from 'react-hook-form';
import { centsToAmount } from '#shared/money.ts';
import { PRICE_SCOPES } from '#shared/pricing/price-resolution.ts';
import { basisPointsText, EntryFormSchema } from '#shared/pricing/pricing-forms.ts';
import { type Entry, type Group, GroupBodySchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Button, Panel, Select } from '#web/components/console/console-ui.tsx';

const TARGET_HINTS = {
  variant: "The option's SKU",
  product: "The product's SKU",
  brand: 'category/brand, as in the storefront address (vapes/nimbus)',
  category: "The category's address name (vapes)",
} as const;
const SCOPE_NAMES = {
  variant: 'An option',
  product: 'A product',
  brand: 'A brand',
  category: 'A category',
} as const;

/** Renames a group or changes its description. */
export function GroupNameForm({ group }: { group: Group }) {
  const notify = useNotify();
  const form = useZodForm(GroupBodySchema, { values: { name: group.name, description: group.description } });
  const save = useAdminMutation('PUT', () => `pricing/groups/${group.id}`, 'SavedResponseSchema');
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: 'Group saved.' }),
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Group name">
      <Panel title="Group">
        <FormError message={form.formError} />
        <div className="grid gap-3">
          <Field label="Name" {...form.field('name')} />
          <Field label="Description" {...form.field('description')} />
        </div>
        <Button type="submit" className="mt-3" disabled={save.isPending}>
          Save
        </Button>
      </Panel>
    </form>
  );
}

/** Adds a price to the list, or changes one: a price with tiers for an option or product, a percentage otherwise. */
export function EntryEditor({
  groupId,
  entry,
  onDone,
}: {
  groupId: number;
  entry: Entry | null;
  onDone: () => void;
}) {
  const notify = useNotify();
  const form = useZodForm(EntryFormSchema, {
    defaultValues: {
      scope: entry?.scope ?? 'variant',
      target: entry?.target ?? '',
      price: centsToAmount(entry?.priceCents ?? null),
      percent: entry?.basisPoints ? basisPointsText(entry.basisPoints) : '',
      tiers: (entry?.tiers ?? []).map((t) => ({
        minQuantity: String(t.minQuantity),
        price: centsToAmount(t.priceCents),
      })),
    },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const scope = form.watch('scope');
  const fixed = scope === 'variant' || scope === 'product';
  const save = useAdminMutation('PUT', () => `pricing/groups/${groupId}/entries`, 'SavedResponseSchema');
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', message: "Price saved: the group's buyers see it now." });
        onDone();
      },
      onError: form.serverError,
    }),
  );
  const title = entry ? `Edit the price for ${entry.label}` : 'New price';
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className="mb-4">
      <Panel title={title}>
        <FormError message={form.formError} />
        <div className="grid gap-3 md:grid-cols-3">
          <Select label="For" disabled={Boolean(entry)} {...form.field('scope')}>
            {PRICE_SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_NAMES[s]}
              </option>
            ))}
          </Select>
          <Field
            label="Which"
            hint={TARGET_HINTS[scope]}
            readOnly={Boolean(entry)}
            {...form.field('target')}
          />
          {fixed ? (
            <Field label="Unit price ($)" inputMode="decimal" {...form.field('price')} />
          ) : (
            <Field
              label="Percentage off the list price"
              hint="12.5 for 12.5 %"
              inputMode="decimal"
              {...form.field('percent')}
            />
          )}
        </div>
        {fixed && (
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold">
              Volume tiers (from a quantity, a lower unit price)
            </legend>
            {tiers.fields.map((t, i) => (
              <div key={t.id} className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                <Field
                  label={`Tier ${i + 1}: from quantity`}
                  inputMode="numeric"
                  {...form.field(`tiers.${i}.minQuantity`)}
                />
                <Field
                  label={`Tier ${i + 1}: unit price ($)`}
                  inputMode="decimal"
                  {...form.field(`tiers.${i}.price`)}
                />
                <Button tone="danger" onClick={() => tiers.remove(i)} aria-label={`Remove tier ${i + 1}`}>
                  Remove
                </Button>
              </div>
            ))}
            <Button
              tone="secondary"
              className="mt-2"
              onClick={() => tiers.append({ minQuantity: '', price: '' })}
            >
              Add a tier
            </Button>
          </fieldset>
        )}
        <div className="mt-4 flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save price
          </Button>
          <Button tone="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Panel>
    </form>
  );
}

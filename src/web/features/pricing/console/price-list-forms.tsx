import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { centsToAmount } from '#shared/money.ts';
import { PRICE_SCOPES } from '#shared/pricing/price-resolution.ts';
import { basisPointsText, EntryFormSchema } from '#shared/pricing/pricing-forms.ts';
import { type Entry, type Group, GroupBodySchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { Button, Panel, Select } from '#web/components/console/console-ui.tsx';
import { productFinderQuery, productOptionsQuery } from '#web/features/pricing/console/queries.ts';

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
          <div>
            <Field
              label="Which"
              hint={TARGET_HINTS[scope]}
              readOnly={Boolean(entry)}
              {...form.field('target')}
            />
            {!entry && fixed && (
              <TargetFinder
                scope={scope}
                onPick={(sku) => form.setValue('target', sku, { shouldValidate: true, shouldDirty: true })}
              />
            )}
          </div>
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

/**
 * Finds what a price is for as staff type a name or SKU (decision 014, item 17): products by name,
 * brand, option name or SKU (the products page's search); a product's SKU for a product price, or
 * one of its options' for an option price. Picking one fills "Which".
 */
function TargetFinder({ scope, onPick }: { scope: 'variant' | 'product'; onPick: (sku: string) => void }) {
  const [typed, setTyped] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const q = useDebounced(typed.trim(), 250);
  const products = useQuery({ ...productFinderQuery(q), enabled: q.length >= 2 });
  const options = useQuery({ ...productOptionsQuery(productId ?? 0), enabled: productId !== null });
  const pick = 'rounded px-2 py-1 text-left text-sm hover:bg-amber-50 focus:bg-amber-50';
  return (
    <div className="mt-2">
      <label className="block text-xs font-semibold text-gray-800">
        Find by name or SKU
        <input
          type="search"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setProductId(null);
          }}
          // Enter must not save the price with a half-chosen target (the search follows the typing).
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          autoComplete="off"
          className="mt-1 w-full rounded-lg border border-gray-400 px-2 py-1.5 text-sm font-normal"
        />
      </label>
      {q.length >= 2 && productId === null && products.data && (
        <ul aria-label="Products found" className="mt-1 rounded-lg ring-1 ring-gray-200">
          {products.data.products.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`${pick} w-full`}
                onClick={() => (scope === 'product' ? onPick(p.sku) : setProductId(p.id))}
              >
                <span className="font-semibold">{p.name}</span>{' '}
                <span className="font-mono text-xs">{p.sku}</span>
              </button>
            </li>
          ))}
          {!products.data.products.length && (
            <li className="px-2 py-1 text-sm text-gray-700">Nothing matches.</li>
          )}
        </ul>
      )}
      {productId !== null && options.data && (
        <ul aria-label={`Options of ${options.data.name}`} className="mt-1 rounded-lg ring-1 ring-gray-200">
          {options.data.variants.map((v) => (
            <li key={v.id}>
              <button type="button" className={`${pick} w-full`} onClick={() => onPick(v.sku)}>
                {v.name} <span className="font-mono text-xs">{v.sku}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

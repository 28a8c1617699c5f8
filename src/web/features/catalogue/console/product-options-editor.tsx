import { VariantFormSchema } from '#shared/catalogue/catalogue-forms.ts';
import type { AdminProduct, AdminVariant } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useWarnIfUnsaved } from '#web/lib/unsaved-changes.ts';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { firstError, useAdminMutation } from '#web/lib/console-api.ts';
import { Panel, SaveDeleteButtons } from '#web/components/console/console-ui.tsx';
import { ImageUpload } from '#web/features/catalogue/console/image-picker.tsx';

/** The product's options, each edited and saved on its own row. */
export function OptionsEditor({ product }: { product: AdminProduct }) {
  return (
    <div className="mt-6">
      <Panel title="Options">
        <p className="mb-3 text-xs text-gray-700">
          Each option is saved on its own, with its row's Save option (a new one with Add option); Save
          product details above does not save them.
        </p>
        <ul className="space-y-3">
          {product.variants.map((v) => (
            <OptionRow key={`${v.id}-${v.stock}-${v.name}`} productId={product.id} variant={v} />
          ))}
          <OptionRow key={`new-${product.variants.length}`} productId={product.id} variant={null} />
        </ul>
      </Panel>
    </div>
  );
}

function OptionRow({ productId, variant }: { productId: number; variant: AdminVariant | null }) {
  const notify = useNotify();
  const form = useZodForm(VariantFormSchema, {
    defaultValues: {
      name: variant?.name ?? '',
      sku: variant?.sku ?? '',
      stock: String(variant?.stock ?? 0),
      minQuantity: String(variant?.minQuantity ?? 1),
      orderIncrement: String(variant?.orderIncrement ?? 1),
      maxQuantity: variant?.maxQuantity ? String(variant.maxQuantity) : '',
      image: variant?.image ?? null,
      position: variant?.position ?? 0,
    },
  });
  const image = form.watch('image');
  useWarnIfUnsaved(form.formState.isDirty);
  const base = `catalogue/products/${productId}/variants`;
  const save = useAdminMutation(
    variant ? 'PUT' : 'POST',
    () => (variant ? `${base}/${variant.id}` : base),
    'SavedResponseSchema',
  );
  const remove = useAdminMutation(
    'DELETE',
    () => `${base}/${variant?.id}`,
    'MessageResponseSchema',
    () => undefined,
  );
  const label = variant ? variant.name : 'New option';
  const onSubmit = form.handleSubmit((body) => {
    const sent = form.getValues();
    save.mutate(body, {
      onSuccess: () => {
        if (variant) form.reset(sent, { keepValues: true });
        notify({ type: 'success', message: variant ? `${body.name} saved.` : `${body.name} added.` });
      },
      onError: form.serverError,
    });
  });
  return (
    <li className="rounded-lg p-3 ring-1 ring-gray-200">
      <form
        onSubmit={onSubmit}
        aria-label={label}
        noValidate
        className="grid gap-2 sm:grid-cols-[auto_1fr_1fr_8rem_auto] sm:items-end"
      >
        <div className="flex items-center gap-2">
          {image ? (
            <img src={image.url} alt="" className="size-12 rounded object-cover" />
          ) : (
            <span className="size-12 rounded bg-gray-100" />
          )}
          <ImageUpload
            label="Picture"
            onUploaded={(img) => form.setValue('image', img, { shouldDirty: true })}
          />
        </div>
        <Field label={`${label}: name`} {...form.field('name')} />
        <Field label={`${label}: SKU`} {...form.field('sku')} />
        <Field label={`${label}: stock`} type="number" min={0} {...form.field('stock')} />
        <fieldset className="grid grid-cols-3 gap-2 sm:col-span-5 sm:max-w-xl">
          <legend className="text-xs font-semibold text-gray-700">Case pack</legend>
          <Field label={`${label}: minimum per order`} inputMode="numeric" {...form.field('minQuantity')} />
          <Field label={`${label}: sold in cases of`} inputMode="numeric" {...form.field('orderIncrement')} />
          <Field
            label={`${label}: maximum per order`}
            hint="Empty: none"
            inputMode="numeric"
            {...form.field('maxQuantity')}
          />
        </fieldset>
        {form.formState.isDirty && (
          <span role="status" className="self-center text-xs font-semibold text-amber-900 sm:col-span-5">
            Unsaved changes to {label}
          </span>
        )}
        <SaveDeleteButtons
          saveLabel={variant ? 'Save option' : 'Add option'}
          saving={save.isPending}
          onDelete={variant ? () => remove.mutate(undefined) : undefined}
          deleting={remove.isPending}
        />
      </form>
      <FormError message={form.formError ?? firstError(remove.error)} />
    </li>
  );
}

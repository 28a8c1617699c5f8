import { useQuery } from '@tanstack/react-query';
import { CATEGORY_GROUPS } from '#shared/catalogue/catalogue.constants.ts';
import { BrandFormSchema, CategoryFormSchema } from '#shared/catalogue/catalogue-forms.ts';
import type { AdminCatalogueTree } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { firstError, useAdminMutation } from '#web/lib/console-api.ts';
import { Loading, PageTitle, Panel, SaveDeleteButtons, Select } from '#web/components/console/console-ui.tsx';
import { ImageUpload } from '#web/features/catalogue/console/image-picker.tsx';
import { catalogueTreeQuery } from '#web/features/catalogue/console/queries.ts';

type Category = AdminCatalogueTree['categories'][number];
type Brand = Category['brands'][number];

/** Categories (with their menu group and order) and the brands in each. */
export function CategoriesPage() {
  const tree = useQuery(catalogueTreeQuery());
  if (tree.isPending) return <Loading />;
  if (tree.error) return <p role="alert">{tree.error.message}</p>;
  const categories = tree.data.categories;
  return (
    <>
      <PageTitle>Categories & brands</PageTitle>
      <div className="space-y-4">
        {categories.map((c) => (
          <Panel key={`${c.id}-${c.name}-${c.position}-${c.group}`}>
            <CategoryForm category={c} />
            <h3 className="mt-4 text-sm font-bold uppercase tracking-wide text-gray-700">Brands</h3>
            <ul className="mt-2 space-y-2">
              {c.brands.map((b) => (
                <li key={`${b.id}-${b.name}-${b.position}`}>
                  <BrandForm brand={b} categories={categories} categoryId={c.id} />
                </li>
              ))}
              <li>
                <BrandForm
                  key={`new-${c.brands.length}`}
                  brand={null}
                  categories={categories}
                  categoryId={c.id}
                />
              </li>
            </ul>
          </Panel>
        ))}
        <Panel title="New category">
          <CategoryForm key={`new-${categories.length}`} category={null} />
        </Panel>
      </div>
    </>
  );
}

function CategoryForm({ category }: { category: Category | null }) {
  const notify = useNotify();
  const form = useZodForm(CategoryFormSchema, {
    defaultValues: {
      name: category?.name ?? '',
      ...(category ? { slug: category.slug } : {}),
      group: category?.group ?? '',
      position: String(category?.position ?? 0),
    },
  });
  const save = useAdminMutation(
    category ? 'PUT' : 'POST',
    () => (category ? `catalogue/categories/${category.id}` : 'catalogue/categories'),
    'SavedResponseSchema',
  );
  const remove = useAdminMutation(
    'DELETE',
    () => `catalogue/categories/${category?.id}`,
    'MessageResponseSchema',
    () => undefined,
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: `${body.name} saved.` }),
      onError: form.serverError,
    }),
  );
  const label = category ? `Category ${category.name}` : 'New category';
  return (
    <form onSubmit={onSubmit} aria-label={label} noValidate>
      <div className="grid gap-2 sm:grid-cols-[2fr_1.5fr_6rem_auto] sm:items-end">
        <Field label="Category name" {...form.field('name')} />
        <Select label="Menu group" {...form.field('group')}>
          <option value="">None</option>
          {CATEGORY_GROUPS.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </Select>
        <Field label="Order" type="number" min={0} {...form.field('position')} />
        <SaveDeleteButtons
          saveLabel={category ? 'Save' : 'Add category'}
          saving={save.isPending}
          onDelete={category ? () => remove.mutate(undefined) : undefined}
          deleting={remove.isPending}
        />
      </div>
      <FormError message={form.formError ?? firstError(remove.error)} />
    </form>
  );
}

function BrandForm({
  brand,
  categories,
  categoryId,
}: {
  brand: Brand | null;
  categories: Category[];
  categoryId: number;
}) {
  const notify = useNotify();
  const form = useZodForm(BrandFormSchema, {
    defaultValues: {
      categoryId: String(brand?.categoryId ?? categoryId),
      name: brand?.name ?? '',
      ...(brand ? { slug: brand.slug } : {}),
      logo: brand?.logo ?? null,
      position: String(brand?.position ?? 0),
    },
  });
  const logo = form.watch('logo');
  const save = useAdminMutation(
    brand ? 'PUT' : 'POST',
    () => (brand ? `catalogue/brands/${brand.id}` : 'catalogue/brands'),
    'SavedResponseSchema',
  );
  const remove = useAdminMutation(
    'DELETE',
    () => `catalogue/brands/${brand?.id}`,
    'MessageResponseSchema',
    () => undefined,
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: `${body.name} saved.` }),
      onError: form.serverError,
    }),
  );
  const label = brand ? `Brand ${brand.name}` : 'New brand';
  return (
    <form onSubmit={onSubmit} aria-label={label} noValidate className="rounded-lg p-3 ring-1 ring-gray-200">
      <div className="grid gap-2 sm:grid-cols-[auto_2fr_1.5fr_6rem_auto] sm:items-end">
        <div className="flex items-center gap-2">
          {logo ? (
            <img src={logo.url} alt="" className="size-10 rounded object-contain" />
          ) : (
            <span className="size-10 rounded bg-gray-100" />
          )}
          <ImageUpload
            label="Logo"
            onUploaded={(image) => form.setValue('logo', image, { shouldDirty: true })}
          />
        </div>
        <Field label={brand ? 'Brand name' : 'New brand name'} {...form.field('name')} />
        <Select label="Category" {...form.field('categoryId')}>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        <Field label="Order" type="number" min={0} {...form.field('position')} />
        <SaveDeleteButtons
          saveLabel={brand ? 'Save' : 'Add brand'}
          saving={save.isPending}
          onDelete={brand ? () => remove.mutate(undefined) : undefined}
          deleting={remove.isPending}
        />
      </div>
      {brand && <p className="mt-1 text-xs text-gray-700">{brand.productCount} products</p>}
      <FormError message={form.formError ?? firstError(remove.error)} />
    </form>
  );
}

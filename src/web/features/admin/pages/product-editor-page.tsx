import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { Field, FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation, useAdminQuery } from '#web/features/admin/api/admin-queries.ts';
import {
  Button,
  Checkbox,
  Loading,
  PageTitle,
  Panel,
  Select,
  TextArea,
} from '#web/features/admin/components/console-ui.tsx';
import { ImageList } from '#web/features/admin/components/image-picker.tsx';

import { bodyOf, type FormState, formOf } from './product-form-state.ts';
import { OptionsEditor } from './product-options-editor.tsx';

export function ProductEditorPage() {
  const { id } = useParams();
  const isNew = id === undefined;
  const product = useAdminQuery(`catalogue/products/${id}`, 'AdminProductSchema', {}, !isNew);
  if (!isNew && product.isPending) return <Loading />;
  if (!isNew && product.error) return <p role="alert">{product.error.message}</p>;
  return <ProductEditor key={product.data?.id ?? 'new'} product={isNew ? null : (product.data ?? null)} />;
}

function ProductEditor({ product }: { product: AdminProduct | null }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const tree = useAdminQuery('catalogue/tree', 'AdminCatalogueTreeSchema');
  const [form, setForm] = useState<FormState>(() => formOf(product));
  const [firstOption, setFirstOption] = useState({ name: '', sku: '', stock: '0' });
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const create = useAdminMutation('POST', () => 'catalogue/products', 'SavedResponseSchema');
  const update = useAdminMutation('PUT', () => `catalogue/products/${product?.id}`, 'SavedResponseSchema');
  const remove = useAdminMutation(
    'DELETE',
    () => `catalogue/products/${product?.id}`,
    'MessageResponseSchema',
    () => undefined,
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const body = bodyOf(form);
    if (typeof body === 'string') return setMessage(body);
    const onError = (err: unknown) => setMessage(errorMessage(err));
    if (product)
      update.mutate(body, {
        onSuccess: () => notify({ type: 'success', message: 'Product saved.' }),
        onError,
      });
    else
      create.mutate(
        {
          product: body,
          variants: [{ name: firstOption.name, sku: firstOption.sku, stock: Number(firstOption.stock) || 0 }],
        },
        {
          onSuccess: (res) => {
            notify({ type: 'success', message: 'Product created.' });
            navigate(`/admin/products/${res.id}`, { replace: true });
          },
          onError,
        },
      );
  };

  return (
    <>
      <PageTitle
        actions={
          <>
            {product && !product.hidden && (
              <a
                href={product.storefrontPath}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-10 items-center text-sm font-semibold underline"
              >
                View in the store
              </a>
            )}
            <Link
              to="/admin/products"
              className="inline-flex min-h-10 items-center text-sm font-semibold underline"
            >
              All products
            </Link>
          </>
        }
      >
        {product ? product.name : 'New product'}
      </PageTitle>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Product">
        <Panel title="Product">
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} />
            <Select label="Brand" value={form.brandId} onChange={(e) => set('brandId', e.target.value)}>
              <option value="">Choose…</option>
              {tree.data?.categories.map((c) => (
                <optgroup key={c.id} label={c.name}>
                  {c.brands.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
            <Field label="SKU" value={form.sku} onChange={(e) => set('sku', e.target.value)} />
            <Field
              label="Product code"
              value={form.productCode}
              onChange={(e) => set('productCode', e.target.value)}
            />
            <Field
              label="Web address (slug)"
              hint="Left empty, it is made from the name. Changing it changes the product's link."
              value={form.slug}
              onChange={(e) => set('slug', e.target.value)}
            />
            <Field
              label="Rating (0–5)"
              type="number"
              min={0}
              max={5}
              step={0.1}
              value={form.rating}
              onChange={(e) => set('rating', e.target.value)}
            />
          </div>
          <div className="mt-3">
            <TextArea
              label="Description"
              rows={4}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
        </Panel>

        <Panel title="Price">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label="Price ($)"
              inputMode="decimal"
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
            />
            <Field
              label="Discount price ($)"
              inputMode="decimal"
              value={form.discountPrice}
              onChange={(e) => set('discountPrice', e.target.value)}
            />
            <Field
              label="Discount percentage"
              inputMode="decimal"
              hint="The discount price applies only with a percentage too."
              value={form.discountPercentage}
              onChange={(e) => set('discountPercentage', e.target.value)}
            />
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <Checkbox label="New" checked={form.isNew} onChange={(v) => set('isNew', v)} />
            <Checkbox label="Hot" checked={form.isHot} onChange={(v) => set('isHot', v)} />
            <Checkbox
              label="Hidden from the store"
              checked={form.hidden}
              onChange={(v) => set('hidden', v)}
            />
          </div>
        </Panel>

        <Panel title="Details">
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Delivery" value={form.delivery} onChange={(e) => set('delivery', e.target.value)} />
            <Field label="Seller" value={form.seller} onChange={(e) => set('seller', e.target.value)} />
            <TextArea
              label="Highlights"
              hint="One per line."
              rows={4}
              value={form.highlights}
              onChange={(e) => set('highlights', e.target.value)}
            />
            <TextArea
              label="Important notice"
              rows={4}
              value={form.importantNotice}
              onChange={(e) => set('importantNotice', e.target.value)}
            />
          </div>
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold">Specifications</legend>
            <ul className="mt-2 space-y-2">
              {form.specifications.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their place in the list is who they are
                <li key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                  <Field
                    label={`Specification ${i + 1} title`}
                    value={s.title}
                    onChange={(e) =>
                      set(
                        'specifications',
                        form.specifications.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)),
                      )
                    }
                  />
                  <Field
                    label={`Specification ${i + 1} details`}
                    value={s.details}
                    onChange={(e) =>
                      set(
                        'specifications',
                        form.specifications.map((x, j) => (j === i ? { ...x, details: e.target.value } : x)),
                      )
                    }
                  />
                  <Button
                    tone="danger"
                    onClick={() =>
                      set(
                        'specifications',
                        form.specifications.filter((_, j) => j !== i),
                      )
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              tone="secondary"
              className="mt-2"
              onClick={() => set('specifications', [...form.specifications, { title: '', details: '' }])}
            >
              Add specification
            </Button>
          </fieldset>
        </Panel>

        <Panel title="Pictures">
          <div className="space-y-4">
            <ImageList
              label="Product pictures (the first is the main one)"
              images={form.images}
              onChange={(v) => set('images', v)}
            />
            <ImageList
              label="Specification pictures"
              images={form.specImages}
              onChange={(v) => set('specImages', v)}
            />
          </div>
        </Panel>

        {!product && (
          <Panel title="First option">
            <p className="mb-2 text-sm text-gray-700">
              A product needs at least one option (flavour, colour or size); add more after saving.
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field
                label="Option name"
                value={firstOption.name}
                onChange={(e) => setFirstOption({ ...firstOption, name: e.target.value })}
              />
              <Field
                label="Option SKU"
                value={firstOption.sku}
                onChange={(e) => setFirstOption({ ...firstOption, sku: e.target.value })}
              />
              <Field
                label="Stock"
                type="number"
                min={0}
                value={firstOption.stock}
                onChange={(e) => setFirstOption({ ...firstOption, stock: e.target.value })}
              />
            </div>
          </Panel>
        )}

        <FormError message={message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {product ? 'Save product' : 'Create product'}
          </Button>
          {product && (
            <Button
              tone="danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(`Delete ${product.name} for good?`)) return;
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notify({ type: 'success', message: 'Product deleted.' });
                    navigate('/admin/products', { replace: true });
                  },
                  onError: (err) => setMessage(errorMessage(err)),
                });
              }}
            >
              Delete product
            </Button>
          )}
        </div>
      </form>
      {product && <OptionsEditor product={product} />}
    </>
  );
}

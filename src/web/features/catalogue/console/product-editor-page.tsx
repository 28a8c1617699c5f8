import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useWarnIfUnsaved } from '#web/lib/unsaved-changes.ts';
import { FormError } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Button, Loading, PageTitle } from '#web/components/console/console-ui.tsx';
import {
  CompliancePanel,
  DetailsPanel,
  FirstOptionPanel,
  PicturesPanel,
  PricePanel,
  ProductPanel,
} from '#web/features/catalogue/console/product-editor-panels.tsx';
import { useProductEditorForm } from '#web/features/catalogue/console/product-form-state.ts';
import { OptionsEditor } from '#web/features/catalogue/console/product-options-editor.tsx';
import { Slot } from '#web/components/slots.tsx';
import { catalogueTreeQuery, productQuery } from '#web/features/catalogue/console/queries.ts';

export function ProductEditorPage() {
  const { id } = useParams();
  const isNew = id === undefined;
  const product = useQuery({ ...productQuery(id ?? 'new'), enabled: !isNew });
  // The brand box's choices must be there when the form fills it in, or it shows "Choose…".
  const tree = useQuery(catalogueTreeQuery());
  if ((!isNew && product.isPending) || tree.isPending) return <Loading />;
  if (!isNew && product.error) return <p role="alert">{product.error.message}</p>;
  return <ProductEditor key={product.data?.id ?? 'new'} product={isNew ? null : (product.data ?? null)} />;
}

const LINK = 'inline-flex min-h-10 items-center text-sm font-semibold underline';

function ProductEditor({ product }: { product: AdminProduct | null }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useProductEditorForm(product);
  useWarnIfUnsaved(form.formState.isDirty);
  const create = useAdminMutation('POST', () => 'catalogue/products', 'SavedResponseSchema');
  const update = useAdminMutation('PUT', () => `catalogue/products/${product?.id}`, 'SavedResponseSchema');
  const remove = useAdminMutation(
    'DELETE',
    () => `catalogue/products/${product?.id}`,
    'MessageResponseSchema',
    () => undefined,
  );

  const onSubmit = form.handleSubmit((values) => {
    // What is sent now; anything typed while it is saved stays unsaved.
    const sent = form.getValues();
    if (product)
      update.mutate(values.product, {
        onSuccess: () => {
          // What was saved is the new starting point: no longer "unsaved".
          form.reset(sent, { keepValues: true });
          notify({ type: 'success', message: 'Product details saved.' });
        },
        onError: form.serverErrorUnder('product.'),
      });
    else
      create.mutate(values, {
        onSuccess: (res) => {
          notify({ type: 'success', message: 'Product created.' });
          navigate(`/admin/products/${res.id}`, { replace: true });
        },
        onError: form.serverError,
      });
  });
  const onDelete = () => {
    if (!product || !window.confirm(`Delete ${product.name} for good?`)) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        notify({ type: 'success', message: 'Product deleted.' });
        navigate('/admin/products', { replace: true });
      },
      onError: form.serverError,
    });
  };

  return (
    <>
      <PageTitle
        actions={
          <>
            {product && !product.hidden && (
              <a href={product.storefrontPath} target="_blank" rel="noreferrer" className={LINK}>
                View in the store
              </a>
            )}
            <Link to="/admin/products" className={LINK}>
              All products
            </Link>
          </>
        }
      >
        {product ? product.name : 'New product'}
      </PageTitle>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Product">
        <ProductPanel form={form} />
        <PricePanel form={form} />
        <CompliancePanel form={form} />
        <DetailsPanel form={form} />
        <PicturesPanel form={form} />
        {!product && <FirstOptionPanel form={form} />}
        <FormError message={form.formError} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {product ? 'Save product details' : 'Create product'}
          </Button>
          {product && form.formState.isDirty && (
            <span
              role="status"
              className="rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-950"
            >
              Unsaved changes
            </span>
          )}
          <p className="basis-full text-xs text-gray-700">
            {product
              ? 'Saves the details above. Each option below is saved on its own row.'
              : 'Creates the product with its first option; add more options once it is created.'}
          </p>
          {product && (
            <Button tone="danger" disabled={remove.isPending} onClick={onDelete}>
              Delete product
            </Button>
          )}
        </div>
      </form>
      {product && <OptionsEditor product={product} />}
      {product && <Slot of="DirectoryListings" productId={product.id} />}
    </>
  );
}

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import { type ListDetail, type ListItem, ListNameSchema } from '#shared/lists/lists.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { stepQuantity } from '#shared/pricing/quantity-steps.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { productHref } from '#web/components/catalogue/links.ts';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { QuickOrderLines } from '#web/components/catalogue/quick-order-lines.tsx';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import {
  useDeleteList,
  useList,
  useListToCart,
  useRemoveListItem,
  useRenameList,
  useSetListQuantity,
} from './api/lists.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

const BUTTON = 'rounded-lg px-4 py-2.5 text-sm font-bold disabled:opacity-60';

/** /lists/:id: one of my lists: quantities, remove, rename, delete, and all of it into the cart. */
export function ListPage() {
  const id = Number(useParams().id);
  return (
    <SignedInPage>
      {Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? (
        <SavedList id={id} />
      ) : (
        <Navigate to="/lists" replace />
      )}
    </SignedInPage>
  );
}

function SavedList({ id }: { id: number }) {
  const list = useList(id);
  const toCart = useListToCart(id);
  const notify = useNotify();
  const [report, setReport] = useState<QuickOrderLine[] | null>(null);
  if (list.isPending) return <PageSpinner />;
  if (!list.data)
    return (
      <div className="mx-auto max-w-3xl px-3 py-10 text-center sm:px-4">
        <PageTitle>List not found</PageTitle>
        <h1 className="text-2xl font-extrabold">List not found</h1>
        <Link to="/lists" className="mt-4 inline-block font-semibold text-blue-800 hover:underline">
          ← Saved lists
        </Link>
      </div>
    );
  const data = list.data;
  const addAll = () =>
    toCart.mutate(undefined, {
      onSuccess: (added) => {
        notify({ type: added.addedCount ? 'success' : 'error', message: added.message });
        setReport(added.notAdded);
        if (added.addedCount) setCartDrawerOpen(true);
      },
      onError: (err) => notify({ type: 'error', message: err.message }),
    });

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <PageTitle>{data.name}</PageTitle>
      <Link to="/lists" className="text-sm font-semibold text-blue-800 hover:underline">
        ← Saved lists
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">{data.name}</h1>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={addAll}
          disabled={toCart.isPending || !data.items.length}
          className={`${BUTTON} bg-amber-400 text-gray-900 hover:bg-amber-300`}
        >
          {toCart.isPending ? 'Adding…' : 'Add all to cart'}
        </button>
      </div>
      {report && report.length > 0 && <QuickOrderLines title="Not added in full" lines={report} report />}
      {data.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center text-gray-700 ring-1 ring-gray-200">
          This list is empty: add items from a product page, your cart or an order.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200"
          aria-label="Items"
        >
          {data.items.map((item) => (
            <ListItemRow key={item.variantId} listId={id} item={item} />
          ))}
        </ul>
      )}
      <ListSettings list={data} />
    </div>
  );
}

function ListItemRow({ listId, item }: { listId: number; item: ListItem }) {
  const setQuantity = useSetListQuantity(listId);
  const remove = useRemoveListItem(listId);
  const notify = useNotify();
  const label = optionLabel(item.productName, item.variantName);
  const onError = (err: Error) => notify({ type: 'error', message: err.message });
  const change = (quantity: number) =>
    quantity !== item.quantity && setQuantity.mutate({ sku: item.variantId, quantity }, { onError });
  const busy = setQuantity.isPending || remove.isPending;
  const fewer = stepQuantity(item.quantityRule, item.quantity, -1);
  const more = stepQuantity(item.quantityRule, item.quantity, 1);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      {item.imageUrl && <img src={item.imageUrl} alt="" className="size-12 rounded-lg object-cover" />}
      <div className="min-w-0 flex-1 basis-48">
        {item.product ? (
          <Link to={productHref(item.product)} className="font-semibold text-blue-800 hover:underline">
            {label}
          </Link>
        ) : (
          <span className="font-semibold">{label}</span>
        )}
        <p className="text-xs text-gray-600">
          <span className="font-mono">{item.variantId}</span>
          {item.unitPriceCents !== null && <> · {formatCents(item.unitPriceCents)} each</>}
        </p>
        {item.problem && <p className="text-sm font-medium text-red-800">{item.problem}</p>}
      </div>
      <QuantityStepper
        label={label}
        quantity={item.quantity}
        canFewer={!busy && fewer !== item.quantity}
        canMore={!busy && more !== item.quantity}
        onFewer={() => change(fewer)}
        onMore={() => change(more)}
      />
      <button
        type="button"
        disabled={busy}
        onClick={() => remove.mutate(item.variantId, { onError })}
        aria-label={`Remove ${label} from the list`}
        className="rounded-lg p-2 text-red-800 hover:bg-red-50"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** Rename the list, or delete it (asked twice). */
function ListSettings({ list }: { list: ListDetail }) {
  const rename = useRenameList(list.id);
  const remove = useDeleteList();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(ListNameSchema, { defaultValues: { name: list.name } });
  const onRename = form.handleSubmit((body) =>
    rename.mutate(body.name, {
      onSuccess: (res) => notify({ type: 'success', message: res.message }),
      onError: form.serverError,
    }),
  );
  const onDelete = () =>
    remove.mutate(list.id, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/lists', { replace: true });
      },
      onError: (err) => notify({ type: 'error', message: err.message }),
    });
  return (
    <section aria-label="List settings" className="mt-8 rounded-xl bg-white p-4 ring-1 ring-gray-200">
      <form
        onSubmit={onRename}
        noValidate
        className="flex flex-wrap items-end gap-2"
        aria-label="Rename list"
      >
        <Field label="List name" className="min-w-0 flex-1" autoComplete="off" {...form.field('name')} />
        <button
          type="submit"
          disabled={rename.isPending}
          className={`${BUTTON} bg-gray-900 text-white hover:bg-gray-700`}
        >
          Rename
        </button>
      </form>
      <div className="mt-2">
        <FormError message={form.formError} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {confirming ? (
          <>
            <span className="text-sm font-semibold">Delete {list.name} for good?</span>
            <button
              type="button"
              onClick={onDelete}
              className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
            >
              Yes, delete
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className={`${BUTTON} ring-1 ring-gray-300`}
            >
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
          >
            Delete list
          </button>
        )}
      </div>
    </section>
  );
}

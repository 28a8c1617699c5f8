import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '#shared/dates.ts';
import { ListNameSchema } from '#shared/lists/lists.schemas.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useCreateList, useLists } from './api/lists.ts';

// One date style across the store (shared/dates.ts).
const dateOf = formatDate;

/** /lists: my saved lists ("weekly restock"), and a new one by name. */
export function ListsPage() {
  return (
    <SignedInPage>
      <Lists />
    </SignedInPage>
  );
}

function Lists() {
  const lists = useLists();
  const create = useCreateList();
  const notify = useNotify();
  const form = useZodForm(ListNameSchema, { defaultValues: { name: '' } });
  const onCreate = form.handleSubmit((body) =>
    create.mutate(body.name, {
      onSuccess: (list) => {
        notify({ type: 'success', message: `List ${list.name} created.` });
        form.reset({ name: '' });
      },
      onError: form.serverError,
    }),
  );

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <PageTitle>Saved lists</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Saved lists</h1>
      <p className="mt-1 text-sm text-gray-700">
        Keep what you order again and again; save items from a product page, your cart or an order, then add a
        whole list to your cart.
      </p>
      <form
        onSubmit={onCreate}
        noValidate
        className="mt-4 flex flex-wrap items-end gap-2"
        aria-label="New list"
      >
        <Field label="New list name" className="min-w-0 flex-1" autoComplete="off" {...form.field('name')} />
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
        >
          Create list
        </button>
      </form>
      <div className="mt-2">
        <FormError message={form.formError} />
      </div>
      {lists.isPending ? (
        <p className="mt-6 text-gray-700">Loading your lists…</p>
      ) : !lists.data?.lists.length ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center text-gray-700 ring-1 ring-gray-200">
          You have no saved lists yet.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200"
          aria-label="Your lists"
        >
          {lists.data.lists.map((l) => (
            <li key={l.id}>
              <Link to={`/lists/${l.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50">
                <ListChecks className="size-5 text-gray-600" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-blue-800">{l.name}</span>
                  <span className="text-sm text-gray-600">
                    {l.itemCount} item{l.itemCount === 1 ? '' : 's'} · changed {dateOf(l.updatedAt)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

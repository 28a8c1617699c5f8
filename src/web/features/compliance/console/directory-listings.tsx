import { useQuery } from '@tanstack/react-query';
import { stateName } from '#shared/accounts/us-states.ts';
import { ListingFormSchema } from '#shared/compliance/compliance-forms.ts';
import { formatDay } from '#shared/dates.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { StateSelect } from '#web/features/compliance/console/compliance-fields.tsx';
import { Button, DataTable, Panel } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { listingsQuery } from '#web/features/compliance/console/queries.ts';

/**
 * A product's entries in the states' directories (AL, LA, OK… sell vapes only if listed there):
 * listed or struck, with the directory's listing id and date. Each change is audited and applies
 * at once everywhere.
 */
export function DirectoryListings({ productId }: { productId: number }) {
  const listings = useQuery(listingsQuery(productId));
  const notify = useNotify();
  const form = useZodForm(ListingFormSchema, {
    defaultValues: { state: '', listed: true, listingId: '', listedOn: '' },
  });
  const save = useAdminMutation('PUT', () => 'compliance/listings', 'MessageResponseSchema');
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { ...body, productId },
      {
        onSuccess: () => {
          notify({ type: 'success', message: 'Listing saved: the store applies it now.' });
          form.reset();
        },
        onError: form.serverError,
      },
    ),
  );
  return (
    <div className="mt-6">
      <Panel title="State directory listings">
        <p className="mb-3 text-sm text-gray-700">
          Where a state sells vapes only if they are in its directory, this product ships there only while it
          is listed here.
        </p>
        <ListState
          query={listings}
          isEmpty={(d) => !d.listings.length}
          empty="Not listed in any state's directory."
        >
          {(data) => (
            <DataTable caption="Directory listings" head={['State', 'Listed', 'Listing id', 'Listed on', '']}>
              {data.listings.map((l) => (
                <tr key={l.state}>
                  <td className="px-3 py-2">{stateName(l.state)}</td>
                  <td className="px-3 py-2">{l.listed ? 'Yes' : 'No (struck)'}</td>
                  <td className="px-3 py-2">{l.listingId || '—'}</td>
                  <td className="px-3 py-2">{l.listedOn ? formatDay(l.listedOn) : '—'}</td>
                  <td className="px-3 py-2">
                    <Button
                      tone="secondary"
                      aria-label={`Change the ${l.state} listing`}
                      onClick={() =>
                        form.reset({
                          state: l.state,
                          listed: l.listed,
                          listingId: l.listingId,
                          listedOn: l.listedOn ?? '',
                        })
                      }
                    >
                      Change
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </ListState>
        <form onSubmit={onSubmit} noValidate aria-label="Set a directory listing" className="mt-4">
          <div className="grid items-end gap-3 md:grid-cols-4">
            <StateSelect
              label="State"
              first={{ value: '', label: 'Choose a state' }}
              {...form.field('state')}
            />
            <Field label="Listing id" {...form.field('listingId')} />
            <Field label="Listed on" type="date" {...form.field('listedOn')} />
            <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold">
              <input type="checkbox" className="size-4 accent-gray-900" {...form.register('listed')} />
              Listed
            </label>
          </div>
          <div className="mt-3">
            <FormError message={form.formError} />
          </div>
          <Button type="submit" className="mt-3" disabled={save.isPending}>
            Save listing
          </Button>
        </form>
      </Panel>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GroupBodySchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Button, DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { MinimumPricesPanel } from '#web/features/pricing/console/minimum-prices-panel.tsx';
import { groupsQuery } from '#web/features/pricing/console/queries.ts';

/**
 * /admin/pricing: the customer groups, each with its buyers and price list; add one here. Below
 * them, options' minimum prices.
 */
export function PricingPage() {
  const groups = useQuery(groupsQuery());
  if (groups.isPending) return <Loading />;
  if (groups.error) return <p role="alert">{groups.error.message}</p>;
  return (
    <>
      <PageTitle>Customer groups &amp; price lists</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        A buyer is in at most one group; their group's price list sets what they pay. An option or product
        price beats a brand's percentage, which beats a category's; a buyer never pays more than the
        storefront's sale price.
      </p>
      <NewGroupForm />
      <div className="mt-6">
        <DataTable caption="Customer groups" head={['Group', 'Buyers', 'Prices', '']}>
          {groups.data.groups.map((g) => (
            <tr key={g.id}>
              <td className="px-3 py-2">
                <Link to={`/admin/pricing/${g.id}`} className="font-semibold underline">
                  {g.name}
                </Link>
                {g.description && <span className="block text-xs text-gray-700">{g.description}</span>}
              </td>
              <td className="px-3 py-2">{g.memberCount}</td>
              <td className="px-3 py-2">{g.entryCount}</td>
              <td className="px-3 py-2">
                <Link
                  to={`/admin/pricing/${g.id}`}
                  className="font-semibold underline"
                  aria-label={`Open ${g.name}`}
                >
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
        {!groups.data.groups.length && <p className="mt-3 text-sm text-gray-700">No groups yet.</p>}
      </div>
      <MinimumPricesPanel />
    </>
  );
}

function NewGroupForm() {
  const notify = useNotify();
  const form = useZodForm(GroupBodySchema, { defaultValues: { name: '', description: '' } });
  const add = useAdminMutation('POST', () => 'pricing/groups', 'SavedResponseSchema');
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', message: `Group ${body.name} added.` });
        form.reset();
      },
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a customer group">
      <Panel title="Add a group">
        <FormError message={form.formError} />
        <div className="grid gap-3 md:grid-cols-[1fr_2fr_auto] md:items-end">
          <Field label="Name" placeholder="Chain" {...form.field('name')} />
          <Field label="Description (optional)" {...form.field('description')} />
          <Button type="submit" disabled={add.isPending}>
            Add group
          </Button>
        </div>
      </Panel>
    </form>
  );
}

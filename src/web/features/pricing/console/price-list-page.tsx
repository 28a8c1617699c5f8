import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCents } from '#shared/money.ts';
import { basisPointsText } from '#shared/pricing/pricing-forms.ts';
import type { Entry } from '#shared/pricing/pricing-staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { Button, DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { PriceListCsvPanel } from '#web/features/pricing/console/price-list-csv-panel.tsx';
import { EntryEditor, GroupNameForm } from '#web/features/pricing/console/price-list-forms.tsx';
import {
  buyerSearchQuery,
  entriesQuery,
  groupsQuery,
  membersQuery,
} from '#web/features/pricing/console/queries.ts';

const SCOPE_LABELS = { variant: 'Option', product: 'Product', brand: 'Brand', category: 'Category' } as const;

/** /admin/pricing/:id: one group — its name, its buyers and its price list (searched by SKU or name). */
export function PriceListPage() {
  const id = Number(useParams().id);
  const groups = useQuery(groupsQuery());
  const group = groups.data?.groups.find((g) => g.id === id);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const entries = useQuery(entriesQuery(id, q.trim() || undefined));
  if (groups.isPending) return <Loading />;
  if (!group) return <p role="alert">{groups.error?.message ?? 'Group not found'}</p>;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/pricing" className="font-semibold underline">
            All groups
          </Link>
        }
      >
        {group.name}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <GroupNameForm group={group} />
        <Members groupId={id} />
      </div>
      <section aria-labelledby="price-list" className="mt-6">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
          <h2 id="price-list" className="text-lg font-bold">
            Price list ({entries.data?.total ?? group.entryCount})
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm font-semibold">
              Find by SKU or name
              <input
                type="search"
                value={q}
                onChange={(e) => setQ(e.target.value)}
                className="mt-1 block h-10 w-64 rounded-lg border border-gray-300 px-3 text-sm font-normal"
              />
            </label>
            <Button tone="secondary" onClick={() => setEditing('new')}>
              Add a price
            </Button>
          </div>
        </div>
        {editing && (
          <EntryEditor
            key={editing === 'new' ? 'new' : editing.id}
            groupId={id}
            entry={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
        <EntryTable groupId={id} entries={entries.data?.entries ?? []} onEdit={setEditing} />
      </section>
      <PriceListCsvPanel groupId={id} />
    </>
  );
}

function entryPrice(e: Entry): string {
  if (e.basisPoints !== null) return `${basisPointsText(e.basisPoints)} % off the list price`;
  return formatCents(e.priceCents ?? 0);
}

function EntryTable({
  groupId,
  entries,
  onEdit,
}: {
  groupId: number;
  entries: Entry[];
  onEdit: (e: Entry) => void;
}) {
  const notify = useNotify();
  const remove = useAdminMutation(
    'DELETE',
    (e: Entry) => `pricing/groups/${groupId}/entries/${e.id}`,
    'MessageResponseSchema',
    () => undefined,
  );
  return (
    <>
      <FormError message={remove.error ? errorMessage(remove.error) : null} />
      <DataTable caption="Price list" head={['For', 'Price', 'Volume tiers', 'List price', '']}>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="px-3 py-2">
              <span className="text-xs font-semibold uppercase text-gray-700">{SCOPE_LABELS[e.scope]}</span>
              <span className="block">{e.label}</span>
              <span className="block font-mono text-xs text-gray-700">{e.target}</span>
            </td>
            <td className="px-3 py-2 font-semibold">{entryPrice(e)}</td>
            <td className="px-3 py-2 text-xs">
              {e.tiers.map((t) => `${t.minQuantity}+: ${formatCents(t.priceCents)}`).join(' · ') || '—'}
            </td>
            <td className="px-3 py-2">{e.listPriceCents === null ? '—' : formatCents(e.listPriceCents)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Button tone="secondary" onClick={() => onEdit(e)} aria-label={`Edit the price for ${e.label}`}>
                Edit
              </Button>{' '}
              <Button
                tone="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(e, { onSuccess: (r) => notify({ type: 'success', message: r.message }) })
                }
                aria-label={`Remove the price for ${e.label}`}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {!entries.length && <p className="mt-3 text-sm text-gray-700">No prices here yet.</p>}
    </>
  );
}

/**
 * Finds buyers by business name, name or email as staff type (the buyers page's search) and adds
 * one to this group (decision 014, item 17): the same audited change as on the buyer's own page.
 */
function AddMember({
  groupId,
  members,
}: {
  groupId: number;
  members: readonly { userId: string }[] | undefined;
}) {
  const notify = useNotify();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 250);
  const found = useQuery({ ...buyerSearchQuery(q), enabled: q.length >= 2 });
  const add = useAdminMutation(
    'PUT',
    (userId: string) => `pricing/buyers/${encodeURIComponent(userId)}/group`,
    'BuyerGroupSchema',
    () => ({ groupId }),
  );
  const inGroup = new Set(members?.map((m) => m.userId));
  const hits = q.length >= 2 ? (found.data?.buyers ?? []) : [];
  return (
    <div className="mb-3">
      <label className="block text-sm font-semibold" htmlFor={`add-member-${groupId}`}>
        Add a buyer
      </label>
      <input
        id={`add-member-${groupId}`}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="Business name, name or email"
        autoComplete="off"
        className="mt-1 w-full rounded-lg border border-gray-400 px-3 py-2 text-sm"
      />
      {q.length >= 2 && (
        <ul
          aria-label="Buyers found"
          className="mt-1 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200"
        >
          {hits.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
              <span className="min-w-0 truncate">
                <span className="font-semibold">{b.businessName}</span>{' '}
                <span className="text-gray-700">{b.email}</span>
              </span>
              {inGroup.has(b.id) ? (
                <span className="text-xs text-gray-700">In this group</span>
              ) : (
                <Button
                  disabled={add.isPending}
                  aria-label={`Add ${b.businessName} to this group`}
                  onClick={() =>
                    add.mutate(b.id, {
                      onSuccess: () =>
                        notify({ type: 'success', message: `${b.businessName} is in this group now.` }),
                    })
                  }
                >
                  Add
                </Button>
              )}
            </li>
          ))}
          {found.isSuccess && !hits.length && (
            <li className="px-2 py-1.5 text-sm text-gray-700">No buyer matches.</li>
          )}
        </ul>
      )}
      <FormError message={add.error ? errorMessage(add.error) : null} />
    </div>
  );
}

function Members({ groupId }: { groupId: number }) {
  const members = useQuery(membersQuery(groupId));
  const navigate = useNavigate();
  const notify = useNotify();
  const del = useAdminMutation(
    'DELETE',
    () => `pricing/groups/${groupId}`,
    'MessageResponseSchema',
    () => undefined,
  );
  // Until the group's buyers are read, no count: "Buyers (0)" would be a claim, not a wait.
  const list = members.data?.members;
  return (
    <Panel title={list ? `Buyers (${list.length})` : 'Buyers'}>
      <p className="mb-2 text-xs text-gray-700">
        A buyer is in at most one group: adding one here moves them from any other.
      </p>
      <AddMember groupId={groupId} members={list} />
      {list ? (
        <ul className="max-h-60 divide-y divide-gray-100 overflow-y-auto text-sm">
          {list.map((m) => (
            <li key={m.userId} className="py-1.5">
              <Link to={`/admin/buyers/${m.userId}`} className="font-semibold underline">
                {m.businessName}
              </Link>{' '}
              <span className="text-gray-700">{m.email}</span>
            </li>
          ))}
        </ul>
      ) : members.error ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(members.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-gray-700">
          Loading buyers…
        </p>
      )}
      <FormError message={del.error ? errorMessage(del.error) : null} />
      <Button
        tone="danger"
        className="mt-3"
        disabled={del.isPending}
        onClick={() =>
          del.mutate(undefined, {
            onSuccess: (r) => {
              notify({ type: 'success', message: r.message });
              navigate('/admin/pricing');
            },
          })
        }
      >
        Delete this group
      </Button>
    </Panel>
  );
}

import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DOCUMENT_FILTERS } from '#shared/admin/admin.schemas.ts';
import { US_STATES } from '#shared/accounts/us-states.ts';
import { Field } from '../../../components/ui/form.tsx';
import { useAdminQuery } from '../api/admin-queries.ts';
import {
  Badge,
  Button,
  DataTable,
  formatDateTime,
  Loading,
  PageTitle,
  Pager,
  Select,
} from '../components/console-ui.tsx';

const FILTERS = ['q', 'state', 'documents'] as const;

export function BuyersPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const page = Number(params.get('page') ?? 1) || 1;
  const [draft, setDraft] = useState(filters);
  const list = useAdminQuery('buyers', 'BuyerListSchema', { ...filters, page });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const f of FILTERS) if (draft[f]) next.set(f, draft[f]);
    setParams(next);
  };
  return (
    <>
      <PageTitle>Buyers</PageTitle>
      <form
        onSubmit={apply}
        aria-label="Filter buyers"
        className="mb-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-4"
      >
        <Field
          label="Search"
          placeholder="Business, name or email"
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <Select
          label="State"
          value={draft.state}
          onChange={(e) => setDraft({ ...draft, state: e.target.value })}
        >
          <option value="">Any</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
        <Select
          label="Documents"
          value={draft.documents}
          onChange={(e) => setDraft({ ...draft, documents: e.target.value })}
        >
          <option value="">Any</option>
          {DOCUMENT_FILTERS.map((d) => (
            <option key={d} value={d}>
              {d.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Filter
          </Button>
        </div>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <p role="alert">{list.error.message}</p>
      ) : list.data.buyers.length === 0 ? (
        <p className="text-gray-800">No buyers match.</p>
      ) : (
        <>
          <DataTable
            caption="Buyers"
            head={['Business', 'Buyer', 'State', 'Sales ID', 'Tobacco licence', 'Joined']}
          >
            {list.data.buyers.map((b) => (
              <tr key={b.id}>
                <td className="px-3 py-2">
                  <Link to={`/admin/buyers/${b.id}`} className="font-semibold underline">
                    {b.businessName}
                  </Link>{' '}
                  {b.disabled && <Badge status="disabled" />}
                </td>
                <td className="px-3 py-2">
                  {b.name}
                  <span className="block text-xs text-gray-700">
                    {b.email} {b.emailVerified ? '' : '(email not verified)'}
                  </span>
                </td>
                <td className="px-3 py-2">{b.state ?? '—'}</td>
                <td className="px-3 py-2">
                  {b.documents.salesId ? <Badge status={b.documents.salesId} /> : 'missing'}
                </td>
                <td className="px-3 py-2">
                  {b.documents.tobaccoLicense ? <Badge status={b.documents.tobaccoLicense} /> : 'missing'}
                </td>
                <td className="px-3 py-2">{formatDateTime(b.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next);
            }}
          />
        </>
      )}
    </>
  );
}

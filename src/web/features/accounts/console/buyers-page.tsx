import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DOCUMENT_FILTERS } from '#shared/accounts/buyers-staff.schemas.ts';
import { US_STATES } from '#shared/accounts/us-states.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Field } from '#web/components/ui/form.tsx';
import {
  Badge,
  DataTable,
  Pager,
  PageTitle,
  Select,
  FilterForm,
} from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { buyersQuery } from '#web/features/accounts/console/queries.ts';

const FILTERS = ['q', 'state', 'documents'] as const;

export function BuyersPage() {
  const { filters, page, draft, set, apply, setPage } = useUrlFilters(FILTERS);
  const list = useQuery(buyersQuery({ ...filters, page }));
  return (
    <>
      <PageTitle>Buyers</PageTitle>
      <FilterForm label="Filter buyers" filters={filters} onSubmit={apply} gridClassName="sm:grid-cols-4">
        <Field
          label="Search"
          placeholder="Business, name or email"
          value={draft.q}
          onChange={(e) => set('q', e.target.value)}
        />
        <Select label="State" value={draft.state} onChange={(e) => set('state', e.target.value)}>
          <option value="">Any</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
        <Select label="Documents" value={draft.documents} onChange={(e) => set('documents', e.target.value)}>
          <option value="">Any</option>
          {DOCUMENT_FILTERS.map((d) => (
            <option key={d} value={d}>
              {d.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </FilterForm>
      <ListState query={list} isEmpty={(d) => d.buyers.length === 0} empty="No buyers match.">
        {(data) => (
          <>
            <DataTable
              caption="Buyers"
              head={['Business', 'Buyer', 'State', 'Sales ID', 'Tobacco license', 'Joined']}
            >
              {data.buyers.map((b) => (
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
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}

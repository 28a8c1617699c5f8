import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { US_STATES } from '#shared/accounts/us-states.ts';
import type { CompanyRow } from '#shared/companies/companies-staff.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import {
  Badge,
  DataTable,
  FilterForm,
  Pager,
  PageTitle,
  Select,
} from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { Field } from '#web/components/ui/form.tsx';
import { useStaffMe } from '#web/lib/console-api.ts';
import { companiesQuery } from './queries.ts';

/** `rep`: one sales rep's companies, as the staff page links to them (decision 016). */
const FILTERS = ['q', 'state', 'rep'] as const;

/** "2 pending, 1 verified": the company's documents by status, or "none uploaded". */
export function documentSummary(d: CompanyRow['documents']): string {
  const parts = [
    [d.pending, 'pending'],
    [d.reuploadRequested, 'new upload asked'],
    [d.expired, 'expired'],
    [d.verified, 'verified'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return said.length ? said.join(', ') : 'none uploaded';
}

/** Staff's companies: searched by business name or a member's email, filtered by a location's state. */
export function CompaniesPage() {
  const { filters, page, draft, set, apply, setPage } = useUrlFilters(FILTERS);
  const list = useQuery(companiesQuery({ ...filters, page }));
  const me = useStaffMe().data;
  return (
    <>
      <PageTitle>{me?.role === 'sales' ? 'Your companies' : 'Companies'}</PageTitle>
      {filters.rep && (
        <p className="mb-3 text-sm">
          The companies one sales rep looks after.{' '}
          <Link to="/admin/companies" className="font-semibold underline">
            Show every company
          </Link>
        </p>
      )}
      <FilterForm label="Filter companies" filters={filters} onSubmit={apply} gridClassName="sm:grid-cols-3">
        <Field
          label="Search"
          placeholder="Business name or a member's email"
          value={draft.q}
          onChange={(e) => set('q', e.target.value)}
        />
        <Select label="Location state" value={draft.state} onChange={(e) => set('state', e.target.value)}>
          <option value="">Any</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      </FilterForm>
      <ListState query={list} isEmpty={(d) => d.companies.length === 0} empty="No companies match.">
        {(data) => (
          <>
            <DataTable caption="Companies" head={['Company', 'Members', 'Locations', 'Documents', 'Joined']}>
              {data.companies.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
                    <Link to={`/admin/companies/${c.id}`} className="font-semibold underline">
                      {c.businessName}
                    </Link>{' '}
                    {c.disabled && <Badge status="disabled" />}
                    <span className="block text-xs text-gray-700">{c.phone}</span>
                  </td>
                  <td className="px-3 py-2">{c.members}</td>
                  <td className="px-3 py-2">{c.states.length ? c.states.join(', ') : 'none yet'}</td>
                  <td className="px-3 py-2">{documentSummary(c.documents)}</td>
                  <td className="px-3 py-2">{formatDateTime(c.createdAt)}</td>
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

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { Badge, DataTable, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { Field } from '#web/components/ui/form.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { deskCompaniesQuery, deskDraftsQuery } from './queries.ts';

const deskHref = (companyId: string) => `/admin/desk/${encodeURIComponent(companyId)}`;
const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

/**
 * The order desk's front page: the drafts this staff member has in progress, and a company to start
 * an order for (a sales rep finds only the companies they look after: the server scopes the list).
 */
export function DesksPage() {
  return (
    <>
      <PageTitle>Order desk</PageTitle>
      <div className="grid gap-4">
        <YourDrafts />
        <StartOrder />
      </div>
    </>
  );
}

function YourDrafts() {
  const drafts = useQuery(deskDraftsQuery());
  return (
    <Panel title="Your drafts">
      <ListState query={drafts} isEmpty={(d) => d.drafts.length === 0} empty="No drafts in progress.">
        {(data) => (
          <DataTable caption="Your drafts" head={['Company', 'Lines', 'Updated']}>
            {data.drafts.map((d) => (
              <tr key={d.companyId}>
                <td className="px-3 py-2">
                  <Link to={deskHref(d.companyId)} className="font-semibold underline">
                    {d.businessName}
                  </Link>
                </td>
                <td className="px-3 py-2">{linesText(d.lineCount)}</td>
                <td className="px-3 py-2">{formatDateTime(d.updatedAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </Panel>
  );
}

function StartOrder() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const companies = useQuery(deskCompaniesQuery(q));
  return (
    <Panel title="Start an order">
      <form role="search" aria-label="Companies" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Field
          label="Find a company"
          type="search"
          autoComplete="off"
          placeholder="Business name or a member's email"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      <ListState query={companies} isEmpty={(d) => d.companies.length === 0} empty="No companies match.">
        {(data) => (
          <>
            <ul aria-label="Companies to order for" className="divide-y divide-gray-100">
              {data.companies.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <Link to={deskHref(c.id)} className="font-semibold underline">
                      {c.businessName}
                    </Link>{' '}
                    {c.disabled && <Badge status="disabled" />}
                    <span className="block text-xs text-gray-700">
                      {c.states.length ? c.states.join(', ') : 'no locations yet'}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {data.total > data.companies.length && (
              <p className="mt-2 text-xs text-gray-700">
                {data.companies.length} of {data.total} shown: search to narrow them.
              </p>
            )}
          </>
        )}
      </ListState>
    </Panel>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_RECORD_TYPES, actionLabel } from '#shared/staff/audit-actions.ts';
import { Field } from '#web/components/ui/form.tsx';
import { DataTable, FilterForm, PageTitle, Select } from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { AuditEntryRow } from '#web/features/staff/console/audit-entry.tsx';
import { auditQuery, staffListQuery } from '#web/features/staff/console/queries.ts';

/** What the URL may filter by; `entityId` comes from a link to one record's entries. */
const FILTERS = ['entity', 'actor', 'action', 'from', 'to', 'entityId'] as const;

const linkButton =
  'inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100';

/**
 * Who did what to which record, newest first (decision 014, item 18): each entry a sentence with
 * the staff member's name and links to the record's page; filtered by record type, staff member,
 * action and days, all in the URL (a filtered view is a link); older entries page by page.
 */
export function AuditPage() {
  const [params] = useSearchParams();
  const { filters, draft, set, apply } = useUrlFilters(FILTERS);
  const before = params.get('before') ?? '';
  const list = useQuery(auditQuery({ ...filters, before }));
  const staff = useQuery(staffListQuery());
  const types = draft.entity
    ? AUDIT_RECORD_TYPES.filter((t) => t.entity === draft.entity)
    : AUDIT_RECORD_TYPES;
  const known = AUDIT_RECORD_TYPES.some((t) => t.actions.some(([code]) => code === draft.action));
  const olderTo = (nextBefore: number) => {
    const next = new URLSearchParams(params);
    next.set('before', String(nextBefore));
    return `?${next}`;
  };
  const newest = new URLSearchParams(params);
  newest.delete('before');

  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <FilterForm
        label="Filter the audit log"
        filters={filters}
        onSubmit={apply}
        gridClassName="sm:grid-cols-3 lg:grid-cols-6"
      >
        <Select
          label="Record type"
          value={draft.entity}
          onChange={(e) => {
            set('entity', e.target.value);
            set('action', '');
          }}
        >
          <option value="">All</option>
          {AUDIT_RECORD_TYPES.map((t) => (
            <option key={t.entity} value={t.entity}>
              {t.label}
            </option>
          ))}
        </Select>
        <Select label="Staff member" value={draft.actor} onChange={(e) => set('actor', e.target.value)}>
          <option value="">Anyone</option>
          {staff.data?.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.email})
            </option>
          ))}
          {draft.actor && !staff.data?.staff.some((s) => s.id === draft.actor) && (
            <option value={draft.actor}>{draft.actor}</option>
          )}
        </Select>
        <Select label="Action" value={draft.action} onChange={(e) => set('action', e.target.value)}>
          <option value="">Any</option>
          {types.map((t) => (
            <optgroup key={t.entity} label={t.label}>
              {t.actions.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
          {draft.action && !known && <option value={draft.action}>{actionLabel(draft.action)}</option>}
        </Select>
        <Field label="From" type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
        <Field label="To" type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
      </FilterForm>
      {filters.entityId && (
        <p className="mb-3 text-sm text-gray-800">
          Entries of one record ({filters.entity} {filters.entityId}).{' '}
          <Link to="?" className="font-semibold underline">
            Show all entries
          </Link>
        </p>
      )}
      <ListState query={list} isEmpty={(d) => d.entries.length === 0} empty="No entries match.">
        {(data) => (
          <>
            <DataTable caption="Audit log" head={['When', 'Who', 'What', 'Record']}>
              {data.entries.map((e) => (
                <AuditEntryRow key={e.id} entry={e} />
              ))}
            </DataTable>
            <nav aria-label="Pages" className="mt-3 flex flex-wrap gap-2">
              {before && (
                <Link to={`?${newest}`} className={linkButton}>
                  Newest entries
                </Link>
              )}
              {data.nextBefore !== null && (
                <Link to={olderTo(data.nextBefore)} className={linkButton}>
                  Older entries
                </Link>
              )}
            </nav>
          </>
        )}
      </ListState>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { DataTable, Loading, PageTitle } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { auditQuery } from '#web/features/staff/console/queries.ts';

const ENTITIES = [
  '',
  'document',
  'order',
  'buyer',
  'product',
  'variant',
  'category',
  'brand',
  'banner',
  'banner_slot',
  'catalogue',
  'settings',
  'mail',
  'user',
];

/** A record's state: short ones in full, long ones folded (they can be whole products). */
function Change({ value }: { value: unknown }) {
  if (value == null) return null;
  const text = JSON.stringify(value, null, 1);
  if (text.length <= 120) return <pre className="max-w-xs text-xs whitespace-pre-wrap break-all">{text}</pre>;
  return (
    <details className="max-w-xs text-xs">
      <summary className="cursor-pointer font-semibold">{text.replace(/\s+/g, ' ').slice(0, 60)}…</summary>
      <pre className="mt-1 whitespace-pre-wrap break-all">{text}</pre>
    </details>
  );
}

/** Who did what to which record, before and after, newest first. */
export function AuditPage() {
  const [params] = useSearchParams();
  const entity = params.get('entity') ?? '';
  const list = useQuery(auditQuery(entity, 200));
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <TabLinks
        label="Record type"
        current={entity}
        tabs={ENTITIES.map((e) => ({ value: e, label: e || 'All', to: e ? `?entity=${e}` : '?' }))}
      />
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <p role="alert">{list.error.message}</p>
      ) : (
        <DataTable caption="Audit log" head={['When', 'Who', 'Action', 'Record', 'Before', 'After']}>
          {list.data.entries.map((e) => (
            <tr key={e.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.at)}</td>
              <td className="px-3 py-2">{e.actor.name}</td>
              <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">
                {e.entity} {e.entityId}
              </td>
              <td className="px-3 py-2">
                <Change value={e.before} />
              </td>
              <td className="px-3 py-2">
                <Change value={e.after} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

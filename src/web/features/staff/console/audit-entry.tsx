import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { describeAudit, recordLabel } from '#shared/staff/audit-sentence.ts';
import type { AuditEntry } from '#shared/staff/staff.schemas.ts';

/** The console pages an entry's record has, most specific first ("Order SS-1", then its buyer). */
export function recordLinks(e: AuditEntry): { to: string; label: string }[] {
  const r = e.record;
  const links: { to: string; label: string }[] = [];
  const label = recordText(e);
  const buyer = () => {
    if (r.buyerId) links.push({ to: `/admin/buyers/${r.buyerId}`, label: r.name ?? 'The buyer' });
  };
  switch (e.entity) {
    case 'order':
      links.push({ to: `/admin/orders/${encodeURIComponent(e.entityId)}`, label: `Order ${e.entityId}` });
      buyer();
      break;
    case 'document':
      if (r.buyerId) links.push({ to: `/admin/buyers/${r.buyerId}`, label });
      break;
    case 'buyer':
    case 'user':
      buyer();
      break;
    case 'product':
    case 'variant':
      if (r.productId) links.push({ to: `/admin/products/${r.productId}`, label });
      break;
    case 'customer_group':
      if (/^\d+$/.test(e.entityId)) links.push({ to: `/admin/pricing/${e.entityId}`, label });
      break;
    case 'mail':
      links.push({ to: `/admin/mail?open=${encodeURIComponent(e.entityId)}`, label: `Mail #${e.entityId}` });
      break;
  }
  return links;
}

/** The record as the Record column names it: "Product “Nimbus Bar”", "The store settings". */
function recordText(e: AuditEntry): string {
  const label = recordLabel(e);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** One entry: when, who (name and email), what in words with the raw record behind "Details", and links. */
export function AuditEntryRow({ entry: e }: { entry: AuditEntry }) {
  const { sentence, details } = describeAudit(e);
  const links = recordLinks(e);
  return (
    <tr className="align-top">
      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.at)}</td>
      <td className="px-3 py-2">
        {e.actor.name}
        <span className="block text-xs break-all text-gray-700">{e.actor.email}</span>
      </td>
      <td className="px-3 py-2">
        <p>{sentence}</p>
        {details.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-xs text-gray-800">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer font-semibold text-gray-700">Details</summary>
          <dl className="mt-1 grid gap-1">
            <dt className="font-semibold">Action</dt>
            <dd className="font-mono">{e.action}</dd>
            <dt className="font-semibold">Record</dt>
            <dd className="font-mono break-all">
              {e.entity} {e.entityId}
            </dd>
            {e.before != null && (
              <>
                <dt className="font-semibold">Before</dt>
                <dd>
                  <pre className="max-w-md whitespace-pre-wrap break-all">
                    {JSON.stringify(e.before, null, 1)}
                  </pre>
                </dd>
              </>
            )}
            {e.after != null && (
              <>
                <dt className="font-semibold">After</dt>
                <dd>
                  <pre className="max-w-md whitespace-pre-wrap break-all">
                    {JSON.stringify(e.after, null, 1)}
                  </pre>
                </dd>
              </>
            )}
          </dl>
        </details>
      </td>
      <td className="px-3 py-2">
        {links.length ? (
          links.map((l) => (
            <Link key={l.to} to={l.to} className="block font-semibold underline">
              {l.label}
            </Link>
          ))
        ) : (
          <span className="text-gray-800">{recordText(e)}</span>
        )}
      </td>
    </tr>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation, useStaffMay } from '#web/lib/console-api.ts';
import { Badge, Button, DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { Slot } from '#web/components/slots.tsx';
import { OrdersTable } from '#web/components/console/orders-table.tsx';
import { buyerQuery } from '#web/features/accounts/console/queries.ts';

export function BuyerDetailPage() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const detail = useQuery(buyerQuery(id));
  // A role reads what it holds (decision 016): the files are for those who verify documents, the
  // account's switches for those who manage companies.
  const may = useStaffMay();
  const verifies = may('documents');
  const verifyEmail = useAdminMutation(
    'POST',
    () => `buyers/${encodeURIComponent(id)}/verify-email`,
    'MessageResponseSchema',
    () => ({}),
  );
  const disable = useAdminMutation(
    'POST',
    () => `buyers/${encodeURIComponent(id)}/disable`,
    'MessageResponseSchema',
  );
  if (detail.isPending) return <Loading />;
  if (detail.error) return <p role="alert">{detail.error.message}</p>;
  const { buyer, addresses, documents, orders, companyId } = detail.data;
  const done = (res: { message: string }) => notify({ type: 'success', message: res.message });
  const error = verifyEmail.error ?? disable.error;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/buyers" className="font-semibold underline">
            All buyers
          </Link>
        }
      >
        {buyer.businessName} {buyer.disabled && <Badge status="disabled" />}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Profile">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">Name</dt>
            <dd>{buyer.name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">
              {buyer.email}{' '}
              {buyer.emailVerified ? (
                <Badge status="verified" />
              ) : (
                <Badge status="pending">not verified</Badge>
              )}
            </dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{buyer.phone}</dd>
            <dt className="font-semibold">Joined</dt>
            <dd>{formatDateTime(buyer.createdAt)}</dd>
            <dt className="font-semibold">Company</dt>
            <dd>
              {companyId ? (
                <Link className="underline" to={`/admin/companies/${companyId}`}>
                  {buyer.businessName}: members, locations, documents
                </Link>
              ) : (
                'none'
              )}
            </dd>
          </dl>
          {may('companies.manage') && (
            <div className="mt-4 flex flex-wrap gap-2">
              {!buyer.emailVerified && (
                <Button
                  tone="secondary"
                  disabled={verifyEmail.isPending}
                  onClick={() => verifyEmail.mutate(undefined, { onSuccess: done })}
                >
                  Mark email verified
                </Button>
              )}
              <Button
                tone={buyer.disabled ? 'secondary' : 'danger'}
                disabled={disable.isPending}
                onClick={() => {
                  if (
                    buyer.disabled ||
                    window.confirm(
                      `Disable ${buyer.businessName}? They are signed out and cannot sign in or order.`,
                    )
                  )
                    disable.mutate({ disabled: !buyer.disabled }, { onSuccess: done });
                }}
              >
                {buyer.disabled ? 'Enable account' : 'Disable account'}
              </Button>
            </div>
          )}
          <FormError message={error ? errorMessage(error) : null} />
        </Panel>
        <Slot of="BuyerGroupPanel" userId={buyer.id} />
        <Panel title="Addresses">
          {addresses.length === 0 ? (
            <p className="text-sm text-gray-700">No addresses yet.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {addresses.map((a) => (
                <li key={a.id}>
                  {[a.streetAddress, a.streetAddress2].filter(Boolean).join(', ')}, {a.city}, {a.state}{' '}
                  {a.zipCode} {a.isDefault && <Badge status="default">default</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <h2 className="mt-6 mb-2 text-lg font-bold">Documents</h2>
      {documents.length === 0 ? (
        <p className="text-gray-700">No documents uploaded.</p>
      ) : (
        <DataTable
          caption="Documents"
          head={[
            'Document',
            'Status',
            'Number',
            'State',
            'Expires',
            'Uploaded',
            ...(verifies ? ['File'] : []),
          ]}
        >
          {documents.map((d) => (
            <tr key={d.id}>
              <td className="px-3 py-2">{d.kind === 'sales_id' ? 'Sales ID' : 'Tobacco license'}</td>
              <td className="px-3 py-2">
                <Badge status={d.status} />
                {d.note && <span className="block text-xs text-gray-700">{d.note}</span>}
              </td>
              <td className="px-3 py-2">{d.documentNumber ?? '—'}</td>
              <td className="px-3 py-2">{d.issuingState ?? '—'}</td>
              <td className="px-3 py-2">{d.expiresOn ?? '—'}</td>
              <td className="px-3 py-2">{formatDateTime(d.uploadedAt)}</td>
              {verifies && (
                <td className="px-3 py-2">
                  <a
                    className="underline"
                    href={`/api/v1/admin/documents/${d.id}/file`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Open
                  </a>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <h2 className="mt-6 mb-2 text-lg font-bold">Orders</h2>
      <OrdersTable orders={orders} caption="Orders" linked={may('orders.read')} />
    </>
  );
}

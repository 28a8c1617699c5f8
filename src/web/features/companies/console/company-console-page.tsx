import { OrdersTable } from '#web/components/console/orders-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { CompanyDetail, StaffDocument } from '#shared/companies/companies-staff.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Badge, DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { Slot } from '#web/components/slots.tsx';
import { useStaffMay } from '#web/lib/console-api.ts';
import { InvitationsPanel, MembersPanel } from './company-people.tsx';
import { DetailsPanel, GroupPanel, NotesPanel } from './company-settings.tsx';
import { companyQuery } from './queries.ts';

const KIND_LABELS = { sales_id: 'Sales ID', tobacco_license: 'Tobacco license' } as const;

/** A company for staff (decision 015, step 5): details, people, locations and documents, group, orders, notes. */
export function CompanyConsolePage() {
  const { id = '' } = useParams();
  const detail = useQuery(companyQuery(id));
  // The order desk is for roles that take orders (decision 016, part 2: admin and sales).
  const takesOrders = useStaffMay()('desk');
  if (detail.isPending) return <Loading />;
  if (detail.error) return <p role="alert">{detail.error.message}</p>;
  const { company, members, invitations, locations, companyDocuments, group, orders, notes } = detail.data;
  return (
    <>
      <PageTitle
        actions={
          <>
            {takesOrders && (
              <Link
                to={`/admin/desk/${encodeURIComponent(company.id)}`}
                className="inline-flex min-h-10 items-center rounded-lg bg-gray-900 px-3.5 py-2 text-sm font-semibold text-white hover:bg-gray-700"
              >
                Take an order
              </Link>
            )}
            <Link to="/admin/companies" className="inline-flex min-h-10 items-center font-semibold underline">
              All companies
            </Link>
          </>
        }
      >
        {company.businessName} {company.disabled && <Badge status="disabled" />}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailsPanel company={company} />
        <GroupPanel companyId={company.id} group={group} />
      </div>
      <div className="mt-4 grid gap-4">
        <MembersPanel company={company} members={members} />
        <InvitationsPanel companyId={company.id} invitations={invitations} />
        <LocationsPanel
          locations={locations}
          companyDocuments={companyDocuments}
          limit={company.locationLimit}
        />
        <OrdersPanel orders={orders} />
        <Slot of="CompanyReceivables" companyId={company.id} />
        <NotesPanel companyId={company.id} notes={notes} />
      </div>
    </>
  );
}

/** A location's own documents, or the company's (which stand for every location without its own). */
function DocumentsTable({ caption, documents }: { caption: string; documents: StaffDocument[] }) {
  // The files and the queue are for a role that verifies documents (decision 016).
  const verifies = useStaffMay()('documents');
  if (documents.length === 0) return <p className="text-sm text-gray-700">No documents of its own.</p>;
  return (
    <DataTable
      caption={caption}
      head={['Document', 'Status', 'Number', 'State', 'Expires', 'Uploaded', ...(verifies ? ['File'] : [])]}
    >
      {documents.map((d) => (
        <tr key={d.id}>
          <td className="px-3 py-2">{KIND_LABELS[d.kind]}</td>
          <td className="px-3 py-2">
            <Badge status={d.status} />
            {verifies && d.status === 'pending' && (
              <Link to="/admin/verification" className="ml-1 text-xs underline">
                review
              </Link>
            )}
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
                Open<span className="sr-only"> {KIND_LABELS[d.kind]}</span>
              </a>
            </td>
          )}
        </tr>
      ))}
    </DataTable>
  );
}

function LocationsPanel({
  locations,
  companyDocuments,
  limit,
}: {
  locations: CompanyDetail['locations'];
  companyDocuments: StaffDocument[];
  limit: number;
}) {
  return (
    <Panel title={`Locations (${locations.length} of ${limit})`}>
      <h3 className="mb-2 font-semibold">The company's documents (every location)</h3>
      <DocumentsTable caption="The company's documents" documents={companyDocuments} />
      {locations.length === 0 && <p className="mt-3 text-sm text-gray-700">No locations yet.</p>}
      {locations.map((l) => {
        const street = [l.streetAddress, l.streetAddress2].filter(Boolean).join(', ');
        const name = l.name || street;
        return (
          <section key={l.id} aria-label={`Location ${name}`} className="mt-4 border-t border-gray-200 pt-3">
            <h3 className="font-semibold">
              {name} {l.isDefault && <Badge status="default">default</Badge>}
            </h3>
            <p className="mb-2 text-sm text-gray-700">
              {street}, {l.city}, {l.state} {l.zipCode}
            </p>
            <DocumentsTable caption={`Documents of ${name}`} documents={l.documents} />
          </section>
        );
      })}
    </Panel>
  );
}

function OrdersPanel({ orders }: { orders: CompanyDetail['orders'] }) {
  const readsOrders = useStaffMay()('orders.read');
  return (
    <Panel title="Recent orders">
      <OrdersTable orders={orders} caption="Recent orders" linked={readsOrders} />
    </Panel>
  );
}

import { Link, Navigate } from 'react-router';
import type { DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import type { Location, Locations } from '#shared/companies/locations.schemas.ts';
import { DocumentCard } from './account/documents-section.tsx';
import { accountHref } from './account/account-page.tsx';
import { DOCUMENT_LABEL } from './components/document-upload.tsx';
import { addressLine } from '#web/lib/addresses.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { standingFor, useLocations } from '#web/lib/locations.ts';
import { useSession } from '#web/lib/session.ts';

const KINDS: DocumentKind[] = ['tobacco_license', 'sales_id'];
const PAIR = { sales_id: 'salesId', tobacco_license: 'tobaccoLicense' } as const;

const STATUS_WORD = {
  verified: 'verified',
  pending: 'waiting for verification',
  reupload_requested: 'to be uploaded again',
  expired: 'expired',
} as const;

/**
 * /company/locations (decision 015): each of the company's locations with the documents that stand
 * for it — its own Sales ID or tobacco license when it has one, else the company's from My Profile
 * — and an upload of its own. Staff verify each location's own documents.
 */
export function LocationsPage() {
  const session = useSession();
  const locations = useLocations();
  if (session.isPending || (session.data?.user && locations.isPending)) return <PageSpinner />;
  if (!session.data?.user) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <PageTitle>Locations</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Locations</h1>
      <p className="mt-2 max-w-3xl text-gray-700">
        Each shop is judged by its own tobacco license and Sales ID when it has them, and by your company's
        (on{' '}
        <Link to={accountHref('My Profile')} className="font-semibold text-blue-800 underline">
          My Profile
        </Link>
        ) when it has none. A license counts only in the state that issued it. Add or remove locations in your{' '}
        <Link to={accountHref('Address')} className="font-semibold text-blue-800 underline">
          address book
        </Link>
        .
      </p>
      {locations.isError || !locations.data ? (
        <p role="alert" className="mt-6 font-semibold text-red-800">
          {locations.error?.message ?? 'Your locations could not be loaded.'}
        </p>
      ) : (
        <LocationList data={locations.data} />
      )}
    </div>
  );
}

function LocationList({ data }: { data: Locations }) {
  if (!data.locations.length)
    return (
      <p className="mt-6 text-gray-700">
        No locations yet: add your first address in the{' '}
        <Link to={accountHref('Address')} className="font-semibold text-blue-800 underline">
          address book
        </Link>
        .
      </p>
    );
  return (
    <ul className="mt-6 space-y-6">
      {data.locations.map((l) => (
        <LocationCard key={l.id} location={l} data={data} />
      ))}
    </ul>
  );
}

function LocationCard({ location: l, data }: { location: Location; data: Locations }) {
  const titleId = `location-${l.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-2xl p-4 ring-1 ring-gray-200 sm:p-5">
      <h2 id={titleId} className="text-lg font-bold">
        {l.name || l.streetAddress}
        {l.isDefault && (
          <span className="ml-2 rounded-full bg-gray-900 px-2 py-0.5 align-middle text-xs font-semibold text-white">
            Default
          </span>
        )}
      </h2>
      <address className="not-italic text-gray-800">{addressLine(l)}</address>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {KINDS.map((kind) => (
          <DocumentCard key={kind} kind={kind} doc={l.documents[PAIR[kind]]} locationId={l.id}>
            <CompanyDocumentNote data={data} location={l} kind={kind} />
          </DocumentCard>
        ))}
      </div>
    </li>
  );
}

/** Whose document stands for a location without its own, and what uploading one changes. */
function CompanyDocumentNote({
  data,
  location,
  kind,
}: {
  data: Locations;
  location: Location;
  kind: DocumentKind;
}) {
  const { document } = standingFor(data, location.id, kind);
  return (
    <div className="mt-2 space-y-1 text-sm text-gray-800">
      <p>
        {document
          ? `This shop uses your company's ${DOCUMENT_LABEL[kind]} (${STATUS_WORD[document.status]}).`
          : `Neither this shop nor your company has a ${DOCUMENT_LABEL[kind]} yet.`}
      </p>
      <p className="text-gray-700">
        Upload one for this shop only: from then on it stands for this shop, and until staff verify it, this
        shop's orders are judged without it.
      </p>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import { standingDocument } from '#shared/companies/location-documents.ts';
import type { DocumentPair, Locations } from '#shared/companies/locations.schemas.ts';
import { MAX_ADDRESSES } from '#shared/accounts/us-states.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/** The company's locations with their own documents (the Locations page, the checkout). */
export const LOCATIONS_KEY = ['account', 'locations'] as const;

export const useLocations = () =>
  useQuery({
    queryKey: LOCATIONS_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('company/locations'), 'LocationsSchema', signal),
  });

const PAIR_KEY: Record<DocumentKind, keyof DocumentPair> = {
  sales_id: 'salesId',
  tobacco_license: 'tobaccoLicense',
};

/** The document of a kind that stands for a location (its own, else the company's), and where it is from. */
export function standingFor(data: Locations, locationId: string | null | undefined, kind: DocumentKind) {
  const own = data.locations.find((l) => l.id === locationId)?.documents[PAIR_KEY[kind]] ?? null;
  return standingDocument(own, data.companyDocuments[PAIR_KEY[kind]]);
}

/** Whether both documents standing for a location are verified (the unverified order cap then lifts). */
export const locationVerified = (data: Locations, locationId: string | null | undefined) =>
  (['sales_id', 'tobacco_license'] as const).every(
    (kind) => standingFor(data, locationId, kind).document?.status === 'verified',
  );

/** How many locations the company may have: staff may raise the spec's 5 for a chain. */
export const useLocationLimit = () => useLocations().data?.locationLimit ?? MAX_ADDRESSES;

import { useQuery } from '@tanstack/react-query';
import type { Address } from '#shared/accounts/accounts.schemas.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/** The buyer's address book, as Account › Address and the checkout read it. */
export const ADDRESSES_KEY = ['account', 'addresses'] as const;

export const useAddresses = () =>
  useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('account/addresses'), 'AddressListSchema', signal),
  });

/** An address on one line, as the checkout and the Locations page show it. */
export const addressLine = (a: Address) =>
  `${a.streetAddress}${a.streetAddress2 ? `, ${a.streetAddress2}` : ''}, ${a.city}, ${a.state} ${a.zipCode}`;

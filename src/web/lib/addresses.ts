import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/** The buyer's address book, as Account › Address and the checkout read it. */
export const ADDRESSES_KEY = ['account', 'addresses'] as const;

export const useAddresses = () =>
  useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('account/addresses'), 'AddressListSchema', signal),
  });

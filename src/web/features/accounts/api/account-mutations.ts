import type {
  AddAddressBody,
  Address,
  CompleteProfileBody,
  UpdateProfileBody,
} from '#shared/accounts/accounts.schemas.ts';
import { apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';
import { ADDRESSES_KEY } from '#web/lib/addresses.ts';
import { LOCATIONS_KEY } from '#web/lib/locations.ts';
import { useRefreshingMutation } from '#web/lib/refreshing-mutation.ts';
import { SESSION_KEY } from '#web/lib/session.ts';

/** Address and profile changes can move the default address, so both caches refresh. */
const useAccountChanging = <T, R>(fn: (body: T) => Promise<R>, onAnswer?: (answer: R) => void) =>
  useRefreshingMutation(fn, [ADDRESSES_KEY, LOCATIONS_KEY, SESSION_KEY], onAnswer);

export const useCompleteProfile = () =>
  useAccountChanging((body: CompleteProfileBody) =>
    apiPost(apiUrl('account/complete'), body, 'ProfileMessageSchema'),
  );
export const useUpdateProfile = () =>
  useAccountChanging((body: UpdateProfileBody) =>
    apiSend('PATCH', apiUrl('account/profile'), body, 'ProfileMessageSchema'),
  );
export const useAddAddress = (onAdded?: (address: Address) => void) =>
  useAccountChanging(
    (body: AddAddressBody) => apiPost(apiUrl('account/addresses'), body, 'AddressSchema'),
    onAdded,
  );
export const useRemoveAddress = () =>
  useAccountChanging((id: string) =>
    apiSend(
      'DELETE',
      apiUrl(`account/addresses/${encodeURIComponent(id)}`),
      undefined,
      'MessageResponseSchema',
    ),
  );
export const useMakeDefaultAddress = () =>
  useAccountChanging((id: string) =>
    apiPost(apiUrl(`account/addresses/${encodeURIComponent(id)}/default`), {}, 'MessageResponseSchema'),
  );

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddAddressBody,
  Address,
  CompleteProfileBody,
  UpdateProfileBody,
} from '#shared/accounts/accounts.schemas.ts';
import { apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';
import { ADDRESSES_KEY } from '#web/lib/addresses.ts';
import { LOCATIONS_KEY } from '#web/lib/locations.ts';
import { SESSION_KEY } from '#web/lib/session.ts';

/**
 * Address and profile changes can move the default address, so both caches refresh. `onAnswer`
 * runs when the server has accepted, before the refresh: a form cleared there cannot clear what
 * someone typed after the list had already shown the change.
 */
function useAccountChanging<T, R>(fn: (body: T) => Promise<R>, onAnswer?: (answer: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer: R) => {
      onAnswer?.(answer);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ADDRESSES_KEY }),
        qc.invalidateQueries({ queryKey: LOCATIONS_KEY }),
        qc.invalidateQueries({ queryKey: SESSION_KEY }),
      ]);
    },
  });
}

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

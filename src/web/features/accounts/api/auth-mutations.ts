import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  LostPasswordBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
} from '#shared/accounts/accounts.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { SESSION_KEY } from '#web/lib/session.ts';

/** Mutations that change who is signed in refresh the session everywhere on the page. */
function useSessionChanging<T, R>(fn: (body: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      // Prices are whoever is looking's (a customer group's): the catalogue is fetched again too.
      qc.removeQueries({
        predicate: (q) => ['account', 'catalogue', 'search'].includes(String(q.queryKey[0])),
      });
      await qc.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

export const useSignUp = () =>
  useSessionChanging((body: SignUpBody) => apiPost(apiUrl('auth/signup'), body, 'SignUpResponseSchema'));
export const useSignIn = () =>
  useSessionChanging((body: SignInBody) => apiPost(apiUrl('auth/signin'), body, 'SignInResponseSchema'));
export const useSignOut = () =>
  useSessionChanging(() => apiPost(apiUrl('auth/signout'), {}, 'MessageResponseSchema'));
export const useVerifyEmail = () =>
  useSessionChanging((token: string) =>
    apiPost(apiUrl('auth/verify-email'), { token }, 'MessageResponseSchema'),
  );
export const useResetPassword = () =>
  useSessionChanging((body: ResetPasswordBody) =>
    apiPost(apiUrl('auth/reset-password'), body, 'MessageResponseSchema'),
  );
export const useChangePassword = () =>
  useSessionChanging((body: ChangePasswordBody) =>
    apiPost(apiUrl('auth/change-password'), body, 'MessageResponseSchema'),
  );

export const useLostPassword = () =>
  useMutation({
    mutationFn: (body: LostPasswordBody) =>
      apiPost(apiUrl('auth/lost-password'), body, 'MessageResponseSchema'),
  });
export const useSendVerification = () =>
  useMutation({ mutationFn: () => apiPost(apiUrl('auth/verify-email/send'), {}, 'MessageResponseSchema') });

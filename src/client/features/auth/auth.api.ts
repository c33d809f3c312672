import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, SignedIn } from '../../../shared/auth.schemas';
import { apiWithMessage, setSigningOut } from '../../lib/api-client';
import { currentUserKey, rememberSignedIn } from '../../lib/current-user';
import { forgetPushOnDevice } from '../../lib/offline/device-push';
import { wipeLocalData } from '../../lib/offline/local-data';

/**
 * A POST whose answer signs the person in (the login, the password change): the device remembers them
 * and the current user is the one the server answered, without asking again.
 */
function useSignIn<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiWithMessage<SignedIn>(path, { method: 'POST', body: input, globalErrors: false }),
    onSuccess: ({ data }) => {
      rememberSignedIn(data);
      queryClient.setQueryData(currentUserKey, data.user);
    },
  });
}

export function useLogin() {
  return useSignIn<LoginInput>('/api/auth/login');
}

/**
 * Signs out, then leaves the portal before forgetting the user: clearing the user first would let the
 * portal's guard (or a 401 from a query still in flight) send the page to /login instead of `leaveTo`.
 */
export function useLogout(leaveTo: (signedOut: boolean) => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // While the session lasts: the server forgets this device's notifications (ADR 0138).
      await forgetPushOnDevice().catch(() => undefined);
      return apiWithMessage<null>('/api/auth/logout', { method: 'POST' });
    },
    // From the click on: a query answered 401 once the session is gone is the sign-out, not an expiry.
    onMutate: () => setSigningOut(true),
    onSettled: async (_data, error) => {
      try {
        await queryClient.cancelQueries();
        // The device keeps nothing of the person who left, even when the server could not be reached (the
        // saves still waiting were sent or given up, with the person's consent, before this was called).
        // Another person's saves still waiting on this phone are not this person's to discard (ADR 0138).
        const leaving = queryClient.getQueryData<CurrentUser | null>(currentUserKey)?.id;
        await wipeLocalData(undefined, leaving).catch(() => undefined);
        await leaveTo(error === null);
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
      } finally {
        setSigningOut(false);
      }
    },
  });
}

export function useChangePassword() {
  return useSignIn<{ senhaAtual: string; novaSenha: string; nome?: string }>('/api/auth/change-password');
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiWithMessage<null>('/api/auth/forgot-password', {
        method: 'POST',
        body: { email },
        globalErrors: false,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; novaSenha: string }) =>
      apiWithMessage<null>('/api/auth/reset-password', { method: 'POST', body: input, globalErrors: false }),
  });
}

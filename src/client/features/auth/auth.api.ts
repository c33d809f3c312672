import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '../../../shared/auth.schemas';
import { api, apiWithMessage, ApiError } from '../../lib/api-client';

export const currentUserKey = ['auth', 'me'] as const;

/** The signed-in user, or null. The session itself lives in an HttpOnly cookie the page cannot read. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        const data = await api<{ user: CurrentUser }>('/api/auth/me', { globalErrors: false });
        return data.user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiWithMessage<{ user: CurrentUser }>('/api/auth/login', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(currentUserKey, data.user);
    },
  });
}

/**
 * Signs out, then leaves the portal before forgetting the user: clearing the user first would let the
 * portal's guard (or a 401 from a query still in flight) send the page to /login instead of `leaveTo`.
 */
export function useLogout(leaveTo: (signedOut: boolean) => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiWithMessage<null>('/api/auth/logout', { method: 'POST' }),
    onSettled: async (_data, error) => {
      await queryClient.cancelQueries();
      await leaveTo(error === null);
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { senhaAtual: string; novaSenha: string }) =>
      apiWithMessage<{ user: CurrentUser }>('/api/auth/change-password', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(currentUserKey, data.user);
    },
  });
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

import { useQuery, queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/auth.schemas';
import { api, ApiError } from './api-client';
import { keyRoots } from './query-keys';

export const currentUserKey = [...keyRoots.auth, 'me'] as const;

/** The signed-in user, or null. The session itself lives in an HttpOnly cookie the page cannot read. */
export const currentUserQuery = () =>
  queryOptions({
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

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

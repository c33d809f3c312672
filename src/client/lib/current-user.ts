import { useQuery, queryOptions } from '@tanstack/react-query';
import type { CurrentUser, SignedIn } from '../../shared/auth.schemas';
import { api, ApiError } from './api-client';
import { keyRoots } from './query-keys';
import { markOffline } from './offline/online';
import { forgetSessionCopy, isUsableCopy, readSessionCopy, saveSessionCopy } from './offline/session-copy';

export const currentUserKey = [...keyRoots.auth, 'me'] as const;

/** Keeps the person on the device (issue 35): a failure to write it never fails the sign-in. */
export function rememberSignedIn(data: Pick<SignedIn, 'user'> & { sessao_expira_em?: string }): void {
  if (data.sessao_expira_em) void saveSessionCopy(data.user, data.sessao_expira_em).catch(() => undefined);
}

/**
 * With no connection: the person kept on the device, until their session's absolute limit; after it,
 * or with no copy, null — the login screen, which says to sign in again once on-line.
 */
async function offlineUser(): Promise<CurrentUser | null> {
  // The other screens' queries wait for the connection instead of failing one by one.
  markOffline();
  const copy = await readSessionCopy().catch(() => undefined);
  return copy && isUsableCopy(copy, new Date()) ? copy.user : null;
}

/**
 * The signed-in user, or null. The session itself lives in an HttpOnly cookie the page cannot read.
 * Offline (a NETWORK failure) it answers the copy kept on the device (`offlineUser`); a 401 (the session
 * ended) wipes the reading copy, never the saves waiting to be sent.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        const data = await api<SignedIn>('/api/auth/me', { globalErrors: false });
        rememberSignedIn(data);
        return data.user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          await forgetSessionCopy().catch(() => undefined);
          return null;
        }
        if (error instanceof ApiError && error.code === 'NETWORK') return offlineUser();
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
    // Asked even offline: the failure is what answers the copy kept on the device.
    networkMode: 'always',
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/**
 * The words of a link back to the portal's home for `user`: the staff's and the family's home is the
 * 'Início' (their menus' first item), a student's own account lands on the Portal do Aluno.
 */
export function homeLinkWords(user: Pick<CurrentUser, 'nivel'> | null | undefined): {
  ir: string;
  voltar: string;
} {
  if (user?.nivel === 'aluno')
    return { ir: 'Ir para o Portal do Aluno', voltar: 'Voltar ao Portal do Aluno' };
  return { ir: 'Ir para o início', voltar: 'Voltar ao início' };
}

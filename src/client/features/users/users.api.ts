import { keepPreviousData, useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../shared/api';
import type { CreateUserInput, UpdateUserInput, User, UserCounts } from '../../../shared/users.schemas';
import type { SortOrder } from '../../../shared/validators';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import type { EnvioEmail } from '../../../shared/users.schemas';
import { keyRoots } from '../../lib/query-keys';

/** The users list's URL filters ('' = all). */
export const userFilterDefaults = { q: '', tipo: '', status: '' };
export type UserQuery = typeof userFilterDefaults & { page: number; sort?: string; order?: SortOrder };

export const USERS_PAGE_SIZE = 20;
const usersKey = keyRoots.users;

export const usersQuery = (filters: UserQuery) =>
  queryOptions({
    queryKey: [...usersKey, filters],
    queryFn: () =>
      api<Page<User> & { counts: UserCounts }>(
        `/api/users${toQuery({ ...filters, pageSize: USERS_PAGE_SIZE })}`,
        { globalErrors: false },
      ),
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UserQuery) {
  return useQuery(usersQuery(filters));
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserInput) =>
      apiWithMessage<{ usuario: User; senhaGerada?: string; emailEnviado: boolean; envioEmail?: EnvioEmail }>(
        '/api/users',
        {
          method: 'POST',
          body: input,
          globalErrors: false,
        },
      ),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) =>
      apiWithMessage<User>(`/api/users/${id}`, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useToggleUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => apiWithMessage<User>(`/api/users/${id}/toggle-status`, { method: 'PATCH' }),
    onSuccess: invalidate,
  });
}

export function useResetUserPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, senha, senhaAtual }: { id: string; senha?: string; senhaAtual: string }) =>
      apiWithMessage<{ novaSenha: string; emailEnviado: boolean; envioEmail?: EnvioEmail }>(
        `/api/users/${id}/reset-password`,
        {
          method: 'POST',
          body: senha === undefined ? { senha_atual: senhaAtual } : { senha, senha_atual: senhaAtual },
          globalErrors: false,
        },
      ),
    onSuccess: invalidate,
  });
}

export function generatePasswordRequest() {
  return api<{ senha: string }>('/api/users/generate-password', { method: 'POST' });
}

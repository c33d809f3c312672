import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  perfilSchema,
  permissaoSchema,
  type Perfil,
  type PerfilInput,
  type Permissao,
  type UpdatePerfilInput,
} from '../../shared/perfis.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/** The access profiles (ADR 0025): the users form offers them, Configurações edits them. */
export const perfisQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.perfis, 'lista'],
    queryFn: () => api<Perfil[]>('/api/perfis', { schema: z.array(perfilSchema) }),
  });

export const permissoesQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.perfis, 'permissoes'],
    queryFn: () => api<Permissao[]>('/api/perfis/permissoes', { schema: z.array(permissaoSchema) }),
    staleTime: Infinity,
  });

export function usePerfis() {
  return useQuery(perfisQuery());
}

export function usePermissoes() {
  return useQuery(permissoesQuery());
}

export function useSavePerfil() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PerfilInput | UpdatePerfilInput }) =>
      apiWithMessage<Perfil>(id ? `/api/perfis/${id}` : '/api/perfis', {
        method: id ? 'PATCH' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyRoots.perfis }),
  });
}

export function useDeletePerfil() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/perfis/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyRoots.perfis }),
  });
}

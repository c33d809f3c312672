import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  censoProfissionalResponseSchema,
  type CensoProfissional,
  type CensoProfissionalDados,
} from '../../../shared/censo.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** Under the teachers' root: a teacher saved or removed refreshes their census line too. */
const censoKey = [...keyRoots.teachers, 'censo'] as const;
const URL = '/api/censo/profissionais';

export const censoProfissionaisQuery = () =>
  queryOptions({
    queryKey: censoKey,
    queryFn: () =>
      api<CensoProfissional[]>(URL, { schema: censoProfissionalResponseSchema.array(), globalErrors: false }),
  });

export function useCensoProfissionais(enabled = true) {
  return useQuery({ ...censoProfissionaisQuery(), enabled });
}

/**
 * Saves a professional's census data: POST for a new non-teacher or a teacher's first save (their empty
 * line has version 0), PUT with the version afterwards.
 */
export function useSaveCensoProfissional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ atual, dados }: { atual: CensoProfissional | null; dados: CensoProfissionalDados }) => {
      const existe = atual !== null && atual.version > 0;
      return apiWithMessage<CensoProfissional>(existe ? `${URL}/${atual.id}` : URL, {
        method: existe ? 'PUT' : 'POST',
        body: existe ? { ...dados, version: atual.version } : dados,
        globalErrors: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: censoKey }),
  });
}

export function useDeleteCensoProfissional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`${URL}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: censoKey }),
  });
}

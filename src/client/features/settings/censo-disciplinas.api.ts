import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { censoDisciplinaResponseSchema, type CensoDisciplina } from '../../../shared/censo-turmas.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** Each subject's INEP componente (Censo Escolar): census managers only. */
export const censoDisciplinasQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...keyRoots.censo, 'disciplinas'],
    queryFn: () =>
      api<CensoDisciplina[]>('/api/censo/disciplinas', {
        schema: censoDisciplinaResponseSchema.array(),
        globalErrors: false,
      }),
    enabled,
  });

export function useCensoDisciplinas(enabled: boolean) {
  return useQuery(censoDisciplinasQuery(enabled));
}

export function useSaveCensoDisciplina() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, codigoInep }: { id: string; codigoInep: string | null }) =>
      apiWithMessage<CensoDisciplina>(`/api/censo/disciplinas/${id}`, {
        method: 'PUT',
        body: { codigo_inep: codigoInep },
        schema: censoDisciplinaResponseSchema,
        globalErrors: false,
      }),
    onSuccess: () =>
      Promise.all(
        [keyRoots.censo, keyRoots.disciplinas].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

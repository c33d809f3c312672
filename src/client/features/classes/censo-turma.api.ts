import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  censoTurmaResponseSchema,
  type CensoTurma,
  type CensoTurmaDados,
} from '../../../shared/censo.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** A class's census data (record 20): what the class's 'Censo' dialog reads and saves. */
export const censoTurmaQuery = (id: string) =>
  queryOptions({
    queryKey: [...keyRoots.censo, 'turma', id],
    queryFn: () =>
      api<CensoTurma>(`/api/censo/turmas/${id}`, { schema: censoTurmaResponseSchema, globalErrors: false }),
  });

export function useCensoTurma(id: string) {
  return useQuery(censoTurmaQuery(id));
}

export function useSaveCensoTurma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: CensoTurmaDados; version: number }) =>
      apiWithMessage<CensoTurma>(`/api/censo/turmas/${id}`, {
        method: 'PUT',
        // A class never saved has version 0: nothing to compare with.
        body: version > 0 ? { ...input, version } : input,
        globalErrors: false,
      }),
    // The pending list and the census figures read the class's data too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.censo }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  censoEscolaResponseSchema,
  type CensoEscola,
  type CensoEscolaResponse,
} from '../../../shared/censo.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

const URL = '/api/censo/escola';

/** Configurações → Censo: the school's records 00 and 10 and the year's catalogue of record 10. */
export const censoEscolaQuery = () =>
  queryOptions({
    queryKey: ['censo', 'escola'],
    queryFn: () => api<CensoEscolaResponse>(URL, { schema: censoEscolaResponseSchema }),
  });

export function useCensoEscola() {
  return useQuery(censoEscolaQuery());
}

export function useSaveCensoEscola() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CensoEscola & { version: number }) =>
      apiWithMessage<CensoEscolaResponse>(URL, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: (result) => queryClient.setQueryData(censoEscolaQuery().queryKey, result.data),
  });
}

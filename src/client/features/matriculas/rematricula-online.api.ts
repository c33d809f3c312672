import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rodadaRematriculaSchema, type RodadaRematricula } from '../../../shared/anuidades.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const BASE = '/api/matriculas/rematricula-online';

export const rodadaQuery = (ano: number) =>
  queryOptions({
    queryKey: [...keyRoots.rematriculaOnline, ano],
    queryFn: () =>
      api<RodadaRematricula>(`${BASE}${toQuery({ ano_letivo: ano })}`, { schema: rodadaRematriculaSchema }),
  });

export const useRodada = (ano: number) => useQuery(rodadaQuery(ano));

export function useIniciarRodada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ano: number) =>
      apiWithMessage<unknown>(BASE, {
        method: 'POST',
        body: { ano_letivo: ano },
        globalErrors: false,
        timeoutMs: 120_000,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.rematriculaOnline }),
  });
}

export function useEnviarLembretes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ano: number; ids?: string[] }) =>
      apiWithMessage<unknown>(`${BASE}/lembretes`, {
        method: 'POST',
        body: { ano_letivo: input.ano, ...(input.ids ? { ids: input.ids } : {}) },
        globalErrors: false,
        timeoutMs: 120_000,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.rematriculaOnline }),
  });
}

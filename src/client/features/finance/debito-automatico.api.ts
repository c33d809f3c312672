/**
 * Pix Automático for a child's tuition (issue 33 §3, ADR 0044): the family asks for the monthly debit
 * and authorises it in the bank app; the family or the school cancels it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  debitoAutomaticoSchema,
  recorrenciaSchema,
  type AutorizarDebitoInput,
  type DebitoAutomatico,
  type Recorrencia,
} from '../../../shared/pix-automatico.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const URL = '/api/financeiro/pix/automatico/alunos';
const debitoKey = (alunoId: string) => [...keyRoots.finance, 'debito-automatico', alunoId] as const;

export const debitoAutomaticoQuery = (alunoId: string) =>
  queryOptions({
    queryKey: debitoKey(alunoId),
    queryFn: () =>
      api<DebitoAutomatico>(`${URL}/${alunoId}`, { schema: debitoAutomaticoSchema, globalErrors: false }),
    // While the guardian authorises in the bank app, the state comes from the bank's webhook.
    refetchInterval: (query) => (query.state.data?.recorrencia?.status === 'aguardando' ? 5_000 : false),
  });

export function useDebitoAutomatico(alunoId: string) {
  return useQuery(debitoAutomaticoQuery(alunoId));
}

export function usePedirDebito(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutorizarDebitoInput) =>
      apiWithMessage<Recorrencia>(`${URL}/${alunoId}`, {
        method: 'POST',
        body: input,
        schema: recorrenciaSchema,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debitoKey(alunoId) }),
  });
}

export function useCancelarDebito(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiWithMessage<Recorrencia>(`${URL}/${alunoId}/cancelar`, {
        method: 'POST',
        schema: recorrenciaSchema,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debitoKey(alunoId) }),
  });
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  lembretesConfigSchema,
  type LembretesConfig,
  type NegociacaoFamiliaResult,
  type UpdateLembretesConfigInput,
} from '../../../shared/lembretes.schemas';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { useInvalidateFinance } from './finance.api';

/** The automatic reminders' schedule and the preview of its texts (Configurações financeiras). */
export const lembretesConfigQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'lembretes'],
    queryFn: () => api<LembretesConfig>('/api/financeiro/lembretes', { schema: lembretesConfigSchema }),
  });

export function useLembretesConfig() {
  return useQuery(lembretesConfigQuery());
}

export function useSaveLembretesConfig() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (input: UpdateLembretesConfigInput) =>
      apiWithMessage<LembretesConfig>('/api/financeiro/lembretes', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** 'Em negociação' on one tuition: set (`em`) or cleared, with the reason. */
export function useNegociacao() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, em, motivo }: { id: string; em: boolean; motivo: string }) =>
      apiWithMessage<Mensalidade>(`/api/financeiro/mensalidades/${id}/negociacao${em ? '' : '/encerrar'}`, {
        method: 'POST',
        body: { motivo },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** 'Em negociação' on every open tuition a guardian answers for. */
export function useNegociacaoFamilia() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ responsavelId, em, motivo }: { responsavelId: string; em: boolean; motivo: string }) =>
      apiWithMessage<NegociacaoFamiliaResult>(
        `/api/financeiro/responsaveis/${responsavelId}/negociacao${em ? '' : '/encerrar'}`,
        { method: 'POST', body: { motivo }, globalErrors: false },
      ),
    onSuccess: invalidate,
  });
}

/** The bank's files for boletos (issue 36 §1, docs/cnab.md): remessa, retorno and what waits for a person. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { cnabPainelSchema, type CnabPainel, type CnabRetornoResult } from '../../../shared/cnab.schemas';
import { api, apiWithMessage, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { useInvalidateFinance } from './finance.api';

const BASE = '/api/financeiro/boleto';

export const boletosPainelQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'boletos', 'cnab'],
    queryFn: () => api<CnabPainel>(`${BASE}/cnab`, { schema: cnabPainelSchema, globalErrors: false }),
  });

export function useBoletosPainel() {
  return useQuery(boletosPainelQuery());
}

/** Generates the remessa and saves the file under the bank's name for it. */
export function useGerarRemessa() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: () => downloadFile(`${BASE}/remessa`, 'remessa.rem', { method: 'POST', globalErrors: false }),
    onSettled: invalidate,
  });
}

export function baixarRemessa(id: string, nome: string) {
  return downloadFile(`${BASE}/remessa/${id}`, nome);
}

export function useEnviarRetorno() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (arquivo: File) => {
      const body = new FormData();
      body.append('arquivo', arquivo, arquivo.name);
      return apiWithMessage<CnabRetornoResult>(`${BASE}/retorno`, {
        method: 'POST',
        body,
        globalErrors: false,
        timeoutMs: 120_000,
      });
    },
    onSettled: invalidate,
  });
}

export function useConciliarLinha() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, observacao }: { id: string; observacao: string }) =>
      apiWithMessage<null>(`${BASE}/cnab/a-conciliar/${id}`, {
        method: 'POST',
        body: { observacao },
        globalErrors: false,
      }),
    onSettled: invalidate,
  });
}

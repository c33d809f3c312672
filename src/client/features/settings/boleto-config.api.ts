/** Configurações → Financeiro → Boleto (issue 36 §1, ADR 0055): the school's agreement with its bank. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  boletoConfigSchema,
  type BoletoConfig,
  type BoletoConfigInput,
} from '../../../shared/boleto.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const URL = '/api/financeiro/boleto/configuracao';
const configKey = [...keyRoots.finance, 'boleto', 'configuracao'] as const;

export const boletoConfigQuery = () =>
  queryOptions({
    queryKey: configKey,
    queryFn: () => api<BoletoConfig>(URL, { schema: boletoConfigSchema }),
  });

export function useBoletoConfig() {
  return useQuery(boletoConfigQuery());
}

export function useSaveBoletoConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BoletoConfigInput) =>
      apiWithMessage<BoletoConfig>(URL, {
        method: 'PUT',
        body: input,
        schema: boletoConfigSchema,
        globalErrors: false,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(configKey, result.data);
      // The tuition screens offer 'Boleto' by what is saved here.
      void queryClient.invalidateQueries({ queryKey: [...keyRoots.finance, 'boleto'] });
    },
  });
}

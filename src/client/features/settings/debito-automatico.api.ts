/** Configurações → Financeiro → Débito automático (Pix Automático, issue 33 §3): the school's settings. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pixAutomaticoConfigSchema,
  type PixAutomaticoConfig,
  type PixAutomaticoConfigInput,
} from '../../../shared/pix-automatico.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const URL = '/api/financeiro/pix/automatico/config';
const configKey = [...keyRoots.pixProvedor, 'automatico'] as const;

export const debitoAutomaticoConfigQuery = () =>
  queryOptions({
    queryKey: configKey,
    queryFn: () => api<PixAutomaticoConfig>(URL, { schema: pixAutomaticoConfigSchema }),
  });

export function useDebitoAutomaticoConfig() {
  return useQuery(debitoAutomaticoConfigQuery());
}

export function useSaveDebitoAutomaticoConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PixAutomaticoConfigInput) =>
      apiWithMessage<PixAutomaticoConfig>(URL, {
        method: 'PUT',
        body: input,
        schema: pixAutomaticoConfigSchema,
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(configKey, result.data),
  });
}

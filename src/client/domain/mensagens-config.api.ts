/**
 * The school's rules for conversations (issue 32 §2, ADR 0036): the settings screen edits them; the
 * Mensagens screen reads the conversations under them. Hooks here, as both features use them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MensagensConfig, mensagensConfigSchema } from '../../shared/mensagens.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

const key = [...keyRoots.mensagens, 'configuracao'] as const;

export const mensagensConfigQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api<MensagensConfig>('/api/mensagens/configuracao', { schema: mensagensConfigSchema }),
  });

export function useMensagensConfig() {
  return useQuery(mensagensConfigQuery());
}

export function useSaveMensagensConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MensagensConfig) =>
      apiWithMessage<MensagensConfig>('/api/mensagens/configuracao', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.mensagens }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings, UpdateRetentionInput } from '../../../shared/retention.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

const retentionKey = ['retention'] as const;

export function useRetentionSettings() {
  return useQuery({
    queryKey: retentionKey,
    queryFn: () => api<RetentionSettings>('/api/configuracoes/retencao'),
  });
}

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRetentionInput) =>
      apiWithMessage<RetentionSettings>('/api/configuracoes/retencao', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData(retentionKey, result.data);
      await queryClient.invalidateQueries({ queryKey: ['processing-register'] });
    },
  });
}

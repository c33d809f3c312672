import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type RetentionSettings,
  type UpdateRetentionInput,
  retentionSettingsSchema,
} from '../../../shared/retention.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const retentionKey = keyRoots.retention;

export const retentionSettingsQuery = () =>
  queryOptions({
    queryKey: retentionKey,
    queryFn: () => api<RetentionSettings>('/api/configuracoes/retencao', { schema: retentionSettingsSchema }),
  });

export function useRetentionSettings() {
  return useQuery(retentionSettingsQuery());
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
      await queryClient.invalidateQueries({ queryKey: keyRoots.processingRegister });
    },
  });
}

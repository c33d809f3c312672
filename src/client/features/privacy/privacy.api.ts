import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptPrivacyInput, PrivacyStatus } from '../../../shared/privacy.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

const privacyKey = ['privacy'] as const;

export function usePrivacyStatus(enabled: boolean) {
  return useQuery({
    queryKey: privacyKey,
    queryFn: () => api<PrivacyStatus>('/api/privacidade', { globalErrors: false }),
    enabled,
  });
}

export function useAcceptPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptPrivacyInput) =>
      apiWithMessage<PrivacyStatus>('/api/privacidade/aceite', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(privacyKey, result.data),
  });
}

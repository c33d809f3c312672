import { useQuery } from '@tanstack/react-query';
import type { PublicSystemSettings } from '../../shared/settings.schemas';
import { api } from './api-client';

export const publicSettingsKey = ['configuracoes', 'publico'] as const;

/** Theme, formats, the maintenance flag and the CEP lookup switch; polled so an open portal notices. */
export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsKey,
    queryFn: () => api<PublicSystemSettings>('/api/configuracoes/publico', { globalErrors: false }),
    staleTime: 10_000,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

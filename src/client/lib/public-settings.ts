import { useQuery, queryOptions } from '@tanstack/react-query';
import { type PublicSystemSettings, publicSystemSettingsSchema } from '../../shared/settings.schemas';
import { api } from './api-client';
import { keyRoots } from './query-keys';

export const publicSettingsKey = [...keyRoots.settings, 'publico'] as const;

/** Theme, formats, the maintenance flag and the CEP lookup switch; polled so an open portal notices. */
export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: publicSettingsKey,
    queryFn: () =>
      api<PublicSystemSettings>('/api/configuracoes/publico', {
        schema: publicSystemSettingsSchema,
        globalErrors: false,
      }),
    staleTime: 10_000,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQuery());
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcademicSettings,
  UpdateAcademicSettingsInput,
} from '../../shared/academic-settings.schemas.js';
import { api, apiWithMessage } from './api-client';

/**
 * The school's academic rules (scale, recuperação, averages): read by the grades screens and edited
 * on Configurações → Acadêmico, so the hooks live here rather than in either feature.
 */
export const academicSettingsKey = ['grades', 'settings'] as const;

export function useAcademicSettings() {
  return useQuery({
    queryKey: academicSettingsKey,
    queryFn: () => api<AcademicSettings>('/api/configuracoes/academico', { globalErrors: false }),
  });
}

export function useSaveAcademicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAcademicSettingsInput) =>
      apiWithMessage<AcademicSettings>('/api/configuracoes/academico', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    // The scale and the rules change every grid, average and boletim.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['grades'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

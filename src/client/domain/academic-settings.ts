import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { AcademicSettings, UpdateAcademicSettingsInput } from '../../shared/academic-settings.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { invalidateAttendance, invalidateGrades, keyRoots } from '../lib/query-keys';

/**
 * The school's academic rules (scale, recuperação, averages): read by the grades screens and edited
 * on Configurações → Acadêmico, so the hooks live here rather than in either feature.
 */
export const academicSettingsKey = [...keyRoots.grades, 'settings'] as const;

export const academicSettingsQuery = () =>
  queryOptions({
    queryKey: academicSettingsKey,
    queryFn: () => api<AcademicSettings>('/api/configuracoes/academico', { globalErrors: false }),
  });

export function useAcademicSettings() {
  return useQuery(academicSettingsQuery());
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
    // The scale and the rules change every grid, average and boletim; the rules per stage, every
    // attendance figure and alert.
    onSuccess: () => Promise.all([invalidateGrades(queryClient), invalidateAttendance(queryClient)]),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolYear } from '../../shared/calendar.schemas';
import type { CouncilInput, ReportCard } from '../../shared/report-card.schemas.js';
import { api, apiWithMessage, downloadFile, toQuery } from './api-client';

/**
 * The boletim of a student: read on the grades screens and on the student's details (guardians too),
 * so the hooks live here. Guardians get only the published periods of their own children.
 */
export const reportCardKey = (alunoId: string, ano?: number) =>
  ['grades', 'report-card', alunoId, ano ?? ''] as const;

export function useReportCard(alunoId: string, ano?: number) {
  return useQuery({
    queryKey: reportCardKey(alunoId, ano),
    queryFn: () =>
      api<ReportCard>(`/api/boletins/alunos/${alunoId}${toQuery({ ano })}`, { globalErrors: false }),
    enabled: Boolean(alunoId),
    // Switching the year keeps the last boletim (and its year picker) on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function downloadReportCard(alunoId: string, ano?: number) {
  return downloadFile(`/api/boletins/alunos/${alunoId}.pdf${toQuery({ ano })}`, 'boletim.pdf');
}

/** Administrators: every boletim of a class in one PDF. */
export function downloadClassReportCards(turmaId: string) {
  return downloadFile(`/api/boletins/turmas/${turmaId}.pdf`, 'boletins-da-turma.pdf');
}

/** The school years (every signed-in user reads them): the boletim's year picker. */
export function useSchoolYearNumbers() {
  return useQuery({
    queryKey: ['grades', 'years'] as const,
    queryFn: () => api<SchoolYear[]>('/api/anos-letivos', { globalErrors: false }),
    staleTime: 60_000,
    select: (years) => years.map((year) => year.ano).sort((a, b) => b - a),
  });
}

/** Administrators: the conselho de classe's decision for a student (a subject or the overall result). */
export function useCouncilDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alunoId, input }: { alunoId: string; input: CouncilInput }) =>
      apiWithMessage<ReportCard>(`/api/conselho/${alunoId}`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['grades'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

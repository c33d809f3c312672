import { keepPreviousData, useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { type SchoolYear, schoolYearSchema } from '../../shared/calendar.schemas';
import { type CouncilInput, type ReportCard, reportCardSchema } from '../../shared/report-card.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../lib/api-client';
import { invalidateGrades, keyRoots } from '../lib/query-keys';

/**
 * The boletim of a student: read on the grades screens and on the student's details (guardians too),
 * so the hooks live here. Guardians get only the published periods of their own children.
 */
export const reportCardKeys = {
  all: [...keyRoots.grades, 'report-card'] as const,
  one: (alunoId: string, ano?: number) => [...keyRoots.grades, 'report-card', alunoId, ano ?? ''] as const,
  /** The school years as the grades screens read them (also their periods: `useGradePeriods`). */
  years: [...keyRoots.grades, 'years'] as const,
};

export const reportCardQuery = (alunoId: string, ano?: number) =>
  queryOptions({
    queryKey: reportCardKeys.one(alunoId, ano),
    queryFn: () =>
      api<ReportCard>(`/api/boletins/alunos/${alunoId}${toQuery({ ano })}`, {
        schema: reportCardSchema,
        globalErrors: false,
      }),
    enabled: Boolean(alunoId),
    // Switching the year keeps the last boletim (and its year picker) on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export function useReportCard(alunoId: string, ano?: number) {
  return useQuery(reportCardQuery(alunoId, ano));
}

export function downloadReportCard(alunoId: string, ano?: number) {
  return downloadFile(`/api/boletins/alunos/${alunoId}.pdf${toQuery({ ano })}`, 'boletim.pdf');
}

/** Administrators: every boletim of a class in one PDF. */
export function downloadClassReportCards(turmaId: string) {
  return downloadFile(`/api/boletins/turmas/${turmaId}.pdf`, 'boletins-da-turma.pdf');
}

/** The school years (every signed-in user reads them): the boletim's year picker. */
export const schoolYearNumbersQuery = () =>
  queryOptions({
    queryKey: reportCardKeys.years,
    queryFn: () =>
      api<SchoolYear[]>('/api/anos-letivos', { schema: schoolYearSchema.array(), globalErrors: false }),
    staleTime: 60_000,
    select: (years) => years.map((year) => year.ano).sort((a, b) => b - a),
  });

export function useSchoolYearNumbers() {
  return useQuery(schoolYearNumbersQuery());
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
    onSuccess: () => invalidateGrades(queryClient),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assessment, AssessmentsQuery } from '../../../shared/assessments.schemas.js';
import type {
  CellRectificationInput,
  GradeHistory,
  GradesBatchInput,
  GradesGrid,
  PeriodStatus,
  RectificationInput,
  SavedGrades,
} from '../../../shared/grades.schemas.js';
import type {
  RectificationRequest,
  RectificationRequestInput,
  RectificationRequestsQuery,
} from '../../../shared/rectification-requests.schemas.js';
import type {
  RematriculaInput,
  RematriculaProposal,
  YearClosing,
  YearEndStatus,
} from '../../../shared/year-end.schemas.js';
import type { Teacher } from '../../../shared/teachers.schemas';
import type { RollClass } from '../../../shared/attendance.schemas';
import type { SchoolYear } from '../../../shared/calendar.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';

/**
 * TanStack Query hooks for every grades route. Writes invalidate what they change; the
 * grid's 409 carries `details` per cell (`notas.N`), which the screen shows in place.
 */
export const gradesKeys = {
  all: ['grades'] as const,
  settings: ['grades', 'settings'] as const,
  assessments: (query: AssessmentsQuery = {}) =>
    ['grades', 'assessments', query.turma_id ?? '', query.disciplina ?? '', query.periodo_id ?? ''] as const,
  grid: (turmaId: string, disciplina: string, periodoId: string) =>
    ['grades', 'grid', turmaId, disciplina, periodoId] as const,
  history: (notaId: string) => ['grades', 'history', notaId] as const,
  requests: (query: RectificationRequestsQuery = {}) =>
    ['grades', 'rectification-requests', query.situacao ?? 'todas', query.turma_id ?? ''] as const,
  period: (periodoId: string) => ['grades', 'period', periodoId] as const,
  reportCard: (alunoId: string, ano?: number) => ['grades', 'report-card', alunoId, ano ?? ''] as const,
  rematricula: (anoLetivoId: string) => ['grades', 'rematricula', anoLetivoId] as const,
  yearEnd: (anoLetivoId: string) => ['grades', 'year-end', anoLetivoId] as const,
};

const invalidateGrades = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: gradesKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

// ---------------------------------------------------------------- 'Acadêmico' settings

export { useAcademicSettings, useSaveAcademicSettings } from '../../lib/academic-settings';

// ---------------------------------------------------------------- avaliações

export function useAssessments(query: AssessmentsQuery = {}, enabled = true) {
  return useQuery({
    queryKey: gradesKeys.assessments(query),
    queryFn: () => api<Assessment[]>(`/api/avaliacoes${toQuery({ ...query })}`, { globalErrors: false }),
    enabled,
  });
}

export interface AssessmentForm {
  nome: string;
  data: string;
  peso: number | string;
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: AssessmentForm & {
        turma_id: string;
        disciplina: string;
        periodo_id: string;
        tipo?: 'regular' | 'recuperacao';
      },
    ) => apiWithMessage<Assessment>('/api/avaliacoes', { method: 'POST', body: input, globalErrors: false }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

export function useUpdateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AssessmentForm & { version?: number } }) =>
      apiWithMessage<Assessment>(`/api/avaliacoes/${id}`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

/**
 * Deletes an avaliação with its grades (confirm on the screen first); the reason is required for grades
 * of a closed or published period (the administrator's DeleteAssessmentModal).
 */
export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo?: string }) =>
      apiWithMessage<null>(`/api/avaliacoes/${id}`, {
        method: 'DELETE',
        ...(motivo === undefined ? {} : { body: { motivo } }),
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

// ---------------------------------------------------------------- the grid and grades

/** Students × assessments of a class's subject in a period, a version per cell. */
export function useGradesGrid(turmaId: string, disciplina: string, periodoId: string) {
  return useQuery({
    queryKey: gradesKeys.grid(turmaId, disciplina, periodoId),
    queryFn: () =>
      api<GradesGrid>(`/api/notas/turmas/${turmaId}${toQuery({ disciplina, periodo_id: periodoId })}`, {
        globalErrors: false,
      }),
    enabled: Boolean(turmaId && disciplina && periodoId),
  });
}

/**
 * Saves a batch of cells (all or nothing). The screen keeps the versions it read; on success the
 * answer carries each saved cell's new version (`notas`), so it can go on saving without reloading.
 */
export function useSaveGrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GradesBatchInput) =>
      apiWithMessage<SavedGrades>('/api/notas', { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['grades', 'assessments'] }),
        queryClient.invalidateQueries({ queryKey: ['grades', 'report-card'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

/** Administrators: a correction with a reason (also after closing). */
export function useRectifyGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notaId, input }: { notaId: string; input: RectificationInput }) =>
      apiWithMessage<GradeHistory>(`/api/notas/${notaId}/retificar`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

/** Administrators: the retificação of a cell that never had a grade (addressed by avaliação × aluno). */
export function useRectifyCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CellRectificationInput) =>
      apiWithMessage<GradeHistory>('/api/notas/retificar', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

export function useGradeHistory(notaId: string | null) {
  return useQuery({
    queryKey: gradesKeys.history(notaId ?? ''),
    queryFn: () => api<GradeHistory>(`/api/notas/${notaId ?? ''}/historico`, { globalErrors: false }),
    enabled: Boolean(notaId),
  });
}

// ---------------------------------------------------------------- teachers' retificação requests

/** The administrator's queue (every request) or, for a teacher, their own requests. */
export function useRectificationRequests(query: RectificationRequestsQuery = {}) {
  return useQuery({
    queryKey: gradesKeys.requests(query),
    queryFn: () => api<RectificationRequest[]>(`/api/retificacoes${toQuery(query)}`, { globalErrors: false }),
  });
}

export function useRequestRectification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RectificationRequestInput) =>
      apiWithMessage<RectificationRequest>('/api/retificacoes', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

/** aprovar (optional note) | recusar (reason required). */
export function useDecideRectification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decisao,
      resposta,
    }: {
      id: string;
      decisao: 'aprovar' | 'recusar';
      resposta?: string;
    }) =>
      apiWithMessage<RectificationRequest>(`/api/retificacoes/${id}/${decisao}`, {
        method: 'POST',
        body: resposta === undefined ? {} : { resposta },
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

// ---------------------------------------------------------------- periods

export function usePeriodStatus(periodoId: string) {
  return useQuery({
    queryKey: gradesKeys.period(periodoId),
    queryFn: () => api<PeriodStatus>(`/api/periodos/${periodoId}/situacao`, { globalErrors: false }),
    enabled: Boolean(periodoId),
  });
}

/** fechar | reabrir | publicar, for one class (`turma_id`) or the whole school. */
export function usePeriodAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      periodoId,
      action,
      turmaId,
      publicado,
    }: {
      periodoId: string;
      action: 'fechar' | 'reabrir' | 'publicar';
      turmaId?: string;
      publicado?: boolean;
    }) =>
      apiWithMessage<PeriodStatus>(`/api/periodos/${periodoId}/${action}`, {
        method: 'POST',
        body: {
          ...(turmaId ? { turma_id: turmaId } : {}),
          ...(action === 'publicar' && publicado !== undefined ? { publicado } : {}),
        },
        globalErrors: false,
      }),
    onSuccess: () =>
      Promise.all([
        invalidateGrades(queryClient),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
        queryClient.invalidateQueries({ queryKey: ['calendar'] }),
      ]),
  });
}

// ---------------------------------------------------------------- conselho de classe and boletim

export {
  downloadClassReportCards,
  downloadReportCard,
  useCouncilDecision,
  useReportCard,
} from '../../lib/report-card';

// ---------------------------------------------------------------- closing the year, rematrícula

export function useCloseYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (anoLetivoId: string) =>
      apiWithMessage<YearClosing>(`/api/anos-letivos/${anoLetivoId}/encerrar`, {
        method: 'POST',
        globalErrors: false,
      }),
    onSuccess: () =>
      Promise.all([invalidateGrades(queryClient), queryClient.invalidateQueries({ queryKey: ['calendar'] })]),
  });
}

export function useRematriculaProposal(anoLetivoId: string, enabled = true) {
  return useQuery({
    queryKey: gradesKeys.rematricula(anoLetivoId),
    queryFn: () =>
      api<RematriculaProposal>(`/api/anos-letivos/${anoLetivoId}/rematricula`, { globalErrors: false }),
    enabled: Boolean(anoLetivoId) && enabled,
  });
}

/** The 'Ano letivo' screen: each period across the classes, the closing and the rematrícula. */
export function useYearEndStatus(anoLetivoId: string) {
  return useQuery({
    queryKey: gradesKeys.yearEnd(anoLetivoId),
    queryFn: () =>
      api<YearEndStatus>(`/api/anos-letivos/${anoLetivoId}/encerramento`, { globalErrors: false }),
    enabled: Boolean(anoLetivoId),
  });
}

/**
 * The proposal with the administrator's adjustments, as the server simulates it (`dryRun`: nothing
 * changes). Keyed by the adjustments, so the screen always shows the server's counts and destinations;
 * the previous answer stays on screen while the next one comes.
 */
export function useRematriculaSimulation(anoLetivoId: string, input: RematriculaInput, enabled: boolean) {
  return useQuery({
    queryKey: [...gradesKeys.rematricula(anoLetivoId), input] as const,
    queryFn: () =>
      api<RematriculaProposal>(`/api/anos-letivos/${anoLetivoId}/rematricula?dryRun=true`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    enabled: Boolean(anoLetivoId) && enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The teachers, to confirm each new class's teacher. */
export function useTeacherChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['teachers'],
    queryFn: () => api<Teacher[]>('/api/professores', { globalErrors: false }),
    enabled,
  });
}

/** `dryRun`: the counts only, nothing changes; otherwise applied once, in one transaction. */
export function useApplyRematricula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      anoLetivoId,
      input,
      dryRun,
    }: {
      anoLetivoId: string;
      input: RematriculaInput;
      dryRun: boolean;
    }) =>
      apiWithMessage<RematriculaProposal>(
        `/api/anos-letivos/${anoLetivoId}/rematricula${toQuery({ dryRun: dryRun ? 'true' : 'false' })}`,
        { method: 'POST', body: input, globalErrors: false },
      ),
    onSuccess: (_result, variables) =>
      variables.dryRun
        ? undefined
        : Promise.all([
            invalidateGrades(queryClient),
            queryClient.invalidateQueries({ queryKey: ['classes'] }),
            queryClient.invalidateQueries({ queryKey: ['students'] }),
            queryClient.invalidateQueries({ queryKey: ['attendance'] }),
          ]),
  });
}

/** The school years with their periods, to pick the period of a grid (read by every signed-in user). */
export function useGradePeriods() {
  return useQuery({
    queryKey: ['grades', 'years'] as const,
    queryFn: () => api<SchoolYear[]>('/api/anos-letivos', { globalErrors: false }),
    staleTime: 60_000,
  });
}

/**
 * A school year's classes the user may enter or read grades for (a teacher's own; every class for an
 * administrator), also the ones the year concluded.
 */
export function useGradeClasses(ano: number | undefined) {
  return useQuery({
    queryKey: ['grades', 'classes', ano ?? ''] as const,
    queryFn: () => api<RollClass[]>(`/api/frequencia/turmas${toQuery({ ano })}`, { globalErrors: false }),
    enabled: ano !== undefined,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type Assessment,
  type AssessmentsQuery,
  assessmentSchema,
} from '../../../shared/assessments.schemas';
import {
  type CellRectificationInput,
  type GradeHistory,
  type GradesBatchInput,
  type GradesGrid,
  type PeriodStatus,
  type RectificationInput,
  type SavedGrades,
  gradesGridSchema,
  gradeHistorySchema,
  periodStatusSchema,
} from '../../../shared/grades.schemas';
import {
  type RectificationRequest,
  type RectificationRequestInput,
  type RectificationRequestsQuery,
  rectificationRequestSchema,
} from '../../../shared/rectification-requests.schemas';
import {
  type RematriculaInput,
  type RematriculaProposal,
  type YearEndStatus,
  rematriculaProposalSchema,
  yearEndStatusSchema,
} from '../../../shared/year-end.schemas';
import { type GradesProgress, gradesProgressSchema } from '../../../shared/grades-progress.schemas';
import { type Teacher, teacherSchema } from '../../../shared/teachers.schemas';
import { type RollClass, rollClassSchema } from '../../../shared/attendance.schemas';
import { type SchoolYear, schoolYearSchema } from '../../../shared/calendar.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { isNoConnection } from '../../lib/offline/online';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas';
import { readThroughCopy } from '../../lib/offline/fila';
import { SCREEN_CONTENT_META } from '../../lib/offline/reading-allowlist';
import { classDiaryRoot, invalidateAttendance, invalidateGrades, keyRoots } from '../../lib/query-keys';
import { reportCardKeys } from '../../domain/report-card.api';
import { academicSettingsKey } from '../../domain/academic-settings';
import { compareClasses } from '../../../shared/classes.schemas';

/**
 * TanStack Query hooks for every grades route. Writes invalidate what they change; the
 * grid's 409 carries `details` per cell (`notas.N`), which the screen shows in place.
 */
export const gradesKeys = {
  all: keyRoots.grades,
  settings: academicSettingsKey,
  assessmentsAll: [...keyRoots.grades, 'assessments'] as const,
  assessments: (query: AssessmentsQuery = {}) =>
    [
      ...keyRoots.grades,
      'assessments',
      query.turma_id ?? '',
      query.disciplina ?? '',
      query.periodo_id ?? '',
    ] as const,
  grid: (turmaId: string, disciplina: string, periodoId: string) =>
    [...keyRoots.grades, 'grid', turmaId, disciplina, periodoId] as const,
  history: (notaId: string) => [...keyRoots.grades, 'history', notaId] as const,
  progress: (periodoId: string) => [...keyRoots.grades, 'progress', periodoId] as const,
  /** Under `progress`: refreshed with it. */
  readiness: (periodoId: string) => [...keyRoots.grades, 'progress', periodoId, 'chamadas'] as const,
  requests: (query: RectificationRequestsQuery = {}) =>
    [...keyRoots.grades, 'rectification-requests', query.situacao ?? 'todas', query.turma_id ?? ''] as const,
  period: (periodoId: string) => [...keyRoots.grades, 'period', periodoId] as const,
  reportCards: reportCardKeys.all,
  reportCard: reportCardKeys.one,
  years: reportCardKeys.years,
  classes: (ano?: number) => [...keyRoots.grades, 'classes', ano ?? ''] as const,
  rematricula: (anoLetivoId: string) => [...keyRoots.grades, 'rematricula', anoLetivoId] as const,
  yearEnd: (anoLetivoId: string) => [...keyRoots.grades, 'year-end', anoLetivoId] as const,
};

// ---------------------------------------------------------------- 'Acadêmico' settings

export { useAcademicSettings, useSaveAcademicSettings } from '../../domain/academic-settings';

// ---------------------------------------------------------------- avaliações

export const assessmentsQuery = (query: AssessmentsQuery = {}, enabled = true) =>
  queryOptions({
    queryKey: gradesKeys.assessments(query),
    queryFn: () =>
      api<Assessment[]>(`/api/avaliacoes${toQuery({ ...query })}`, {
        schema: assessmentSchema.array(),
        globalErrors: false,
      }),
    enabled,
  });

export function useAssessments(query: AssessmentsQuery = {}, enabled = true) {
  return useQuery(assessmentsQuery(query, enabled));
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
export const gradesGridQuery = (turmaId: string, disciplina: string, periodoId: string) =>
  queryOptions({
    queryKey: gradesKeys.grid(turmaId, disciplina, periodoId),
    // Offline the grid opens from the copy kept on the device (ADR 0053): the query runs, never pauses.
    networkMode: 'always',
    meta: SCREEN_CONTENT_META,
    queryFn: async () => {
      const url = `/api/notas/turmas/${turmaId}${toQuery({ disciplina, periodo_id: periodoId })}`;
      const read = await readThroughCopy(
        url,
        () => api<GradesGrid>(url, { schema: gradesGridSchema, globalErrors: false }),
        isNoConnection,
      );
      return read.data;
    },
    enabled: Boolean(turmaId && disciplina && periodoId),
  });

export function useGradesGrid(turmaId: string, disciplina: string, periodoId: string) {
  return useQuery(gradesGridQuery(turmaId, disciplina, periodoId));
}

/**
 * Saves a batch of cells (all or nothing). The screen keeps the versions it read; on success the
 * answer carries each saved cell's new version (`notas`), so it can go on saving without reloading.
 */
export function useSaveGrades() {
  const queryClient = useQueryClient();
  return useMutation({
    // A network failure is an answer here (the batch goes into the device's queue), not a paused save.
    networkMode: 'always',
    mutationFn: ({ key, ...input }: GradesBatchInput & { key?: string }) =>
      apiWithMessage<SavedGrades>('/api/notas', {
        method: 'PUT',
        body: input,
        globalErrors: false,
        ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gradesKeys.assessmentsAll }),
        queryClient.invalidateQueries({ queryKey: gradesKeys.reportCards }),
        queryClient.invalidateQueries({ queryKey: classDiaryRoot }),
        queryClient.invalidateQueries({ queryKey: keyRoots.dashboard }),
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

export const gradeHistoryQuery = (notaId: string | null) =>
  queryOptions({
    queryKey: gradesKeys.history(notaId ?? ''),
    queryFn: () =>
      api<GradeHistory>(`/api/notas/${notaId ?? ''}/historico`, {
        schema: gradeHistorySchema,
        globalErrors: false,
      }),
    enabled: Boolean(notaId),
  });

export function useGradeHistory(notaId: string | null) {
  return useQuery(gradeHistoryQuery(notaId));
}

// ---------------------------------------------------------------- teachers' retificação requests

/** The administrator's queue (every request) or, for a teacher, their own requests. */
export const rectificationRequestsQuery = (query: RectificationRequestsQuery = {}) =>
  queryOptions({
    queryKey: gradesKeys.requests(query),
    queryFn: () =>
      api<RectificationRequest[]>(`/api/retificacoes${toQuery(query)}`, {
        schema: rectificationRequestSchema.array(),
        globalErrors: false,
      }),
  });

export function useRectificationRequests(query: RectificationRequestsQuery = {}) {
  return useQuery(rectificationRequestsQuery(query));
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

export const periodStatusQuery = (periodoId: string) =>
  queryOptions({
    queryKey: gradesKeys.period(periodoId),
    queryFn: () =>
      api<PeriodStatus>(`/api/periodos/${periodoId}/situacao`, {
        schema: periodStatusSchema,
        globalErrors: false,
      }),
    enabled: Boolean(periodoId),
  });

/** 'Lançamento de notas' of a period: every class's subjects, grades still missing (the coordenação's). */
export const gradesProgressQuery = (periodoId: string) =>
  queryOptions({
    queryKey: gradesKeys.progress(periodoId),
    queryFn: () =>
      api<GradesProgress>(`/api/notas/acompanhamento${toQuery({ periodo_id: periodoId })}`, {
        schema: gradesProgressSchema,
        globalErrors: false,
      }),
    enabled: Boolean(periodoId),
  });

/** The same, with the rolls not taken in the period: the check before closing or publishing it. */
export const periodReadinessQuery = (periodoId: string) =>
  queryOptions({
    queryKey: gradesKeys.readiness(periodoId),
    queryFn: () =>
      api<GradesProgress>(
        `/api/notas/acompanhamento${toQuery({ periodo_id: periodoId, chamadas: 'true' })}`,
        {
          schema: gradesProgressSchema,
          globalErrors: false,
        },
      ),
    enabled: Boolean(periodoId),
  });

export function usePeriodStatus(periodoId: string) {
  return useQuery(periodStatusQuery(periodoId));
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
        invalidateAttendance(queryClient),
        queryClient.invalidateQueries({ queryKey: keyRoots.calendar }),
      ]),
  });
}

// ---------------------------------------------------------------- conselho de classe and boletim

export {
  downloadClassReportCards,
  downloadReportCard,
  useCouncilDecision,
  useReportCard,
} from '../../domain/report-card.api';

// ---------------------------------------------------------------- closing the year, rematrícula
// Closing the year and applying the rematrícula run as background tasks (year-end-tasks.api.ts);
// here, what the 'Ano letivo' screen reads.

export const rematriculaProposalQuery = (anoLetivoId: string, enabled = true) =>
  queryOptions({
    queryKey: gradesKeys.rematricula(anoLetivoId),
    queryFn: () =>
      api<RematriculaProposal>(`/api/anos-letivos/${anoLetivoId}/rematricula`, {
        schema: rematriculaProposalSchema,
        globalErrors: false,
      }),
    enabled: Boolean(anoLetivoId) && enabled,
  });

export function useRematriculaProposal(anoLetivoId: string, enabled = true) {
  return useQuery(rematriculaProposalQuery(anoLetivoId, enabled));
}

/** The 'Ano letivo' screen: each period across the classes, the closing and the rematrícula. */
export const yearEndStatusQuery = (anoLetivoId: string) =>
  queryOptions({
    queryKey: gradesKeys.yearEnd(anoLetivoId),
    queryFn: () =>
      api<YearEndStatus>(`/api/anos-letivos/${anoLetivoId}/encerramento`, {
        schema: yearEndStatusSchema,
        globalErrors: false,
      }),
    enabled: Boolean(anoLetivoId),
  });

export function useYearEndStatus(anoLetivoId: string) {
  return useQuery(yearEndStatusQuery(anoLetivoId));
}

/**
 * The proposal with the administrator's adjustments, as the server simulates it (`dryRun`: nothing
 * changes). Keyed by the adjustments, so the screen always shows the server's counts and destinations;
 * the previous answer stays on screen while the next one comes.
 */
export const rematriculaSimulationQuery = (anoLetivoId: string, input: RematriculaInput, enabled: boolean) =>
  queryOptions({
    queryKey: [...gradesKeys.rematricula(anoLetivoId), input] as const,
    queryFn: () =>
      api<RematriculaProposal>(`/api/anos-letivos/${anoLetivoId}/rematricula?dryRun=true`, {
        schema: rematriculaProposalSchema,
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    enabled: Boolean(anoLetivoId) && enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useRematriculaSimulation(anoLetivoId: string, input: RematriculaInput, enabled: boolean) {
  return useQuery(rematriculaSimulationQuery(anoLetivoId, input, enabled));
}

/** The teachers, to confirm each new class's teacher. */
export const teacherChoicesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keyRoots.teachers,
    queryFn: () => api<Teacher[]>('/api/professores', { schema: teacherSchema.array(), globalErrors: false }),
    enabled,
  });

export function useTeacherChoices(enabled: boolean) {
  return useQuery(teacherChoicesQuery(enabled));
}

/** The school years with their periods, to pick the period of a grid (read by every signed-in user). */
export const gradePeriodsQuery = () =>
  queryOptions({
    queryKey: gradesKeys.years,
    queryFn: () =>
      api<SchoolYear[]>('/api/anos-letivos', { schema: schoolYearSchema.array(), globalErrors: false }),
    staleTime: 60_000,
  });

export function useGradePeriods() {
  return useQuery(gradePeriodsQuery());
}

/** Classes in school order, then by name, numbers by value. */
const byClassName = <T extends { nome: string; serie: string }>(list: readonly T[]): T[] =>
  [...list].sort(compareClasses);

/**
 * A school year's classes the user may enter or read grades for (a teacher's own; every class for an
 * administrator), also the ones the year concluded. In school order, by série then name: the roll
 * call's list puts the classes with a roll due today first, an order that changed with every roll taken.
 */
export const gradeClassesQuery = (ano: number | undefined) =>
  queryOptions({
    queryKey: gradesKeys.classes(ano),
    queryFn: async () =>
      byClassName(
        await api<RollClass[]>(`/api/frequencia/turmas${toQuery({ ano })}`, {
          schema: rollClassSchema.array(),
          globalErrors: false,
        }),
      ),
    enabled: ano !== undefined,
  });

export function useGradeClasses(ano: number | undefined) {
  return useQuery(gradeClassesQuery(ano));
}

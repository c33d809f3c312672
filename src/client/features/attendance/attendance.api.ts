import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttendanceAlerts,
  type ClassMonth,
  type Roll,
  type RollClass,
  type RollInput,
  type TutelaryNotification,
  rollClassSchema,
  rollSchema,
  classMonthSchema,
  attendanceAlertsSchema,
} from '../../../shared/attendance.schemas';
import {
  classDiarySchema,
  diaryClassSchema,
  type ClassDiary,
  type ClassDiaryQuery,
  type DiaryClass,
} from '../../../shared/diario.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import { classDiaryRoot, invalidateAttendance, keyRoots } from '../../lib/query-keys';
import { SCREEN_CONTENT_META } from '../../lib/offline/reading-allowlist';

/**
 * Query keys of the class diary; writes invalidate what they change (`invalidateAttendance`). A
 * student's figures live in the students feature, under `keyRoots.attendance` too.
 */
export const attendanceKeys = {
  all: keyRoots.attendance,
  rollClasses: (data?: string) => [...keyRoots.attendance, 'roll-classes', data ?? ''] as const,
  roll: (turmaId: string, data?: string, disciplina?: string | null, aula?: number) =>
    [...keyRoots.attendance, 'roll', turmaId, data ?? '', disciplina ?? '', aula ?? ''] as const,
  month: (turmaId: string, mes?: string) => [...keyRoots.attendance, 'month', turmaId, mes ?? ''] as const,
  diaryClasses: (ano: string) => [...keyRoots.attendance, 'diary-classes', ano] as const,
  diary: (turmaId: string, query: ClassDiaryQuery) =>
    [...classDiaryRoot, turmaId, query.disciplina ?? '', query.periodo_id ?? '', query.mes ?? ''] as const,
  alertsAll: [...keyRoots.attendance, 'alerts'] as const,
  alerts: (ano?: number, turmaId?: string) =>
    [...keyRoots.attendance, 'alerts', ano ?? '', turmaId ?? ''] as const,
};

/** The roll-call picker: the user's classes, with the lessons of the day first. */
export const rollClassesQuery = (data?: string) =>
  queryOptions({
    queryKey: attendanceKeys.rollClasses(data),
    queryFn: () =>
      api<RollClass[]>(`/api/frequencia/turmas${toQuery({ data })}`, {
        schema: rollClassSchema.array(),
        globalErrors: false,
      }),
  });

export function useRollClasses(data?: string) {
  return useQuery(rollClassesQuery(data));
}

/** The roll of a date (and lesson, in per-lesson classes): everyone present until marked absent. */
export const rollQuery = (
  turmaId: string,
  params: { data?: string; disciplina?: string | null; aula?: number },
) =>
  queryOptions({
    queryKey: attendanceKeys.roll(turmaId, params.data, params.disciplina, params.aula),
    queryFn: () =>
      api<Roll>(
        `/api/frequencia/turmas/${turmaId}${toQuery({
          data: params.data,
          disciplina: params.disciplina,
          aula: params.aula,
        })}`,
        { schema: rollSchema, globalErrors: false },
      ),
  });

export function useRoll(
  turmaId: string,
  params: { data?: string; disciplina?: string | null; aula?: number },
) {
  return useQuery(rollQuery(turmaId, params));
}

/** Saves the whole list of absences of a roll (idempotent); answers the roll as saved. */
export function useSaveRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ turmaId, input }: { turmaId: string; input: RollInput }) =>
      apiWithMessage<Roll>(`/api/frequencia/turmas/${turmaId}`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

/** Removes a roll taken by mistake, with the reason (audited); the lesson stops counting. */
export function useDeleteRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chamadaId, motivo }: { chamadaId: string; motivo: string }) =>
      apiWithMessage<null>(`/api/frequencia/chamadas/${chamadaId}`, {
        method: 'DELETE',
        body: { motivo },
        globalErrors: false,
      }),
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

export const classMonthQuery = (turmaId: string, mes?: string) =>
  queryOptions({
    queryKey: attendanceKeys.month(turmaId, mes),
    queryFn: () =>
      api<ClassMonth>(`/api/frequencia/turmas/${turmaId}/mes${toQuery({ mes })}`, {
        schema: classMonthSchema,
        globalErrors: false,
      }),
  });

export function useClassMonth(turmaId: string, mes?: string) {
  return useQuery(classMonthQuery(turmaId, mes));
}

/** 'Alunos com frequência abaixo de 75 %' and the Conselho Tutelar list. */
export const attendanceAlertsQuery = (ano?: number, turmaId?: string) =>
  queryOptions({
    queryKey: attendanceKeys.alerts(ano, turmaId),
    queryFn: () =>
      api<AttendanceAlerts>(`/api/frequencia/alertas${toQuery({ ano, turma_id: turmaId })}`, {
        schema: attendanceAlertsSchema,
        globalErrors: false,
      }),
  });

export function useAttendanceAlerts(ano?: number, turmaId?: string) {
  return useQuery(attendanceAlertsQuery(ano, turmaId));
}

/** Records the letter to the Conselho Tutelar (its issue date), then downloads the PDF. */
export function useIssueTutelaryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alunoId: string) => {
      const issued = await apiWithMessage<TutelaryNotification>('/api/frequencia/notificacoes', {
        method: 'POST',
        body: { aluno_id: alunoId },
        globalErrors: false,
      });
      await downloadTutelaryLetter(issued.data.id);
      return issued;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.alertsAll }),
  });
}

/** Reprints a letter already issued (same figures and date). */
export function downloadTutelaryLetter(notificacaoId: string) {
  return downloadFile(
    `/api/frequencia/notificacoes/${notificacaoId}/pdf`,
    'notificacao-conselho-tutelar.pdf',
  );
}

/**
 * The classes whose diary the user may open, in the school's order (ADR 0081: the secretaria's too): the
 * active ones, or a past year's (`ano`).
 */
export function useDiaryClasses(ano = '') {
  return useQuery({
    queryKey: attendanceKeys.diaryClasses(ano),
    queryFn: () =>
      api<DiaryClass[]>(`/api/frequencia/diario/turmas${ano ? `?ano=${ano}` : ''}`, {
        schema: diaryClassSchema.array(),
        globalErrors: false,
      }),
  });
}

/** The diário de classe: the lessons given in a period or month, their content and notas (ADR 0078, 0080). */
export const classDiaryQuery = (turmaId: string, query: ClassDiaryQuery) =>
  queryOptions({
    queryKey: attendanceKeys.diary(turmaId, query),
    // Offline, the diary shown from the device's copy is the screen (the school years beside it may wait).
    meta: SCREEN_CONTENT_META,
    queryFn: () =>
      api<ClassDiary>(`/api/frequencia/diario/turmas/${turmaId}${toQuery(query)}`, {
        schema: classDiarySchema,
        globalErrors: false,
      }),
  });

export function useClassDiary(turmaId: string, query: ClassDiaryQuery) {
  return useQuery({ ...classDiaryQuery(turmaId, query), enabled: turmaId !== '' });
}

/** The printable diário de classe (PDF) of one subject, or of the daily roll. */
export function downloadClassDiary(turmaId: string, query: ClassDiaryQuery) {
  return downloadFile(
    `/api/frequencia/diario/turmas/${turmaId}/pdf${toQuery(query)}`,
    'diario-de-classe.pdf',
  );
}

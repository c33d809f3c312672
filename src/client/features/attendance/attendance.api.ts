import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceAlerts,
  ClassMonth,
  Roll,
  RollClass,
  RollInput,
  TutelaryNotification,
} from '../../../shared/attendance.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';

/**
 * Query keys of the class diary; writes invalidate what they change. The subject grid's hooks live in the
 * classes feature and a student's figures in the students feature (keys under 'attendance' too).
 */
export const attendanceKeys = {
  all: ['attendance'] as const,
  rollClasses: (data?: string) => ['attendance', 'roll-classes', data ?? ''] as const,
  roll: (turmaId: string, data?: string, disciplina?: string | null, aula?: number) =>
    ['attendance', 'roll', turmaId, data ?? '', disciplina ?? '', aula ?? ''] as const,
  month: (turmaId: string, mes?: string) => ['attendance', 'month', turmaId, mes ?? ''] as const,
  alerts: (ano?: number, turmaId?: string) => ['attendance', 'alerts', ano ?? '', turmaId ?? ''] as const,
};

/** The roll-call picker: the user's classes, with the lessons of the day first. */
export function useRollClasses(data?: string) {
  return useQuery({
    queryKey: attendanceKeys.rollClasses(data),
    queryFn: () => api<RollClass[]>(`/api/frequencia/turmas${toQuery({ data })}`, { globalErrors: false }),
  });
}

/** The roll of a date (and lesson, in per-lesson classes): everyone present until marked absent. */
export function useRoll(
  turmaId: string,
  params: { data?: string; disciplina?: string | null; aula?: number },
) {
  return useQuery({
    queryKey: attendanceKeys.roll(turmaId, params.data, params.disciplina, params.aula),
    queryFn: () =>
      api<Roll>(
        `/api/frequencia/turmas/${turmaId}${toQuery({
          data: params.data,
          disciplina: params.disciplina,
          aula: params.aula,
        })}`,
        { globalErrors: false },
      ),
  });
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useClassMonth(turmaId: string, mes?: string) {
  return useQuery({
    queryKey: attendanceKeys.month(turmaId, mes),
    queryFn: () =>
      api<ClassMonth>(`/api/frequencia/turmas/${turmaId}/mes${toQuery({ mes })}`, { globalErrors: false }),
  });
}

/** 'Alunos com frequência abaixo de 75 %' and the Conselho Tutelar list. */
export function useAttendanceAlerts(ano?: number, turmaId?: string) {
  return useQuery({
    queryKey: attendanceKeys.alerts(ano, turmaId),
    queryFn: () =>
      api<AttendanceAlerts>(`/api/frequencia/alertas${toQuery({ ano, turma_id: turmaId })}`, {
        globalErrors: false,
      }),
  });
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['attendance', 'alerts'] }),
  });
}

/** Reprints a letter already issued (same figures and date). */
export function downloadTutelaryLetter(notificacaoId: string) {
  return downloadFile(
    `/api/frequencia/notificacoes/${notificacaoId}/pdf`,
    'notificacao-conselho-tutelar.pdf',
  );
}

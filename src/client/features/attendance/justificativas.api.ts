import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type StudentAttendance, studentAttendanceSchema } from '../../../shared/attendance.schemas';
import {
  type Justificativa,
  type JustificativaPage,
  justificativaPageSchema,
  justificativaSchema,
  type RespostaInput,
} from '../../../shared/justificativas.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { invalidateAttendance, keyRoots } from '../../lib/query-keys';

/**
 * Absence justifications (issue 32 §1, ADR 0034): the family's screen and the school's queue. Keys under
 * `keyRoots.attendance`, so an answer (an abono) refreshes every figure.
 */
export const justificativaKeys = {
  all: [...keyRoots.attendance, 'justificativas'] as const,
  queue: (situacao: string, page: number) =>
    [...keyRoots.attendance, 'justificativas', 'fila', situacao, page] as const,
  own: (alunoId: string) => [...keyRoots.attendance, 'justificativas', 'minhas', alunoId] as const,
  student: (alunoId: string) => [...keyRoots.attendance, 'familia', alunoId] as const,
};

export const familyAttendanceQuery = (alunoId: string) =>
  queryOptions({
    queryKey: justificativaKeys.student(alunoId),
    queryFn: () =>
      api<StudentAttendance>(`/api/frequencia/alunos/${alunoId}`, {
        schema: studentAttendanceSchema,
        globalErrors: false,
      }),
  });

export const ownJustificativasQuery = (alunoId: string) =>
  queryOptions({
    queryKey: justificativaKeys.own(alunoId),
    queryFn: () =>
      api<Justificativa[]>(`/api/frequencia/justificativas/minhas${toQuery({ aluno_id: alunoId })}`, {
        schema: justificativaSchema.array(),
        globalErrors: false,
      }),
  });

export const justificativasQueueQuery = (situacao: string, page: number) =>
  queryOptions({
    queryKey: justificativaKeys.queue(situacao, page),
    queryFn: () =>
      api<JustificativaPage>(`/api/frequencia/justificativas${toQuery({ situacao, page })}`, {
        schema: justificativaPageSchema,
        globalErrors: false,
      }),
  });

export function useJustificativasQueue(situacao: string, page: number) {
  return useQuery(justificativasQueueQuery(situacao, page));
}

/** Sends a justification (the reason and, if any, the atestado) for a child's absent day. */
export function useSendJustificativa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { alunoId: string; data: string; motivo: string; arquivo: File | null }) => {
      const form = new FormData();
      form.append('aluno_id', input.alunoId);
      form.append('data', input.data);
      form.append('motivo', input.motivo);
      if (input.arquivo) form.append('arquivo', input.arquivo);
      return apiWithMessage<Justificativa>('/api/frequencia/justificativas', {
        method: 'POST',
        body: form,
        globalErrors: false,
        timeoutMs: 60_000,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: justificativaKeys.all }),
  });
}

/** The school's answer: accept (the absences are abonadas) or answer without accepting. */
export function useAnswerJustificativa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RespostaInput }) =>
      apiWithMessage<Justificativa>(`/api/frequencia/justificativas/${id}/responder`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

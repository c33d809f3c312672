import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agendaAlunoSchema,
  agendaDiaTurmaSchema,
  agendaModeloSchema,
  agendaTurmaResumoSchema,
  autorizacaoSchema,
  type AgendaAluno,
  type AgendaDiaInput,
  type AgendaDiaTurma,
  type AgendaModelo,
  type AgendaModeloInput,
  type AgendaTurmaResumo,
  type Autorizacao,
  type AutorizacaoInput,
} from '../../../shared/agenda.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** The daily agenda (issue 32 §3): the teacher's form, the coordination's templates, the family's day. */
export const agendaKeys = {
  all: keyRoots.agenda,
  classes: [...keyRoots.agenda, 'turmas'] as const,
  day: (turmaId: string, data: string) => [...keyRoots.agenda, 'dia', turmaId, data] as const,
  modelo: (turmaId: string) => [...keyRoots.agenda, 'modelo', turmaId] as const,
  child: (alunoId: string, data: string | undefined) =>
    [...keyRoots.agenda, 'aluno', alunoId, data ?? 'ultimo-dia'] as const,
  medicacoes: (alunoId: string) => [...keyRoots.agenda, 'medicacoes', alunoId] as const,
};

export const agendaClassesQuery = () =>
  queryOptions({
    queryKey: agendaKeys.classes,
    queryFn: () =>
      api<AgendaTurmaResumo[]>('/api/agenda/turmas', {
        schema: agendaTurmaResumoSchema.array(),
        globalErrors: false,
      }),
  });

export const agendaDayQuery = (turmaId: string, data: string) =>
  queryOptions({
    queryKey: agendaKeys.day(turmaId, data),
    queryFn: () =>
      api<AgendaDiaTurma>(`/api/agenda/turmas/${turmaId}/${data}`, {
        schema: agendaDiaTurmaSchema,
        globalErrors: false,
      }),
    enabled: turmaId !== '',
  });

export const agendaModeloQuery = (turmaId: string) =>
  queryOptions({
    queryKey: agendaKeys.modelo(turmaId),
    queryFn: () =>
      api<AgendaModelo>(`/api/agenda/turmas/${turmaId}/modelo`, {
        schema: agendaModeloSchema,
        globalErrors: false,
      }),
    enabled: turmaId !== '',
  });

/** Without `data`, the server answers today or, on a day without class, the latest school day. */
export const childAgendaQuery = (alunoId: string, data: string | undefined) =>
  queryOptions({
    queryKey: agendaKeys.child(alunoId, data),
    queryFn: () =>
      api<AgendaAluno>(`/api/agenda/alunos/${alunoId}${toQuery({ data })}`, {
        schema: agendaAlunoSchema,
        globalErrors: false,
      }),
    enabled: alunoId !== '',
  });

export const medicacoesQuery = (alunoId: string) =>
  queryOptions({
    queryKey: agendaKeys.medicacoes(alunoId),
    queryFn: () =>
      api<Autorizacao[]>(`/api/agenda/alunos/${alunoId}/medicacoes`, {
        schema: autorizacaoSchema.array(),
        globalErrors: false,
      }),
    enabled: alunoId !== '',
  });

export const useAgendaClasses = () => useQuery(agendaClassesQuery());

function useInvalidateAgenda() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agendaKeys.all });
}

export function useSaveDay(turmaId: string, data: string) {
  const invalidate = useInvalidateAgenda();
  return useMutation({
    mutationFn: (body: AgendaDiaInput) =>
      apiWithMessage<AgendaDiaTurma>(`/api/agenda/turmas/${turmaId}/${data}`, {
        method: 'PUT',
        body,
        schema: agendaDiaTurmaSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useDayPhoto(turmaId: string, data: string) {
  const invalidate = useInvalidateAgenda();
  return useMutation({
    mutationFn: (arquivo: File | null) => {
      const url = `/api/agenda/turmas/${turmaId}/${data}/foto`;
      if (!arquivo) return apiWithMessage<null>(url, { method: 'DELETE', globalErrors: false });
      const body = new FormData();
      body.append('arquivo', arquivo);
      return apiWithMessage<null>(url, { method: 'PUT', body, globalErrors: false, timeoutMs: 60_000 });
    },
    onSuccess: invalidate,
  });
}

export function useSaveModelo(turmaId: string) {
  const invalidate = useInvalidateAgenda();
  return useMutation({
    mutationFn: (body: AgendaModeloInput) =>
      apiWithMessage<AgendaModelo>(`/api/agenda/turmas/${turmaId}/modelo`, {
        method: 'PUT',
        body,
        schema: agendaModeloSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useAuthorise(alunoId: string) {
  const invalidate = useInvalidateAgenda();
  return useMutation({
    mutationFn: (body: AutorizacaoInput) =>
      apiWithMessage<Autorizacao>(`/api/agenda/alunos/${alunoId}/medicacoes`, {
        method: 'POST',
        body,
        schema: autorizacaoSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useRevoke() {
  const invalidate = useInvalidateAgenda();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<Autorizacao>(`/api/agenda/medicacoes/${id}/revogar`, {
        method: 'POST',
        schema: autorizacaoSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

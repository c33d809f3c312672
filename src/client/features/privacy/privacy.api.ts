import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptPrivacyInput, PrivacyStatus } from '../../../shared/privacy.schemas';
import type { SchoolClass } from '../../../shared/classes.schemas';
import type { ClassConsents, StudentConsents } from '../../../shared/consent.schemas';
import type {
  AnswerRequestInput,
  CreateRequestInput,
  DataRequest,
} from '../../../shared/data-rights.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';

const privacyKey = ['privacy'] as const;

export function usePrivacyStatus(enabled: boolean) {
  return useQuery({
    queryKey: privacyKey,
    queryFn: () => api<PrivacyStatus>('/api/privacidade', { globalErrors: false }),
    enabled,
  });
}

export function useAcceptPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptPrivacyInput) =>
      apiWithMessage<PrivacyStatus>('/api/privacidade/aceite', {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(privacyKey, result.data),
  });
}

/* ---------- consents, requests, 'Meus dados' ---------- */

export function useChildren(enabled: boolean) {
  return useQuery({
    queryKey: ['privacy', 'children'],
    queryFn: () =>
      api<{ items: { id: string; nome: string }[] }>('/api/alunos?pageSize=50', { globalErrors: false }),
    enabled,
  });
}

export function useStudentConsents(alunoId: string) {
  return useQuery({
    queryKey: ['privacy', 'consents', alunoId],
    queryFn: () => api<StudentConsents>(`/api/alunos/${alunoId}/consentimentos`, { globalErrors: false }),
  });
}

export function useRecordConsent(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { finalidade_id: string; concedido: boolean }) =>
      apiWithMessage<StudentConsents>(`/api/alunos/${alunoId}/consentimentos`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(['privacy', 'consents', alunoId], result.data),
  });
}

export function useClassConsents(turmaId: string) {
  return useQuery({
    queryKey: ['privacy', 'class-consents', turmaId],
    queryFn: () => api<ClassConsents>(`/api/consentimentos/turmas/${turmaId}`, { globalErrors: false }),
    enabled: turmaId !== '',
  });
}

export function useClasses() {
  return useQuery({
    queryKey: ['classes', 'options'],
    queryFn: () => api<SchoolClass[]>('/api/turmas', { globalErrors: false }),
  });
}

const requestsKey = ['privacy', 'requests'] as const;

export function useRequests(situacao = '') {
  return useQuery({
    queryKey: [...requestsKey, situacao],
    queryFn: () => api<DataRequest[]>(`/api/solicitacoes${toQuery({ situacao })}`, { globalErrors: false }),
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRequestInput) =>
      apiWithMessage<DataRequest>('/api/solicitacoes', { method: 'POST', body: input, globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AnswerRequestInput }) =>
      apiWithMessage<DataRequest>(`/api/solicitacoes/${id}/responder`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

export function downloadMyData(formato: 'json' | 'pdf') {
  return downloadFile(`/api/meus-dados?formato=${formato}`, `meus-dados.${formato}`);
}

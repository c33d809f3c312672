import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type AcceptPrivacyInput,
  type PrivacyStatus,
  privacyStatusSchema,
} from '../../../shared/privacy.schemas';
import { type SchoolClass, classSchema } from '../../../shared/classes.schemas';
import {
  type ClassConsents,
  type StudentConsents,
  studentConsentsSchema,
  classConsentsSchema,
} from '../../../shared/consent.schemas';
import {
  type AnswerRequestInput,
  type CreateRequestInput,
  type DataRequest,
  dataRequestSchema,
} from '../../../shared/data-rights.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import { keyRoots, sharedKeys } from '../../lib/query-keys';

const privacyKey = keyRoots.privacy;
const privacyKeys = {
  children: [...keyRoots.privacy, 'children'] as const,
  consents: (alunoId: string) => [...keyRoots.privacy, 'consents', alunoId] as const,
  classConsents: (turmaId: string) => [...keyRoots.privacy, 'class-consents', turmaId] as const,
};

export const privacyStatusQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: privacyKey,
    queryFn: () =>
      api<PrivacyStatus>('/api/privacidade', { schema: privacyStatusSchema, globalErrors: false }),
    enabled,
  });

export function usePrivacyStatus(enabled: boolean) {
  return useQuery(privacyStatusQuery(enabled));
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

export const childrenQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: privacyKeys.children,
    queryFn: () =>
      api<{ items: { id: string; nome: string }[] }>('/api/alunos?pageSize=50', { globalErrors: false }),
    enabled,
  });

export function useChildren(enabled: boolean) {
  return useQuery(childrenQuery(enabled));
}

export const studentConsentsQuery = (alunoId: string) =>
  queryOptions({
    queryKey: privacyKeys.consents(alunoId),
    queryFn: () =>
      api<StudentConsents>(`/api/alunos/${alunoId}/consentimentos`, {
        schema: studentConsentsSchema,
        globalErrors: false,
      }),
  });

export function useStudentConsents(alunoId: string) {
  return useQuery(studentConsentsQuery(alunoId));
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
    onSuccess: (result) => queryClient.setQueryData(privacyKeys.consents(alunoId), result.data),
  });
}

export const classConsentsQuery = (turmaId: string) =>
  queryOptions({
    queryKey: privacyKeys.classConsents(turmaId),
    queryFn: () =>
      api<ClassConsents>(`/api/consentimentos/turmas/${turmaId}`, {
        schema: classConsentsSchema,
        globalErrors: false,
      }),
    enabled: turmaId !== '',
  });

export function useClassConsents(turmaId: string) {
  return useQuery(classConsentsQuery(turmaId));
}

export const classesQuery = () =>
  queryOptions({
    queryKey: sharedKeys.classOptions,
    queryFn: () => api<SchoolClass[]>('/api/turmas', { schema: classSchema.array(), globalErrors: false }),
  });

export function useClasses() {
  return useQuery(classesQuery());
}

const requestsKey = [...keyRoots.privacy, 'requests'] as const;

export const requestsQuery = (situacao = '') =>
  queryOptions({
    queryKey: [...requestsKey, situacao],
    queryFn: () =>
      api<DataRequest[]>(`/api/solicitacoes${toQuery({ situacao })}`, {
        schema: dataRequestSchema.array(),
        globalErrors: false,
      }),
  });

export function useRequests(situacao = '') {
  return useQuery(requestsQuery(situacao));
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

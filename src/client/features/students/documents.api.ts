import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type PriorYear,
  type PriorYearInput,
  type SchoolDocument,
  documentSchema,
  priorYearSchema,
} from '../../../shared/documents.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { documentsKey } from '../../domain/documents.api';

/** A student's issued documents and the years typed in from previous schools. */
const priorYearsKey = (alunoId: string) => [...keyRoots.documents, alunoId, 'prior-years'] as const;

export const documentsQuery = (alunoId: string) =>
  queryOptions({
    queryKey: documentsKey(alunoId),
    queryFn: () =>
      api<SchoolDocument[]>(`/api/documentos${toQuery({ aluno_id: alunoId })}`, {
        schema: documentSchema.array(),
        globalErrors: false,
      }),
  });

export function useDocuments(alunoId: string) {
  return useQuery(documentsQuery(alunoId));
}

export function useRevokeDocument(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      apiWithMessage<SchoolDocument>(`/api/documentos/${id}/revogar`, {
        method: 'POST',
        body: { motivo },
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(alunoId) }),
  });
}

export const priorYearsQuery = (alunoId: string, enabled: boolean) =>
  queryOptions({
    queryKey: priorYearsKey(alunoId),
    queryFn: () =>
      api<PriorYear[]>(`/api/alunos/${alunoId}/anos-anteriores`, {
        schema: priorYearSchema.array(),
        globalErrors: false,
      }),
    enabled,
  });

export function usePriorYears(alunoId: string, enabled: boolean) {
  return useQuery(priorYearsQuery(alunoId, enabled));
}

export function useSavePriorYear(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PriorYearInput }) =>
      apiWithMessage<PriorYear>(`/api/alunos/${alunoId}/anos-anteriores${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priorYearsKey(alunoId) }),
  });
}

export function useDeletePriorYear(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/alunos/${alunoId}/anos-anteriores/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priorYearsKey(alunoId) }),
  });
}

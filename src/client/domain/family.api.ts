/**
 * What the family's screens share (issue 32 §1): the signed-in guardian's children (the child switcher
 * of Boletim, Documentos, the child's page) and the guardian's own record (their contact data, which they
 * keep up to date themselves).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/api';
import { type Guardian, type StudentListItem, guardianSchema } from '../../shared/students.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/** The family's children: the students list is scoped to them on the server; the active ones first. */
export const familyChildrenQuery = (enabled = true) =>
  queryOptions({
    queryKey: [...keyRoots.students, 'familia'] as const,
    queryFn: () =>
      api<Page<StudentListItem>>('/api/alunos?pageSize=100&sort=nome&order=asc', { globalErrors: false }),
    select: (page) =>
      [...page.items].sort((a, b) => Number(b.status === 'ativo') - Number(a.status === 'ativo')),
    enabled,
    staleTime: 60_000,
  });

export function useFamilyChildren(enabled = true) {
  return useQuery(familyChildrenQuery(enabled));
}

const ownGuardianKey = [...keyRoots.guardians, 'me'] as const;

/** The signed-in guardian's own record (contact data they may edit). */
export const ownGuardianQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ownGuardianKey,
    queryFn: () => api<Guardian>('/api/responsaveis/me', { schema: guardianSchema, globalErrors: false }),
    enabled,
  });

export function useOwnGuardian(enabled: boolean) {
  return useQuery(ownGuardianQuery(enabled));
}

export function useUpdateOwnGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { telefone: string; endereco?: string | null; version: number }) =>
      apiWithMessage<Guardian>('/api/responsaveis/me', { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownGuardianKey }),
        queryClient.invalidateQueries({ queryKey: keyRoots.students }),
      ]),
  });
}

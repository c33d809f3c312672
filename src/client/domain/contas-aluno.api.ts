/**
 * Students' own portal accounts (issue 31 §4, ADR 0029): the staff's section on the student's record,
 * the guardian's panel and the Portal do Aluno read them, so the hooks live here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsentimentoMeio,
  type CreatedStudentAccount,
  type StudentAccess,
  type StudentAccount,
  type StudentAccountSettings,
  type StudentPortal,
  createdStudentAccountSchema,
  resetStudentPasswordResultSchema,
  studentAccessSchema,
  studentAccountSchema,
  studentAccountSettingsSchema,
  studentPortalSchema,
} from '../../shared/contas-aluno.schemas';
import type { EnvioEmail } from '../../shared/users.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

const root = keyRoots.contasAluno;

export const studentAccessQuery = (alunoId: string) =>
  queryOptions({
    queryKey: [...root, 'aluno', alunoId] as const,
    queryFn: () =>
      api<StudentAccess>(`/api/alunos/${alunoId}/acesso`, {
        schema: studentAccessSchema,
        globalErrors: false,
      }),
  });

export const familyAccountsQuery = () =>
  queryOptions({
    queryKey: [...root, 'familia'] as const,
    queryFn: () =>
      api<StudentAccount[]>('/api/contas-aluno/familia', { schema: studentAccountSchema.array() }),
  });

export const studentPortalQuery = () =>
  queryOptions({
    queryKey: [...root, 'portal'] as const,
    queryFn: () => api<StudentPortal>('/api/portal-aluno', { schema: studentPortalSchema }),
  });

export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: [...root, 'configuracao'] as const,
    queryFn: () =>
      api<StudentAccountSettings>('/api/contas-aluno/configuracao', { schema: studentAccountSettingsSchema }),
  });

/** The accounts a guardian asked the school to disable (the staff's screen and the Alunos page's count). */
export const disableRequestsQuery = () =>
  queryOptions({
    queryKey: [...root, 'pedidos'] as const,
    queryFn: () =>
      api<StudentAccount[]>('/api/contas-aluno?pedidos=1', { schema: studentAccountSchema.array() }),
  });

/** Disables the account a guardian asked about (answering the request), from the requests' screen. */
export function useDisableRequested() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (alunoId: string) =>
      apiWithMessage<StudentAccount>(`/api/alunos/${alunoId}/acesso`, {
        method: 'PATCH',
        body: { status: 'inativo' },
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

export function useStudentPortal() {
  return useQuery(studentPortalQuery());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: root });
}

export function useCreateStudentAccount(alunoId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: {
      email: string;
      /** Absent: the family already authorized the account in their portal (`autorizacao_familia`). */
      consentimento?: { responsavel_id: string; meio: ConsentimentoMeio };
    }) =>
      apiWithMessage<CreatedStudentAccount>(`/api/alunos/${alunoId}/acesso`, {
        method: 'POST',
        body,
        schema: createdStudentAccountSchema,
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

export function useStudentAccountStatus(alunoId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (status: 'ativo' | 'inativo') =>
      apiWithMessage<StudentAccount>(`/api/alunos/${alunoId}/acesso`, {
        method: 'PATCH',
        body: { status },
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

export function useResetStudentPassword(alunoId: string) {
  return useMutation({
    mutationFn: () =>
      apiWithMessage<{ novaSenha: string; emailEnviado: boolean; envioEmail?: EnvioEmail | undefined }>(
        `/api/alunos/${alunoId}/acesso/senha`,
        { method: 'POST', schema: resetStudentPasswordResultSchema, globalErrors: false },
      ),
  });
}

export function useRequestDisable() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ alunoId, motivo }: { alunoId: string; motivo: string }) =>
      apiWithMessage<StudentAccount>(`/api/alunos/${alunoId}/acesso/pedido-desativacao`, {
        method: 'POST',
        body: motivo ? { motivo } : {},
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

export function useSaveAccountSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: StudentAccountSettings) =>
      apiWithMessage<StudentAccountSettings>('/api/contas-aluno/configuracao', {
        method: 'PUT',
        body,
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

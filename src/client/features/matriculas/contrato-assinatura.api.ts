import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assinaturaPublicaSchema,
  contratoSchema,
  type AssinaturaPublica,
  type Contrato,
} from '../../../shared/contratos.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { z } from 'zod';

/** Query keys of the contracts part of matrícula online (issue 34). */
export const contratoKeys = {
  assinatura: (token: string) => ['matriculas', 'assinatura', token] as const,
  contratosDe: (interessadoId: string) => ['matriculas', 'contratos', interessadoId] as const,
};

const assinaturaUrl = (token: string) => `/api/assinaturas/${encodeURIComponent(token)}`;
export const assinaturaPdfUrl = (token: string) => `${assinaturaUrl(token)}/pdf`;
export const contratoPdfUrl = (id: string) => `/api/matriculas/contratos/${id}/pdf`;

export function useAssinatura(token: string) {
  return useQuery<AssinaturaPublica>({
    queryKey: contratoKeys.assinatura(token),
    queryFn: () => api(assinaturaUrl(token), { schema: assinaturaPublicaSchema, globalErrors: false }),
    retry: false,
  });
}

export function usePedirCodigo(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ email_mascarado: string; expira_em: string }>(`${assinaturaUrl(token)}/codigo`, {
        method: 'POST',
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contratoKeys.assinatura(token) }),
  });
}

export function useAssinar(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codigo: string) =>
      api<{ contrato_id: string; assinado_por_todos: boolean; codigo_validacao: string }>(
        `${assinaturaUrl(token)}/assinar`,
        { method: 'POST', body: { codigo }, globalErrors: false },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contratoKeys.assinatura(token) }),
  });
}

/** A family's contracts (the funnel's drawer) and sending a new one. */
export function useContratosDe(interessadoId: string) {
  return useQuery<Contrato[]>({
    queryKey: contratoKeys.contratosDe(interessadoId),
    queryFn: () =>
      api(`/api/matriculas/interessados/${interessadoId}/contratos`, { schema: z.array(contratoSchema) }),
  });
}

export function useEnviarContrato(interessadoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiWithMessage<{ contrato_id: string; signatarios: number; anulados: number }>(
        `/api/matriculas/interessados/${interessadoId}/contrato`,
        { method: 'POST', globalErrors: false },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['matriculas'] }),
  });
}

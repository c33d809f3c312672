import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assinaturaPublicaSchema,
  contratoSchema,
  contratosConfiguracaoSchema,
  modeloContratoSchema,
  modeloVigenteSchema,
  type AssinaturaPublica,
  type Contrato,
  type ContratosConfiguracao,
  type ContratosConfiguracaoInput,
  type ModeloContrato,
  type ModeloContratoInput,
  type ModeloVigente,
} from '../../../shared/matriculas.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { z } from 'zod';

/** Query keys of the contracts part of matrícula online (issue 34). */
export const contratoKeys = {
  assinatura: (token: string) => ['matriculas', 'assinatura', token] as const,
  modelos: ['matriculas', 'modelos-contrato'] as const,
  vigente: ['matriculas', 'modelos-contrato', 'vigente'] as const,
  configuracao: ['matriculas', 'modelos-contrato', 'configuracao'] as const,
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

export function useModelosContrato() {
  return useQuery<ModeloContrato[]>({
    queryKey: contratoKeys.modelos,
    queryFn: () => api('/api/matriculas/modelos-contrato', { schema: z.array(modeloContratoSchema) }),
  });
}

export function useModeloVigente() {
  return useQuery<ModeloVigente>({
    queryKey: contratoKeys.vigente,
    queryFn: () => api('/api/matriculas/modelos-contrato/vigente', { schema: modeloVigenteSchema }),
  });
}

export function useSalvarModelo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModeloContratoInput) =>
      apiWithMessage<ModeloContrato>('/api/matriculas/modelos-contrato', {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contratoKeys.modelos }),
  });
}

export function useConfiguracaoContratos() {
  return useQuery<ContratosConfiguracao>({
    queryKey: contratoKeys.configuracao,
    queryFn: () =>
      api('/api/matriculas/modelos-contrato/configuracao', { schema: contratosConfiguracaoSchema }),
  });
}

export function useSalvarConfiguracaoContratos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContratosConfiguracaoInput) =>
      apiWithMessage<ContratosConfiguracao>('/api/matriculas/modelos-contrato/configuracao', {
        method: 'PUT',
        body,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contratoKeys.configuracao }),
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

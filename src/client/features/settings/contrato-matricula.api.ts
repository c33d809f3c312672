import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  contratosConfiguracaoSchema,
  modeloContratoSchema,
  modeloVigenteSchema,
  type ContratosConfiguracao,
  type ContratosConfiguracaoInput,
  type ModeloContrato,
  type ModeloContratoInput,
  type ModeloVigente,
} from '../../../shared/contratos.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

/** Configurações → Contrato de matrícula (issue 34): the versioned template and who signs. */
const contratoKeys = {
  modelos: ['matriculas', 'modelos-contrato'] as const,
  vigente: ['matriculas', 'modelos-contrato', 'vigente'] as const,
  configuracao: ['matriculas', 'modelos-contrato', 'configuracao'] as const,
};

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

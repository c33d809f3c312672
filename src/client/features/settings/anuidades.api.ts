import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  anuidadeSchema,
  anuidadesAnoSchema,
  contratoPublicadoSchema,
  matriculasConfigSchema,
  type Anuidade,
  type AnuidadeInput,
  type AnuidadesAno,
  type ContratoPublicado,
  type MatriculasConfig,
} from '../../../shared/anuidades.schemas';
import { api, ApiError, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const BASE = '/api/matriculas/anuidades';

export const anuidadesQuery = (ano: number) =>
  queryOptions({
    queryKey: [...keyRoots.anuidades, 'ano', ano],
    queryFn: () => api<AnuidadesAno>(`${BASE}${toQuery({ ano })}`, { schema: anuidadesAnoSchema }),
  });

export const matriculasConfigQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.anuidades, 'configuracao'],
    queryFn: () => api<MatriculasConfig>(`${BASE}/configuracao`, { schema: matriculasConfigSchema }),
  });

export const useAnuidades = (ano: number) => useQuery(anuidadesQuery(ano));
export const useMatriculasConfig = () => useQuery(matriculasConfigQuery());

export function useSaveAnuidade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnuidadeInput) =>
      apiWithMessage<Anuidade>(BASE, {
        method: 'PUT',
        body: input,
        globalErrors: false,
        schema: anuidadeSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.anuidades }),
  });
}

export function useDeleteAnuidade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`${BASE}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.anuidades }),
  });
}

/**
 * The contract template in force (another part of issue 34 serves it): null when the school has none
 * yet or the route is not there, so 'Publicar' still works and the warning says the contract is missing.
 */
export async function contratoVigente(): Promise<ContratoPublicado | null> {
  try {
    const data = await api<Record<string, unknown> | null>('/api/matriculas/modelos-contrato/vigente', {
      globalErrors: false,
    });
    if (!data) return null;
    // Only the four fields the publication keeps (the template may carry more).
    const { titulo, corpo, versao, atualizado_em } = data;
    const parsed = contratoPublicadoSchema.safeParse({ titulo, corpo, versao, atualizado_em });
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function usePublicar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ano: number) => {
      const contrato = await contratoVigente();
      return apiWithMessage<{ publicado_em: string }>(`${BASE}/publicar`, {
        method: 'POST',
        body: { ano_letivo: ano, contrato },
        globalErrors: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.anuidades }),
  });
}

export function useSaveMatriculasConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<MatriculasConfig, 'version'> & { version: number }) =>
      apiWithMessage<MatriculasConfig>(`${BASE}/configuracao`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
        schema: matriculasConfigSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.anuidades }),
  });
}

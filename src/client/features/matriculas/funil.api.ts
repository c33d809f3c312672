import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  indicadoresSchema,
  interessadoDetalheSchema,
  type Indicadores,
  type InteressadoDetalhe,
  type NovoEventoInput,
} from '../../../shared/funil.schemas';
import {
  interessadoSchema,
  type EtapaFunil,
  type InteresseBalcaoData,
  type Interessado,
  type ListInteressadosQuery,
} from '../../../shared/matriculas.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const root = keyRoots.matriculas;
export const funilKeys = {
  list: (query: ListInteressadosQuery) => [...root, 'interessados', query] as const,
  detail: (id: string) => [...root, 'interessado', id] as const,
  indicadores: (ano: number) => [...root, 'indicadores', ano] as const,
};
const BASE = '/api/matriculas/interessados';

export const interessadosQuery = (query: ListInteressadosQuery) =>
  queryOptions({
    queryKey: funilKeys.list(query),
    queryFn: () =>
      api<Interessado[]>(`${BASE}${toQuery({ ...query })}`, { schema: z.array(interessadoSchema) }),
  });

export function useInteressados(query: ListInteressadosQuery) {
  return useQuery(interessadosQuery(query));
}

export function useInteressado(id: string | null) {
  return useQuery({
    queryKey: funilKeys.detail(id ?? ''),
    queryFn: () => api<InteressadoDetalhe>(`${BASE}/${id ?? ''}`, { schema: interessadoDetalheSchema }),
    enabled: id !== null,
  });
}

export function useIndicadores(ano: number, enabled: boolean) {
  return useQuery({
    queryKey: funilKeys.indicadores(ano),
    queryFn: () =>
      api<Indicadores>(`${BASE}/indicadores${toQuery({ ano_letivo: ano })}`, { schema: indicadoresSchema }),
    enabled,
  });
}

/** Every write refreshes the whole funnel: the board, the family's drawer and the figures move together. */
function useFunilMutation<In, Out>(mutationFn: (input: In) => Promise<{ data: Out; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export interface MoverInput {
  id: string;
  etapa: EtapaFunil;
  motivo_perda?: string | null;
  visita_em?: string | null;
  version?: number;
}

export function useMoverEtapa() {
  return useFunilMutation(({ id, version, ...body }: MoverInput) =>
    apiWithMessage<Interessado>(`${BASE}/${id}`, {
      method: 'PATCH',
      body,
      ...(version === undefined ? {} : { headers: { 'if-match': `"${String(version)}"` } }),
      globalErrors: false,
      schema: interessadoSchema,
    }),
  );
}

export function useNovoEvento(id: string) {
  return useFunilMutation((body: NovoEventoInput) =>
    apiWithMessage<InteressadoDetalhe>(`${BASE}/${id}/eventos`, {
      method: 'POST',
      body,
      globalErrors: false,
      schema: interessadoDetalheSchema,
    }),
  );
}

export function useExcluirInteressado() {
  return useFunilMutation((id: string) =>
    apiWithMessage<null>(`${BASE}/${id}`, { method: 'DELETE', globalErrors: false }),
  );
}

export function useNovaFamilia() {
  return useFunilMutation((body: InteresseBalcaoData) =>
    apiWithMessage<InteressadoDetalhe>(BASE, {
      method: 'POST',
      body,
      globalErrors: false,
      schema: interessadoDetalheSchema,
    }),
  );
}

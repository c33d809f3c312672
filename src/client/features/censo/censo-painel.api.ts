/**
 * Relatórios → Censo Escolar (issue 37): the pending list and figures of each stage, the files and the
 * import of INEP IDs. The API is `/api/censo/:ano/...` (features/censo arquivos.routes on the server).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataReferencia } from '../../../shared/censo.codigos';
import {
  importacaoIdsResultadoSchema,
  pendenciasResponseSchema,
  type EtapaCenso,
  type ImportacaoIdsResultado,
  type PendenciasResponse,
} from '../../../shared/censo.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const base = (ano: number) => `/api/censo/${String(ano)}`;

/** The first census year the product carries a layout for (layouts/2024 on the server). */
export const PRIMEIRO_ANO_CENSO = 2024;

/**
 * The census year a secretaria is working on today: this year's from its reference date (the last
 * Wednesday of May) on — stage 1 runs from then —, the year before until it (stage 2 of the previous
 * year is sent in the first months).
 */
export function anoCensoAtual(hoje: string): number {
  const ano = Number(hoje.slice(0, 4));
  return hoje >= dataReferencia(ano) ? ano : Math.max(ano - 1, PRIMEIRO_ANO_CENSO);
}

export const etapaInfo: Record<EtapaCenso, { titulo: string; descricao: string }> = {
  'matricula-inicial': {
    titulo: '1ª etapa — Matrícula Inicial',
    descricao: 'A escola, suas turmas, pessoas e matrículas como estavam na data de referência.',
  },
  'situacao-do-aluno': {
    titulo: '2ª etapa — Situação do Aluno',
    descricao: 'O que aconteceu com cada matrícula até o fim do ano: aprovação, reprovação, transferência…',
  },
};

export const pendenciasQuery = (ano: number, etapa: EtapaCenso) =>
  queryOptions({
    queryKey: [...keyRoots.censo, 'pendencias', ano, etapa],
    queryFn: () =>
      api<PendenciasResponse>(`${base(ano)}/pendencias?etapa=${etapa}`, { schema: pendenciasResponseSchema }),
    // The list is a check over the whole school: no retry that would run it twice on an error.
    retry: false,
  });

export function usePendencias(ano: number, etapa: EtapaCenso) {
  return useQuery(pendenciasQuery(ano, etapa));
}

export function useImportarIds(ano: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arquivo: File) => {
      const body = new FormData();
      body.append('arquivo', arquivo, arquivo.name);
      return apiWithMessage<ImportacaoIdsResultado>(`${base(ano)}/importar-ids`, {
        method: 'POST',
        body,
        globalErrors: false,
        timeoutMs: 120_000,
        schema: importacaoIdsResultadoSchema,
      });
    },
    // The IDs fill census records: every census screen reads them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.censo }),
  });
}

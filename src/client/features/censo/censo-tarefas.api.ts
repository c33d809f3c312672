/**
 * The census file built in the background (issue 38, ADR 0063): `POST /api/censo/:ano/tarefas` starts it,
 * the screen polls the year's tasks each second while the newest runs (also after a reload: the server
 * keeps it), then downloads the file the task built.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { censoTarefaSchema, type CensoTarefa } from '../../../shared/censo-tarefas.schemas';
import type { EtapaCenso } from '../../../shared/censo.schemas';
import { api, apiWithMessage, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const POLL_MS = 1_000;

export const emCurso = (tarefa: CensoTarefa | undefined) =>
  tarefa?.status === 'na_fila' || tarefa?.status === 'executando';

const chave = (ano: number, etapa: EtapaCenso) => [...keyRoots.censo, 'tarefas', ano, etapa] as const;

export const tarefasQuery = (ano: number, etapa: EtapaCenso) =>
  queryOptions({
    queryKey: chave(ano, etapa),
    queryFn: () =>
      api<CensoTarefa[]>(`/api/censo/${String(ano)}/tarefas?etapa=${etapa}`, {
        schema: censoTarefaSchema.array(),
        globalErrors: false,
      }),
    refetchInterval: (query) => (emCurso(query.state.data?.[0]) ? POLL_MS : false),
  });

/** The newest task of the stage (running, or the last one that ended). */
export function useUltimaTarefa(ano: number, etapa: EtapaCenso) {
  const query = useQuery(tarefasQuery(ano, etapa));
  return { ...query, ultima: query.data?.[0] };
}

export function useIniciarTarefa(ano: number, etapa: EtapaCenso) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiWithMessage<CensoTarefa>(`/api/censo/${String(ano)}/tarefas`, {
        method: 'POST',
        body: { etapa },
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chave(ano, etapa) }),
  });
}

/** The file a finished task built; `forcar`: the Direção's 'baixar mesmo assim' (audited by the server). */
export function baixarDaTarefa(tarefa: CensoTarefa, forcar: boolean): Promise<void> {
  if (!tarefa.arquivo) return Promise.reject(new Error('O arquivo ainda não está pronto.'));
  return downloadFile(`${tarefa.arquivo.url}${forcar ? '?forcar=true' : ''}`, tarefa.arquivo.nome, {
    globalErrors: false,
    timeoutMs: 300_000,
  });
}

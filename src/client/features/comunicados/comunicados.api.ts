import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import {
  type Alcance,
  type Anexo,
  type Comunicado,
  type ComunicadoInput,
  type ComunicadoPage,
  type LembreteResult,
  type Leituras,
  type Publico,
  type PublicoOpcoes,
  type Versoes,
  alcanceSchema,
  comunicadoPageSchema,
  comunicadoSchema,
  versoesSchema,
  leiturasSchema,
  publicoOpcoesSchema,
} from '../../../shared/comunicados.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

export const COMUNICADOS_PAGE_SIZE = 20;

/** Query keys: every list and notice under 'comunicados' (the bell invalidates it when a notice arrives). */
const keys = {
  all: keyRoots.comunicados,
  lists: [...keyRoots.comunicados, 'list'] as const,
  list: (query: object) => [...keyRoots.comunicados, 'list', query] as const,
  one: (id: string) => [...keyRoots.comunicados, 'one', id] as const,
  leituras: (id: string, situacao: string) => [...keyRoots.comunicados, 'leituras', id, situacao] as const,
  versoes: (id: string) => [...keyRoots.comunicados, 'versoes', id] as const,
  opcoes: [...keyRoots.comunicados, 'opcoes'] as const,
  alcance: (publico: Publico | null) => [...keyRoots.comunicados, 'alcance', publico] as const,
  alunos: (q: string) => [...keyRoots.comunicados, 'alunos', q] as const,
  filhos: [...keyRoots.comunicados, 'filhos'] as const,
};

export interface ComunicadosQuery {
  page: number;
  caixa: string;
  aluno_id: string;
  nao_lidos: string;
  q: string;
}

export const comunicadosQuery = (query: ComunicadosQuery) =>
  queryOptions({
    queryKey: keys.list(query),
    queryFn: () =>
      api<ComunicadoPage>(
        `/api/comunicados${toQuery({
          page: query.page,
          pageSize: COMUNICADOS_PAGE_SIZE,
          caixa: query.caixa || undefined,
          aluno_id: query.aluno_id || undefined,
          nao_lidos: query.nao_lidos || undefined,
          q: query.q || undefined,
        })}`,
        { schema: comunicadoPageSchema },
      ),
    placeholderData: keepPreviousData,
  });

export function useComunicados(query: ComunicadosQuery) {
  return useQuery(comunicadosQuery(query));
}

export const comunicadoQuery = (queryClient: QueryClient, id: string | null) =>
  queryOptions({
    queryKey: keys.one(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const data = await api<Comunicado>(`/api/comunicados/${id ?? ''}`, {
        schema: comunicadoSchema,
        globalErrors: false,
      });
      // Opening it recorded the read: the list's 'não lido' marks and the bell change.
      void queryClient.invalidateQueries({ queryKey: keys.lists });
      void queryClient.invalidateQueries({ queryKey: keyRoots.notificacoes });
      return data;
    },
  });

export function useComunicado(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery(comunicadoQuery(queryClient, id));
}

export function useSaveComunicado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ComunicadoInput }) =>
      apiWithMessage<Comunicado>(id ? `/api/comunicados/${id}` : '/api/comunicados', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteComunicado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/comunicados/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** 'Ciente' on the version the family is reading: a text changed meanwhile is refused (409), then shown. */
export function useCiente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versao }: { id: string; versao: number }) =>
      apiWithMessage<{ ciente_em: string; versao: number }>(`/api/comunicados/${id}/ciente`, {
        method: 'POST',
        body: { versao },
        globalErrors: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Every text the notice was published with (fetched when someone opens the history). */
export const versoesQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: keys.versoes(id),
    enabled,
    queryFn: () => api<Versoes>(`/api/comunicados/${id}/versoes`, { schema: versoesSchema }),
  });

export function useVersoes(id: string, enabled: boolean) {
  return useQuery(versoesQuery(id, enabled));
}

export const leiturasQuery = (id: string, situacao: 'todos' | 'pendentes', enabled: boolean) =>
  queryOptions({
    queryKey: keys.leituras(id, situacao),
    enabled,
    queryFn: () =>
      api<Leituras>(`/api/comunicados/${id}/leituras${toQuery({ situacao })}`, { schema: leiturasSchema }),
    // While the families' bells and e-mails are being written in the background, asked again until done.
    refetchInterval: (query) => (query.state.data?.enviando ? 2000 : false),
  });

export function useLeituras(id: string, situacao: 'todos' | 'pendentes', enabled: boolean) {
  return useQuery(leiturasQuery(id, situacao, enabled));
}

export function useLembrete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<LembreteResult>(`/api/comunicados/${id}/lembrete`, {
        method: 'POST',
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const publicoOpcoesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.opcoes,
    enabled,
    queryFn: () => api<PublicoOpcoes>('/api/comunicados/opcoes', { schema: publicoOpcoesSchema }),
  });

export function usePublicoOpcoes(enabled: boolean) {
  return useQuery(publicoOpcoesQuery(enabled));
}

/** Who 'Publicar' reaches (the classes by name, the portal's recipients, the families without access). */
export const alcanceQuery = (publico: Publico | null) =>
  queryOptions({
    queryKey: keys.alcance(publico),
    enabled: publico !== null,
    queryFn: () =>
      api<Alcance>('/api/comunicados/alcance', {
        method: 'POST',
        body: { publico },
        schema: alcanceSchema,
        globalErrors: false,
      }),
  });

export function useAlcance(publico: Publico | null) {
  return useQuery(alcanceQuery(publico));
}

export const alunoBuscaQuery = (q: string) =>
  queryOptions({
    queryKey: keys.alunos(q),
    enabled: q.trim().length >= 2,
    queryFn: () =>
      api<{ id: string; nome: string; turma: string | null }[]>(`/api/comunicados/alunos${toQuery({ q })}`),
  });

export function useAlunoBusca(q: string) {
  return useQuery(alunoBuscaQuery(q));
}

/** The guardian's children, for the 'filtrar por filho' select. */
export const meusFilhosQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.filhos,
    enabled,
    queryFn: () => api<{ items: { id: string; nome: string }[] }>('/api/alunos?pageSize=100'),
  });

export function useMeusFilhos(enabled: boolean) {
  return useQuery(meusFilhosQuery(enabled));
}

export function uploadAnexo(file: File): Promise<Anexo> {
  const body = new FormData();
  body.append('file', file);
  return api<Anexo>('/api/comunicados/anexos', { method: 'POST', body, globalErrors: false });
}

import { useMutation, useQuery, useQueryClient, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  type Acompanhamento,
  type AlunoParaConversa,
  acompanhamentoSchema,
  alunosParaConversaSchema,
  type ConversaDetalhe,
  type ConversaInput,
  type Conversas,
  type DestinosOpcoes,
  conversasSchema,
  conversaDetalheSchema,
  destinosOpcoesSchema,
} from '../../../shared/mensagens.schemas';
import { api, apiWithMessage, ApiError } from '../../lib/api-client';
import { isNoConnection } from '../../lib/offline/online';
import { keyRoots } from '../../lib/query-keys';

const NO_CONNECTION =
  'Sem conexão: a mensagem não foi enviada. Ela continua escrita aqui; envie de novo quando a internet voltar.';

/**
 * A message sent without signal: it fails at once with a message that says so (a paused mutation only
 * spun the button while the connection was away), and the text stays in the form.
 */
async function sending<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isNoConnection(error)) throw new ApiError(error.status, error.code, NO_CONNECTION);
    throw error;
  }
}

const keys = {
  all: keyRoots.mensagens,
  list: [...keyRoots.mensagens, 'lista'] as const,
  one: (id: string) => [...keyRoots.mensagens, 'conversa', id] as const,
  destinos: [...keyRoots.mensagens, 'destinos'] as const,
  alunos: (q: string) => [...keyRoots.mensagens, 'alunos', q] as const,
  acompanhamento: [...keyRoots.mensagens, 'acompanhamento'] as const,
};

/** The students the school's side may write about (a teacher: all of their classes'; staff: by name). */
export const alunosParaConversaQuery = (q: string, enabled: boolean) =>
  queryOptions({
    queryKey: keys.alunos(q),
    enabled,
    queryFn: () =>
      api<AlunoParaConversa[]>(`/api/mensagens/alunos${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
        schema: alunosParaConversaSchema,
      }),
  });

/** The teachers' conversations the coordination follows (read only). */
export const acompanhamentoQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.acompanhamento,
    enabled,
    queryFn: () => api<Acompanhamento>('/api/mensagens/acompanhamento', { schema: acompanhamentoSchema }),
  });

export const conversasQuery = () =>
  queryOptions({
    queryKey: keys.list,
    queryFn: () => api<Conversas>('/api/mensagens', { schema: conversasSchema }),
  });

export function useConversas() {
  return useQuery(conversasQuery());
}

export const conversaQuery = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: async () => {
      const data = await api<ConversaDetalhe>(`/api/mensagens/${id}`, {
        schema: conversaDetalheSchema,
        globalErrors: false,
      });
      // Reading it moved the unread marks (the list's and the bell's).
      void queryClient.invalidateQueries({ queryKey: keys.list });
      void queryClient.invalidateQueries({ queryKey: keyRoots.notificacoes });
      return data;
    },
  });

export function useConversa(id: string) {
  const queryClient = useQueryClient();
  return useQuery(conversaQuery(queryClient, id));
}

export const destinosQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.destinos,
    enabled,
    queryFn: () => api<DestinosOpcoes>('/api/mensagens/destinos', { schema: destinosOpcoesSchema }),
  });

export function useDestinos(enabled: boolean) {
  return useQuery(destinosQuery(enabled));
}

export function useStartConversa() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: ConversaInput) =>
      sending(() =>
        apiWithMessage<ConversaDetalhe>('/api/mensagens', {
          method: 'POST',
          body: input,
          globalErrors: false,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (texto: string) =>
      sending(() =>
        apiWithMessage<ConversaDetalhe>(`/api/mensagens/${id}`, {
          method: 'POST',
          body: { texto },
          globalErrors: false,
        }),
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.one(id), result.data);
      void queryClient.invalidateQueries({ queryKey: keyRoots.notificacoes });
      void queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

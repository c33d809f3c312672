import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversaDetalhe,
  ConversaInput,
  Conversas,
  DestinosOpcoes,
} from '../../../shared/mensagens.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

const keys = {
  all: ['mensagens'] as const,
  list: ['mensagens', 'lista'] as const,
  one: (id: string) => ['mensagens', 'conversa', id] as const,
  destinos: ['mensagens', 'destinos'] as const,
};

export function useConversas() {
  return useQuery({ queryKey: keys.list, queryFn: () => api<Conversas>('/api/mensagens') });
}

export function useConversa(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.one(id),
    queryFn: async () => {
      const data = await api<ConversaDetalhe>(`/api/mensagens/${id}`, { globalErrors: false });
      // Reading it moved the unread marks (the list's and the bell's).
      void queryClient.invalidateQueries({ queryKey: keys.list });
      void queryClient.invalidateQueries({ queryKey: ['notificacoes'] });
      return data;
    },
  });
}

export function useDestinos(enabled: boolean) {
  return useQuery({
    queryKey: keys.destinos,
    enabled,
    queryFn: () => api<DestinosOpcoes>('/api/mensagens/destinos'),
  });
}

export function useStartConversa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversaInput) =>
      apiWithMessage<ConversaDetalhe>('/api/mensagens', { method: 'POST', body: input, globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) =>
      apiWithMessage<ConversaDetalhe>(`/api/mensagens/${id}`, {
        method: 'POST',
        body: { texto },
        globalErrors: false,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.one(id), result.data);
      void queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type NotificacaoPage,
  type Preferencias,
  notificacaoPageSchema,
  preferenciasSchema,
} from '../../../shared/notificacoes.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { followUnreadStream } from './unread-stream';
import { keyRoots } from '../../lib/query-keys';

const keys = {
  all: keyRoots.notificacoes,
  count: [...keyRoots.notificacoes, 'contagem'] as const,
  list: [...keyRoots.notificacoes, 'lista'] as const,
  prefs: [...keyRoots.notificacoes, 'preferencias'] as const,
};

/** Polling fallback when the event stream is unavailable (a proxy that buffers it): ≤ 30 s. */
const POLL_MS = 30_000;

export const unreadCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.count,
    enabled,
    queryFn: () => api<{ nao_lidas: number }>('/api/notificacoes/contagem', { globalErrors: false }),
    refetchInterval: POLL_MS,
  });

/**
 * The bell's unread count: from the server-sent events stream as soon as it changes (followed gently:
 * unread-stream.ts), and polled every 30 s besides — the only source while the stream is refused or
 * replaced by another tab's. When it rises, what the new notifications point at (notices, messages) is refetched.
 */
export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery(unreadCountQuery(enabled));
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return followUnreadStream({
      url: '/api/notificacoes/stream',
      onCount: (naoLidas) => {
        const previous = queryClient.getQueryData<{ nao_lidas: number }>(keys.count);
        queryClient.setQueryData(keys.count, { nao_lidas: naoLidas });
        if (previous && naoLidas !== previous.nao_lidas) {
          void queryClient.invalidateQueries({ queryKey: keys.list });
          if (naoLidas > previous.nao_lidas) {
            void queryClient.invalidateQueries({ queryKey: keyRoots.comunicados });
            void queryClient.invalidateQueries({ queryKey: keyRoots.mensagens });
          }
        }
      },
    });
  }, [enabled, queryClient]);
  return query.data?.nao_lidas ?? 0;
}

export const notificacoesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.list,
    enabled,
    queryFn: () => api<NotificacaoPage>('/api/notificacoes?pageSize=15', { schema: notificacaoPageSchema }),
  });

export function useNotificacoes(enabled: boolean) {
  return useQuery(notificacoesQuery(enabled));
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) =>
      apiWithMessage<{ nao_lidas: number }>('/api/notificacoes/lidas', {
        method: 'POST',
        body: ids ? { ids } : {},
        globalErrors: false,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.count, result.data);
      void queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

export const preferenciasQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keys.prefs,
    enabled,
    queryFn: () => api<Preferencias>('/api/notificacoes/preferencias', { schema: preferenciasSchema }),
  });

export function usePreferencias(enabled: boolean) {
  return useQuery(preferenciasQuery(enabled));
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itens: Preferencias['itens']) =>
      apiWithMessage<Preferencias>('/api/notificacoes/preferencias', {
        method: 'PUT',
        body: { itens },
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(keys.prefs, result.data),
  });
}

import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  type ContentHistoryEntry,
  type ContentSection,
  type ContentState,
  type SiteContent,
  contentStateSchema,
  contentHistoryEntrySchema,
} from '../../../shared/content.schemas';
import { api, apiWithMessage, ApiError } from '../../lib/api-client';
import { publishSiteContent } from '../../domain/site-content-store';
import { keyRoots } from '../../lib/query-keys';

export const contentStateKey = [...keyRoots.content, 'state'] as const;
const contentHistoryKey = (section: string) => [...keyRoots.content, 'history', section] as const;

export const contentStateQuery = () =>
  queryOptions({
    queryKey: contentStateKey,
    queryFn: () => api<ContentState>('/api/content', { schema: contentStateSchema }),
    staleTime: 0,
  });

export function useContentState() {
  return useQuery(contentStateQuery());
}

/** Puts a saved state in the cache and on every open page (this tab and, via localStorage, others). */
function useApplyState() {
  const queryClient = useQueryClient();
  return (state: ContentState) => {
    queryClient.setQueryData(contentStateKey, state);
    publishSiteContent(state.content);
  };
}

export function useSaveSection() {
  const queryClient = useQueryClient();
  const apply = useApplyState();
  return useMutation({
    mutationFn: async ({ section, data }: { section: ContentSection; data: unknown }) => {
      const state = queryClient.getQueryData<ContentState>(contentStateKey);
      return apiWithMessage<ContentState>(`/api/content/${section}`, {
        method: 'PUT',
        body: data,
        headers: { 'if-match': `"${state?.versions[section] ?? 1}"` },
        globalErrors: false,
      });
    },
    onSuccess: ({ data }) => apply(data),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        toast.error(error.message);
        void queryClient.invalidateQueries({ queryKey: contentStateKey });
      } else {
        toast.error(error instanceof ApiError ? error.message : 'Não foi possível salvar.');
      }
    },
  });
}

export function useResetContent() {
  const apply = useApplyState();
  return useMutation({
    mutationFn: () => apiWithMessage<ContentState>('/api/content/reset', { method: 'POST' }),
    onSuccess: ({ data }) => {
      apply(data);
      toast.success('Conteúdo restaurado para o padrão!');
    },
  });
}

export function useImportContent() {
  const apply = useApplyState();
  return useMutation({
    mutationFn: (content: SiteContent) =>
      apiWithMessage<ContentState>('/api/content', { method: 'POST', body: content, globalErrors: false }),
    onSuccess: ({ data, message }) => {
      apply(data);
      toast.success(message ?? 'Conteúdo importado com sucesso!');
    },
    onError: (error) => {
      const detail = error instanceof ApiError ? error.details[0] : undefined;
      toast.error(
        detail
          ? `Arquivo inválido em ${detail.path}: ${detail.message}`
          : 'Não foi possível importar o arquivo.',
      );
    },
  });
}

export const sectionHistoryQuery = (section: ContentSection, enabled: boolean) =>
  queryOptions({
    queryKey: contentHistoryKey(section),
    queryFn: () =>
      api<ContentHistoryEntry[]>(`/api/content/${section}/history`, {
        schema: contentHistoryEntrySchema.array(),
      }),
    enabled,
    staleTime: 0,
  });

export function useSectionHistory(section: ContentSection, enabled: boolean) {
  return useQuery(sectionHistoryQuery(section, enabled));
}

export function useRestoreVersion(section: ContentSection) {
  const apply = useApplyState();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiWithMessage<ContentState>(`/api/content/${section}/restore`, { method: 'POST', body: { version } }),
    onSuccess: ({ data, message }) => {
      apply(data);
      void queryClient.invalidateQueries({ queryKey: contentHistoryKey(section) });
      toast.success(message ?? 'Versão restaurada com sucesso!');
    },
  });
}

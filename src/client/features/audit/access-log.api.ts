import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessEntry, AccessViewer } from '../../../shared/access-log.schemas';
import type { Page } from '../../../shared/api';
import { api, toQuery } from '../../lib/api-client';

/** The 'Acessos a fichas' tab's URL filters ('' = all). */
export const accessFilterDefaults = { q: '', aluno_id: '', usuario_id: '', de: '', ate: '' };
export type AccessFilters = typeof accessFilterDefaults & { page: number };

export const ACCESS_PAGE_SIZE = 50;

export function useAccessLog(filters: AccessFilters) {
  return useQuery({
    queryKey: ['auditoria', 'acessos', filters],
    queryFn: () =>
      api<Page<AccessEntry>>(`/api/auditoria/acessos${toQuery({ ...filters, pageSize: ACCESS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useAccessViewers() {
  return useQuery({
    queryKey: ['auditoria', 'acessos', 'filtros'],
    queryFn: () => api<AccessViewer[]>('/api/auditoria/acessos/filtros'),
  });
}

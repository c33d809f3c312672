import { keepPreviousData, useQuery, queryOptions } from '@tanstack/react-query';
import type { AccessEntry, AccessViewer } from '../../../shared/access-log.schemas';
import type { Page } from '../../../shared/api';
import { api, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** The 'Acessos a fichas' tab's URL filters ('' = all). */
export const accessFilterDefaults = { q: '', aluno_id: '', usuario_id: '', de: '', ate: '' };
export type AccessFilters = typeof accessFilterDefaults & { page: number };

export const ACCESS_PAGE_SIZE = 50;

export const accessLogQuery = (filters: AccessFilters) =>
  queryOptions({
    queryKey: [...keyRoots.audit, 'acessos', filters],
    queryFn: () =>
      api<Page<AccessEntry>>(`/api/auditoria/acessos${toQuery({ ...filters, pageSize: ACCESS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export function useAccessLog(filters: AccessFilters) {
  return useQuery(accessLogQuery(filters));
}

export const accessViewersQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.audit, 'acessos', 'filtros'],
    queryFn: () => api<AccessViewer[]>('/api/auditoria/acessos/filtros'),
  });

export function useAccessViewers() {
  return useQuery(accessViewersQuery());
}

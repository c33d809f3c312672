import { keepPreviousData, useQuery, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../shared/api';
import { type AuditEntry, type AuditFacets, auditFacetsSchema } from '../../../shared/settings.schemas';
import type { SortOrder } from '../../../shared/validators';
import { api, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** The audit trail's URL filters ('' = all). */
export const auditFilterDefaults = { usuario_id: '', acao: '', entidade: '', de: '', ate: '' };
export type AuditFilters = typeof auditFilterDefaults & { page: number; sort?: string; order?: SortOrder };

export const AUDIT_PAGE_SIZE = 50;

export function auditQueryString(filters: AuditFilters, extra: Record<string, string | number> = {}) {
  return toQuery({ ...filters, pageSize: AUDIT_PAGE_SIZE, ...extra });
}

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [...keyRoots.audit, filters],
    queryFn: () => api<Page<AuditEntry>>(`/api/auditoria${auditQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

export function useAudit(filters: AuditFilters) {
  return useQuery(auditQuery(filters));
}

export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.audit, 'filtros'],
    queryFn: () => api<AuditFacets>('/api/auditoria/filtros', { schema: auditFacetsSchema }),
  });

export function useAuditFacets() {
  return useQuery(auditFacetsQuery());
}

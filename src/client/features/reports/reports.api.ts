import { useQuery } from '@tanstack/react-query';
import type { ReportEntry } from '../../../shared/reports.schemas';
import { api } from '../../lib/api-client';

export const reportKeys = {
  catalogue: ['relatorios', 'catalogo'] as const,
};

/** What the signed-in user may run (the server filters by role and scope). */
export function useReportCatalogue() {
  return useQuery({
    queryKey: reportKeys.catalogue,
    queryFn: () => api<ReportEntry[]>('/api/relatorios'),
  });
}

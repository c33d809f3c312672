import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReportEntry, ReportExport, ReportFormat, ReportResult } from '../../../shared/reports.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';

export type ReportValues = Record<string, string>;

export const reportKeys = {
  catalogue: ['relatorios', 'catalogo'] as const,
  result: (id: string, values: ReportValues) => ['relatorios', id, values] as const,
  export: (id: string, jobId: string) => ['relatorios', id, 'exportacoes', jobId] as const,
};

/** What the signed-in user may run (the server filters by role and scope). */
export function useReportCatalogue() {
  return useQuery({
    queryKey: reportKeys.catalogue,
    queryFn: () => api<ReportEntry[]>('/api/relatorios'),
  });
}

/** A hub report's table for the screen; waits until `enabled` (the required filters are chosen). */
export function useReport(id: string, values: ReportValues, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.result(id, values),
    queryFn: () => api<ReportResult>(`/api/relatorios/${id}${toQuery(values)}`),
    enabled,
  });
}

/** Starts a background export (the school's boletins, a big spreadsheet). */
export function useStartExport(id: string) {
  return useMutation({
    mutationFn: (body: { formato: ReportFormat } & Record<string, string | number>) =>
      apiWithMessage<ReportExport>(`/api/relatorios/${id}/exportacoes`, { method: 'POST', body }),
  });
}

const running = (state: ReportExport | undefined) =>
  state === undefined || state.status === 'na_fila' || state.status === 'gerando';

/** An export's progress, asked every second until it is ready or failed. */
export function useExportProgress(id: string, jobId: string | null) {
  return useQuery({
    queryKey: reportKeys.export(id, jobId ?? ''),
    queryFn: () => api<ReportExport>(`/api/relatorios/${id}/exportacoes/${jobId ?? ''}`),
    enabled: jobId !== null,
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { useMutation, useQuery, queryOptions } from '@tanstack/react-query';
import {
  type ReportEntry,
  type ReportExport,
  type ReportFormat,
  type ReportResult,
  reportDownloadUrl,
  reportEntrySchema,
  reportResultSchema,
  reportExportSchema,
} from '../../../shared/reports.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

export type ReportValues = Record<string, string>;

export const reportKeys = {
  catalogue: [...keyRoots.reports, 'catalogo'] as const,
  result: (id: string, values: ReportValues) => [...keyRoots.reports, id, values] as const,
  export: (id: string, jobId: string) => [...keyRoots.reports, id, 'exportacoes', jobId] as const,
};

/** What the signed-in user may run (the server filters by role and scope). */
export const reportCatalogueQuery = () =>
  queryOptions({
    queryKey: reportKeys.catalogue,
    queryFn: () => api<ReportEntry[]>('/api/relatorios', { schema: reportEntrySchema.array() }),
  });

export function useReportCatalogue() {
  return useQuery(reportCatalogueQuery());
}

/** A hub report's table for the screen; waits until `enabled` (the required filters are chosen). */
export const reportQuery = (id: string, values: ReportValues, enabled: boolean) =>
  queryOptions({
    queryKey: reportKeys.result(id, values),
    queryFn: () =>
      api<ReportResult>(`/api/relatorios/${id}${toQuery(values)}`, { schema: reportResultSchema }),
    enabled,
  });

export function useReport(id: string, values: ReportValues, enabled: boolean) {
  return useQuery(reportQuery(id, values, enabled));
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
export const exportProgressQuery = (id: string, jobId: string | null) =>
  queryOptions({
    queryKey: reportKeys.export(id, jobId ?? ''),
    queryFn: () =>
      api<ReportExport>(`/api/relatorios/${id}/exportacoes/${jobId ?? ''}`, { schema: reportExportSchema }),
    enabled: jobId !== null,
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

export function useExportProgress(id: string, jobId: string | null) {
  return useQuery(exportProgressQuery(id, jobId));
}

/**
 * Downloads `entry` as a file of the format asked, filtered by `values`: `busy` is the format on its way
 * (null: none); a failure is said in a toast.
 */
export function useReportDownload(entry: ReportEntry, values: ReportValues) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (formato: ReportFormat) => {
    setBusy(formato);
    try {
      await downloadFile(reportDownloadUrl(entry, formato, values), `${entry.id}.${formato}`);
    } catch {
      toast.error(`Erro ao gerar "${entry.titulo}"`);
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Download, Loader2 } from 'lucide-react';
import type { ReportFormat } from '../../../shared/reports.schemas';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { ApiError, downloadFile } from '../../lib/api-client';
import { useExportProgress, useStartExport } from './reports.api';

/**
 * A file built in the background: the button starts it, a progress bar follows the server's count
 * (classes done of the total for the boletins), and the file downloads by itself when ready.
 */
export function BackgroundExport({
  reportId,
  titulo,
  formato,
  values,
  label,
  disabled = false,
}: {
  reportId: string;
  titulo: string;
  formato: ReportFormat;
  values: Record<string, string>;
  label: string;
  disabled?: boolean;
}) {
  const [jobId, setJobId] = useState<string | null>(null);
  const fetched = useRef<string | null>(null);
  const start = useStartExport(reportId);
  const progress = useExportProgress(reportId, jobId);
  const state = progress.data;
  const busy =
    start.isPending ||
    (jobId !== null && (state === undefined || state.status === 'na_fila' || state.status === 'gerando'));

  // Download once, when the server says the file is ready.
  useEffect(() => {
    if (state?.status !== 'pronto' || !state.url || fetched.current === state.id) return;
    fetched.current = state.id;
    downloadFile(state.url, state.arquivo ?? `${reportId}.${formato}`)
      .then(() => toast.success(`${titulo}: arquivo pronto`))
      .catch(() => toast.error('Não foi possível baixar o arquivo'));
  }, [state, reportId, formato, titulo]);

  const handleStart = async () => {
    const filled = Object.entries(values).filter(([, value]) => value !== '');
    const body = { ...Object.fromEntries(filled), formato };
    // A refusal says why (e.g. the daily cap and when it frees, ADR 0018): the global toast shows only
    // 403, 404, 5xx and network failures.
    const result = await start.mutateAsync(body).catch((error: unknown) => {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![401, 403, 404].includes(error.status)
      )
        toast.error(error.message, { id: `export-${reportId}` });
      return null;
    });
    if (result) setJobId(result.data.id);
  };

  const percent = state && state.total > 0 ? Math.round((state.feitos / state.total) * 100) : 0;
  return (
    <div className="space-y-3">
      <Button
        onClick={() => void handleStart()}
        disabled={disabled}
        aria-disabled={busy}
        loading={start.isPending}
      >
        {!start.isPending && <Download className="h-4 w-4" aria-hidden="true" />}
        {label}
      </Button>
      {jobId !== null && state && state.status !== 'falhou' && (
        <div className="space-y-1" aria-live="polite">
          <div
            role="progressbar"
            aria-label={`Progresso: ${titulo}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.status === 'pronto' ? 100 : percent}
            className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
          >
            <div
              className="h-full rounded-full bg-primary transition-all"
              style={{ width: `${String(state.status === 'pronto' ? 100 : percent)}%` }}
            />
          </div>
          <p className="flex items-center gap-1.5 text-sm text-gray-600">
            {state.status !== 'pronto' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {state.status === 'na_fila'
              ? 'Na fila…'
              : state.status === 'gerando'
                ? `Gerando… ${String(state.feitos)} de ${String(state.total)} (${String(percent)}%)`
                : `Pronto: ${state.arquivo ?? ''} baixado.`}
          </p>
        </div>
      )}
      {state?.status === 'falhou' && (
        <ErrorBanner>{state.erro ?? 'Não foi possível gerar o arquivo.'}</ErrorBanner>
      )}
    </div>
  );
}

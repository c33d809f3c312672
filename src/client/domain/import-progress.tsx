import { useEffect, useState } from 'react';
import type { ImportProgress } from '../../shared/importacao.kinds';
import { formatCount } from '../../shared/format';
import { fetchImportProgress } from './importacao.api';
import type { ImportTexts } from './import-kinds';

/** The apply's progress, asked every second while it runs (ADR 0030); null until the server knows it. */
function useImportProgress(id: string | null): { progress: ImportProgress | null; seconds: number } {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setProgress(null);
    setSeconds(0);
    if (id === null) return;
    let stopped = false;
    const tick = () => {
      setSeconds((value) => value + 1);
      fetchImportProgress(id)
        .then((value) => {
          if (!stopped) setProgress(value);
        })
        .catch(() => undefined);
    };
    const timer = setInterval(tick, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id]);
  return { progress, seconds };
}

/** 'Gravando 120 de 300 linhas…' with a bar, while the one transaction runs. */
export function ImportProgressBar({
  id,
  total,
  texts,
}: {
  id: string | null;
  total: number;
  texts: ImportTexts;
}) {
  const { progress, seconds } = useImportProgress(id);
  const done = progress?.feitas ?? 0;
  const of = progress && progress.total > 0 ? progress.total : total;
  const percent = of > 0 ? Math.round((done / of) * 100) : 0;
  return (
    <div role="status" className="space-y-2">
      <p className="text-sm font-medium text-gray-800">
        {progress
          ? `Gravando ${done.toLocaleString('pt-BR')} de ${formatCount(of, 'linha', 'linhas')}… ${String(seconds)} s`
          : `Importando ${formatCount(total, texts.singular, texts.plural)}… ${String(seconds)} s`}
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
        role="progressbar"
        aria-label="Progresso da importação"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={`h-full rounded-full bg-primary-strong transition-all ${progress ? '' : 'w-1/3 animate-pulse'}`}
          style={progress ? { width: `${String(Math.max(percent, 2))}%` } : undefined}
        />
      </div>
      <p className="text-xs text-gray-600">
        Tudo é gravado de uma vez: se algo falhar, nada fica pela metade. Não feche esta janela.
      </p>
    </div>
  );
}

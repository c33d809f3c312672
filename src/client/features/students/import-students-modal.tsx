import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_LIMITS, type ImportResult } from '../../../shared/importacao.schemas';
import { formatCount } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { downloadImportTemplate, useImportStudents } from './import.api';
import { ImportRows, ImportSummary } from './import-rows';

type Step = 'choose' | 'preview' | 'confirm' | 'applying' | 'done';

/** Seconds since `running` turned true (the import's progress line). */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * 'Importar alunos': the template, the file, the dry run row by row, a confirmation, the import (one
 * transaction on the server) and its result.
 */
export function ImportStudentsModal({ onClose }: { onClose: () => void }) {
  const fileId = useId();
  const run = useImportStudents();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const elapsed = useElapsed(step === 'applying');
  const toImport = result ? result.criar + result.atualizar : 0;

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setError(null);
    setStep('choose');
    if (!chosen) return;
    try {
      const { data } = await run.mutateAsync({ file: chosen, simular: true });
      setResult(data);
      setStep('preview');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Não foi possível analisar a planilha.');
    }
  };

  const handleApply = async () => {
    if (!file) return;
    setStep('applying');
    try {
      const { data, message } = await run.mutateAsync({ file, simular: false });
      setResult(data);
      setStep('done');
      toast.success(message ?? 'Importação concluída');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'A importação falhou: nada foi gravado.');
      setStep('preview');
    }
  };

  const footer =
    step === 'done' ? (
      <Button onClick={onClose}>Concluir</Button>
    ) : step === 'confirm' ? (
      <>
        <Button variant="secondary" onClick={() => setStep('preview')}>
          Voltar
        </Button>
        <Button onClick={() => void handleApply()}>Confirmar importação</Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={onClose} disabled={step === 'applying'}>
          Cancelar
        </Button>
        <Button
          disabled={step !== 'preview' || toImport === 0}
          loading={step === 'applying'}
          onClick={() => setStep('confirm')}
        >
          {toImport > 0 ? `Importar ${formatCount(toImport, 'aluno', 'alunos')}` : 'Importar'}
        </Button>
      </>
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      busy={step === 'applying'}
      title="Importar alunos"
      description="De uma planilha CSV ou XLSX: primeiro uma simulação linha a linha; nada é gravado até você confirmar."
      footer={footer}
    >
      <div className="space-y-4">
        {step !== 'done' && (
          <section className="space-y-3" aria-label="Escolher a planilha">
            <p className="text-sm text-gray-700">
              Use o modelo: uma linha por aluno com o responsável principal. Matrícula em branco é gerada pelo
              padrão da escola; a mesma planilha enviada de novo não duplica ninguém (o aluno é reconhecido
              pela matrícula, pelo CPF ou pelo nome, nascimento e CPF do responsável).
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void downloadImportTemplate('xlsx')}>
                <Download className="h-4 w-4" aria-hidden="true" /> Baixar modelo XLSX
              </Button>
              <Button variant="secondary" onClick={() => void downloadImportTemplate('csv')}>
                <Download className="h-4 w-4" aria-hidden="true" /> Baixar modelo CSV
              </Button>
            </div>
            <div>
              <label htmlFor={fileId} className="block text-sm font-medium text-gray-800">
                Planilha (CSV ou XLSX, até {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB e{' '}
                {IMPORT_LIMITS.maxRows.toLocaleString('pt-BR')} alunos)
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={step === 'applying' || run.isPending}
                onChange={(event) => void handleFile(event.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
              />
            </div>
          </section>
        )}

        {run.isPending && step === 'choose' && (
          <p role="status" className="text-sm text-gray-700">
            Analisando a planilha…
          </p>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}

        {step === 'applying' && (
          <div role="status" className="space-y-2">
            <p className="text-sm font-medium text-gray-800">
              Importando {formatCount(toImport, 'aluno', 'alunos')}… {elapsed} s
            </p>
            <div className="h-2 w-full overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary-strong" />
            </div>
            <p className="text-xs text-gray-600">
              Tudo é gravado de uma vez: se algo falhar, nada fica pela metade. Não feche esta janela.
            </p>
          </div>
        )}

        {result && (
          <section className="space-y-3" aria-label={result.simulacao ? 'Simulação' : 'Resultado'}>
            <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
              <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
              {result.simulacao ? `Simulação de ${file?.name ?? 'planilha'}` : 'Importação concluída'}
            </h3>
            <ImportSummary result={result} />
            {step === 'confirm' && (
              <p role="alert" className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
                Importar agora? {formatCount(result.criar, 'aluno será criado', 'alunos serão criados')} e{' '}
                {formatCount(result.atualizar, 'será atualizado', 'serão atualizados')}
                {result.recusar.length > 0
                  ? `; ${formatCount(result.recusar.length, 'linha recusada fica', 'linhas recusadas ficam')} de fora.`
                  : '.'}
              </p>
            )}
            {step === 'done' && result.contas_criadas > 0 && (
              <p className="text-sm text-gray-700">
                {formatCount(result.contas_criadas, 'responsável recebeu', 'responsáveis receberam')} acesso
                ao portal; a senha provisória foi enviada por e-mail.
              </p>
            )}
            <ImportRows rows={result.linhas} />
          </section>
        )}
      </div>
    </Modal>
  );
}

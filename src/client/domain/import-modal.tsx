import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Download, FileSpreadsheet } from 'lucide-react';
import type { ImportFileColumns, ImportKind } from '../../shared/importacao.kinds';
import { IMPORT_LIMITS, type ImportResult } from '../../shared/importacao.schemas';
import { formatCount } from '../../shared/format';
import { Button } from '../components/button';
import { ErrorBanner } from '../components/feedback';
import { FileField } from '../components/file-field';
import { Modal } from '../components/modal';
import { ApiError } from '../lib/api-client';
import { heldChoice } from '../lib/held-field';
import { downloadImportTemplate, fetchFileColumns, useImportFile } from './importacao.api';
import { randomId } from '../lib/random-id';
import { ImportAccounts } from './import-accounts';
import { importTexts } from './import-kinds';
import { ImportMapping, mappingProblems } from './import-mapping';
import { ImportProgressBar } from './import-progress';
import { ImportRows, ImportSummary } from './import-rows';

type Step = 'choose' | 'map' | 'preview' | 'confirm' | 'applying' | 'done';

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/**
 * 'Importar alunos / professores / turmas': the template, the file, the column mapping when its headers
 * are not the template's, the dry run row by row, a confirmation, the import (one transaction on the
 * server, its progress asked as it runs) and its result.
 */
export function ImportModal({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const texts = importTexts[kind];
  const fileId = useId();
  const run = useImportFile(kind);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [columns, setColumns] = useState<ImportFileColumns | null>(null);
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progressId, setProgressId] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const toImport = result ? result.criar + result.atualizar : 0;
  const noun = (count: number) => formatCount(count, texts.singular, texts.plural);
  const o = texts.feminine ? 'a' : 'o';

  const simulate = async (chosen: File, withMapping: Record<string, string> | null) => {
    setError(null);
    try {
      const { data } = await run.mutateAsync({ file: chosen, simular: true, mapeamento: withMapping });
      setResult(data);
      setStep('preview');
    } catch (failure) {
      setError(messageOf(failure, 'Não foi possível analisar a planilha.'));
    }
  };

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setError(null);
    setColumns(null);
    setMapping(null);
    setStep('choose');
    if (!chosen) return;
    setReading(true);
    try {
      const found = await fetchFileColumns(kind, chosen);
      if (found.reconhecido) await simulate(chosen, null);
      else {
        setColumns(found);
        setMapping(found.sugestao);
        setStep('map');
      }
    } catch (failure) {
      setError(messageOf(failure, 'Não foi possível ler a planilha.'));
    } finally {
      setReading(false);
    }
  };

  const handleApply = async () => {
    if (!file) return;
    const id = randomId();
    setProgressId(id);
    setStep('applying');
    try {
      const { data, message } = await run.mutateAsync({
        file,
        simular: false,
        mapeamento: mapping,
        progresso: id,
      });
      setResult(data);
      setStep('done');
      toast.success(message ?? 'Importação concluída');
    } catch (failure) {
      setError(messageOf(failure, 'A importação falhou: nada foi gravado.'));
      setStep('preview');
    } finally {
      setProgressId(null);
    }
  };

  const problems = step === 'map' && mapping ? mappingProblems(kind, mapping) : [];
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
    ) : step === 'map' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={problems.length > 0 || !file}
          loading={run.isPending}
          onClick={() => file && void simulate(file, mapping)}
        >
          Simular com estas colunas
        </Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={onClose} aria-disabled={step === 'applying'}>
          Cancelar
        </Button>
        <Button
          // Busy while it imports, not disabled: it is the button pressed (Confirmar's place) and keeps the focus.
          disabled={step === 'choose' || toImport === 0}
          loading={step === 'applying'}
          onClick={() => setStep('confirm')}
        >
          {toImport > 0 ? `Importar ${noun(toImport)}` : 'Importar'}
        </Button>
      </>
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      busy={step === 'applying'}
      title={texts.title}
      description="De uma planilha CSV ou XLSX: primeiro uma simulação linha a linha; nada é gravado até você confirmar."
      footer={footer}
    >
      <div className="space-y-4">
        {step !== 'done' && step !== 'applying' && (
          <section className="space-y-3" aria-label="Escolher a planilha">
            <p className="text-sm text-gray-700">{texts.intro}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void downloadImportTemplate(kind, 'xlsx')}>
                <Download className="h-4 w-4" aria-hidden="true" /> Baixar modelo XLSX
              </Button>
              <Button variant="secondary" onClick={() => void downloadImportTemplate(kind, 'csv')}>
                <Download className="h-4 w-4" aria-hidden="true" /> Baixar modelo CSV
              </Button>
            </div>
            <FileField
              id={fileId}
              label={`Planilha (CSV ou XLSX, até ${String(IMPORT_LIMITS.maxBytes / 1024 / 1024)} MB e ${noun(IMPORT_LIMITS.maxRows)})`}
              fileName={file?.name ?? null}
              input={{
                accept:
                  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                ...heldChoice(run.isPending || reading, (event) =>
                  handleFile(event.target.files?.[0] ?? null),
                ),
              }}
            />
          </section>
        )}

        {(reading || (run.isPending && step !== 'applying')) && (
          <p role="status" className="text-sm text-gray-700">
            Analisando a planilha…
          </p>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}

        {step === 'map' && columns && mapping && (
          <>
            <ImportMapping columns={columns} mapping={mapping} onChange={setMapping} />
            {problems.length > 0 && (
              <ul className="space-y-1 text-sm text-red-700" aria-label="Falta escolher">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </>
        )}

        {step === 'applying' && <ImportProgressBar id={progressId} total={toImport} texts={texts} />}

        {result && step !== 'map' && (
          <section className="space-y-3" aria-label={result.simulacao ? 'Simulação' : 'Resultado'}>
            <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
              <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
              {result.simulacao ? `Simulação de ${file?.name ?? 'planilha'}` : 'Importação concluída'}
              {result.simulacao && columns && step === 'preview' && (
                <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={() => setStep('map')}>
                  Alterar colunas
                </Button>
              )}
            </h3>
            <ImportSummary result={result} texts={texts} />
            {step === 'confirm' && (
              <p role="alert" className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
                Importar agora?{' '}
                {formatCount(
                  result.criar,
                  `${texts.singular} será criad${o}`,
                  `${texts.plural} serão criad${o}s`,
                )}{' '}
                e {formatCount(result.atualizar, `será atualizad${o}`, `serão atualizad${o}s`)}
                {result.recusar.length > 0
                  ? `; ${formatCount(result.recusar.length, 'linha recusada fica', 'linhas recusadas ficam')} de fora.`
                  : '.'}
                {result.contas_criadas > 0 &&
                  ` ${formatCount(result.contas_criadas, 'responsável novo ganha', 'responsáveis novos ganham')} acesso ao portal agora, com uma senha provisória.`}
              </p>
            )}
            {step === 'done' && <ImportAccounts contas={result.contas} />}
            <ImportRows rows={result.linhas} texts={texts} />
          </section>
        )}
      </div>
    </Modal>
  );
}

/** What the grade grid says above its cells (reopened or closed period, a failed batch) and each row's saving. */
import { Check, Eye, Lock, Save } from 'lucide-react';
import { Button } from '../../components/button';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { ErrorBanner } from '../../components/feedback';
import type { CellStatus } from './use-grade-grid-saving';

/** A row's saving state: saved, saving, conflict or not saved. */
export function SaveStatus({ status }: { status: CellStatus | null }) {
  if (status === 'salvo')
    return (
      <span className="inline-flex items-center gap-1 text-xs text-green-700">
        <Check className="h-3.5 w-3.5" aria-hidden /> salvo
      </span>
    );
  if (status === 'no_aparelho')
    return <span className="text-xs font-medium text-yellow-800">pendente (no aparelho)</span>;
  if (status === 'salvando' || status === 'pendente')
    return <span className="text-xs text-gray-500">salvando…</span>;
  if (status === 'conflito') return <span className="text-xs font-medium text-red-700">conflito</span>;
  if (status === 'erro') return <span className="text-xs font-medium text-red-700">não salvo</span>;
  return null;
}

/** Why the grid is read-only or what editing a published period does; and the last batch's error. */
export function GradeGridBanner({
  grid,
  readOnly,
  canRectify,
  canAsk,
  batchError,
  onSave,
}: {
  grid: GradesGrid;
  readOnly: boolean;
  canRectify: boolean;
  canAsk: boolean;
  batchError: string | null;
  /**
   * The explicit 'Salvar' (teachers distrust autosave, issue 35): sends what is typed now instead of
   * after the pause; typing still saves by itself (ADR 0053).
   */
  onSave?: (() => void) | undefined;
}) {
  return (
    <>
      {onSave && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span>As notas são salvas ao digitar; sem conexão, ficam no aparelho como pendentes.</span>
          <Button variant="secondary" className="min-h-11" onClick={onSave}>
            <Save className="h-4 w-4" aria-hidden /> Salvar
          </Button>
        </div>
      )}
      {!readOnly && grid.periodo.publicado && (
        <div
          role="status"
          className="mb-3 flex items-start gap-2 rounded-lg border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            O {grid.periodo.nome} já foi publicado e foi reaberto: os responsáveis veem no boletim cada nota
            alterada agora. Cada alteração fica registrada no histórico da nota como alteração após a
            publicação.
          </span>
        </div>
      )}
      {readOnly && (
        <div
          role="status"
          className="mb-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {grid.bloqueio}{' '}
            {canRectify
              ? 'Para corrigir uma nota, use o botão “Retificar” ao lado dela (com motivo; fica no histórico).'
              : canAsk
                ? 'Para corrigir uma nota, use “Solicitar retificação” ao lado dela: a secretaria aprova ou recusa.'
                : 'As notas estão somente para leitura.'}
          </span>
        </div>
      )}
      {batchError && <ErrorBanner>{batchError}</ErrorBanner>}
    </>
  );
}

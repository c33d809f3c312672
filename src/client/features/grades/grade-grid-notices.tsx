/** What the grade grid says above its cells (reopened or closed period, a failed batch) and each row's saving. */
import { AlertTriangle, Check, Eye, Lock, Save } from 'lucide-react';
import { Button } from '../../components/button';
import { LeaveGuard } from '../../components/leave-guard';
import { escalaLabels } from '../../../shared/averages';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { formatCount, formatList } from '../../../shared/format';
import { ErrorBanner } from '../../components/feedback';
import type { CellStatus, UnsavedCell } from './use-grade-grid-saving';

const time = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/**
 * The grades typed and not saved — a value outside the scale ('75' on 0 a 10), a conflict — named by
 * student and assessment with why, each a button that goes to the cell (on a phone, to that student).
 * Stays under the grid until each is corrected or cleared: a refused grade is never lost without a word.
 */
export function UnsavedSummary({
  cells,
  onGo,
}: {
  cells: readonly UnsavedCell[];
  onGo: (cell: UnsavedCell) => void;
}) {
  if (cells.length === 0) return null;
  return (
    <div
      role="alert"
      aria-label="Notas não salvas"
      className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {cells.length === 1
          ? '1 nota não foi salva: corrija ou apague o valor para salvar.'
          : `${formatCount(cells.length, 'nota', 'notas')} não foram salvas: corrija ou apague os valores para salvar.`}
      </p>
      <ul className="mt-2 space-y-1 pl-6">
        {cells.map((cell) => (
          <li key={`${String(cell.row)}:${String(cell.col)}`}>
            <button
              type="button"
              className="min-h-9 text-left font-medium underline focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => onGo(cell)}
            >
              {cell.aluno} — {cell.avaliacao}
            </button>
            : “{cell.text}” {cell.status === 'conflito' ? `(conflito) ${cell.message}` : `— ${cell.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

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

/** Another class, subject or period, another page: a refused grade is not left behind unasked. */
export function UnsavedLeaveGuard({ cells }: { cells: readonly UnsavedCell[] }) {
  const count =
    cells.length === 1
      ? '1 nota digitada não foi salva'
      : `${formatCount(cells.length, 'nota digitada', 'notas digitadas')} não foram salvas`;
  const named = cells
    .slice(0, 5)
    .map((cell) => `${cell.aluno}, ${cell.avaliacao}: “${cell.text}”`)
    .join('; ');
  return (
    <LeaveGuard
      when={cells.length > 0}
      title="Sair com notas não salvas?"
      message={`${count} (${named}${cells.length > 5 ? '; …' : ''}). Se sair agora, ${
        cells.length === 1 ? 'ela será perdida' : 'elas serão perdidas'
      }.`}
      confirmLabel="Sair sem salvar"
      cancelLabel="Voltar às notas"
    />
  );
}

/** A phone's Próximo/Anterior held back: which of this student's grades are refused, and what to do. */
export function HeldNotice({ cells }: { cells: readonly UnsavedCell[] }) {
  if (cells.length === 0) return null;
  const one = cells.length === 1;
  return (
    <p role="alert" className="mt-3 text-sm font-medium text-red-800">
      {one ? 'A nota' : 'As notas'} de {formatList(cells.map((cell) => cell.avaliacao))} de {cells[0]!.aluno}{' '}
      {one ? 'não foi salva' : 'não foram salvas'}: corrija ou apague {one ? 'o valor' : 'os valores'} antes
      de passar para outro aluno.
    </p>
  );
}

/** Why the grid is read-only or what editing a published period does; and the last batch's error. */
export function GradeGridBanner({
  grid,
  readOnly,
  canRectify,
  canAsk,
  batchError,
  lastSaved = null,
  saving = false,
  onSave,
}: {
  grid: GradesGrid;
  readOnly: boolean;
  canRectify: boolean;
  canAsk: boolean;
  batchError: string | null;
  /** When the last batch was saved ('Notas salvas às 14:32'). */
  lastSaved?: Date | null;
  /** A batch is waiting or on its way. */
  saving?: boolean;
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
          <span>
            {/* The scale before the first grade, not only in the message that refuses one. */}
            <strong className="font-medium text-gray-800">Escala: {escalaLabels[grid.escala]}.</strong> As
            notas são salvas ao digitar; sem conexão, ficam no aparelho como pendentes.
          </span>
          <span className="flex flex-wrap items-center gap-3">
            <span aria-live="polite" className="text-sm">
              {saving ? (
                <span className="text-gray-600">Salvando…</span>
              ) : lastSaved ? (
                <span className="inline-flex items-center gap-1 text-green-800">
                  <Check className="h-4 w-4" aria-hidden /> Notas salvas às {time.format(lastSaved)}
                </span>
              ) : null}
            </span>
            <Button variant="secondary" className="min-h-11" onClick={onSave}>
              <Save className="h-4 w-4" aria-hidden /> Salvar
            </Button>
          </span>
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
                ? 'Para corrigir uma nota, toque em “Solicitar” ao lado dela e diga o motivo.'
                : 'As notas estão somente para leitura.'}
          </span>
        </div>
      )}
      {batchError && <ErrorBanner>{batchError}</ErrorBanner>}
    </>
  );
}

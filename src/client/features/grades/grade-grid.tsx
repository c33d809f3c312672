import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Clock, FilePenLine, History } from 'lucide-react';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { Button } from '../../components/button';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import { isBlock, moveFocus, parsePastedBlock, placeBlock, type CellPosition } from './grade-grid-logic';
import { RectifyDialog, type RectifyTarget } from './rectify-dialog';
import { RequestRectificationDialog, type RectificationTarget } from './request-rectification-dialog';
import { keyOf, useGradeGridSaving } from './use-grade-grid-saving';
import { GradeGridBanner, SaveStatus } from './grade-grid-notices';
import { GradeStudentCard, GradeTable } from './grade-grid-views';

/**
 * Students down, assessments across; types like a spreadsheet and saves as you go (one batch of the
 * pending cells, each with the version it was read at). A cell another person changed meanwhile is a
 * conflict shown in that cell with the other value; nothing of that batch is saved.
 */
export function GradeGrid({ grid, canRectify }: { grid: GradesGrid; canRectify: boolean }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const { edits, batchError, flushRef, serverCell, setCell, textOf, rowStatus } = useGradeGridSaving(grid);
  const [rectifying, setRectifying] = useState<(RectifyTarget & { aluno: string; avaliacao: string }) | null>(
    null,
  );
  const [asking, setAsking] = useState<RectificationTarget | null>(null);
  const [studentIndex, setStudentIndex] = useState(0);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const readOnly = grid.bloqueio !== null;
  const canAsk = readOnly && grid.pode_solicitar_retificacao;
  const pendingOf = (alunoId: string, avaliacaoId: string) =>
    grid.retificacoes_pendentes.find(
      (request) => request.aluno_id === alunoId && request.avaliacao_id === avaliacaoId,
    );
  const rows = grid.alunos.length;
  const cols = grid.avaliacoes.length;

  const focusCell = (at: CellPosition) => {
    const aluno = grid.alunos[at.row];
    const avaliacao = grid.avaliacoes[at.col];
    if (!aluno || !avaliacao) return;
    const input = inputs.current.get(keyOf(aluno.id, avaliacao.id));
    input?.focus();
    input?.select();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, at: CellPosition) => {
    // Left/right move only when the caret is at the edge, so a typed value can still be edited.
    const input = event.currentTarget;
    if (event.key === 'ArrowLeft' && input.selectionStart !== 0) return;
    if (event.key === 'ArrowRight' && input.selectionEnd !== input.value.length) return;
    const next = moveFocus(at, event.key, event.shiftKey, rows, cols);
    if (!next) return;
    event.preventDefault();
    if (event.key === 'Enter') flushRef.current();
    focusCell(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, at: CellPosition) => {
    const block = parsePastedBlock(event.clipboardData.getData('text/plain'));
    if (!isBlock(block)) return;
    event.preventDefault();
    for (const cell of placeBlock(at, block, rows, cols)) {
      const aluno = grid.alunos[cell.row];
      const avaliacao = grid.avaliacoes[cell.col];
      if (aluno && avaliacao) setCell(aluno.id, avaliacao.id, cell.text);
    }
  };

  const cellInput = (alunoIndex: number, avaliacaoIndex: number, label: string, className: string) => {
    const aluno = grid.alunos[alunoIndex]!;
    const avaliacao = grid.avaliacoes[avaliacaoIndex]!;
    const key = keyOf(aluno.id, avaliacao.id);
    const edit = edits.get(key);
    const bad = edit?.status === 'erro' || edit?.status === 'conflito';
    const messageId = `msg-${key}`;
    const nota = serverCell(aluno.id, avaliacao.id);
    const pending = pendingOf(aluno.id, avaliacao.id);
    return (
      <div className="flex flex-col gap-0.5">
        <div className="flex items-center gap-1">
          <input
            ref={(element) => {
              if (element) inputs.current.set(key, element);
              else inputs.current.delete(key);
            }}
            aria-label={label}
            aria-invalid={bad || undefined}
            aria-describedby={bad ? messageId : undefined}
            inputMode={grid.escala === 'conceitos' ? 'text' : 'decimal'}
            autoComplete="off"
            readOnly={readOnly}
            value={textOf(aluno.id, avaliacao.id)}
            onChange={(event) => setCell(aluno.id, avaliacao.id, event.target.value)}
            onKeyDown={(event) => onKeyDown(event, { row: alunoIndex, col: avaliacaoIndex })}
            onPaste={(event) => onPaste(event, { row: alunoIndex, col: avaliacaoIndex })}
            onFocus={(event) => event.currentTarget.select()}
            className={`${className} rounded border px-2 text-center text-base focus:outline-2 focus:outline-primary ${
              bad ? 'border-red-500 bg-red-50' : readOnly ? 'border-gray-200 bg-gray-50' : 'border-gray-300'
            }`}
          />
          {/* Every cell, also one that never had a grade (a make-up test given after closing). */}
          {readOnly && canRectify && (
            <button
              type="button"
              className="rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={`Retificar ${label}`}
              title="Retificar"
              onClick={() =>
                setRectifying({
                  notaId: nota?.id ?? null,
                  avaliacaoId: avaliacao.id,
                  alunoId: aluno.id,
                  aluno: aluno.nome,
                  avaliacao: avaliacao.nome,
                })
              }
            >
              <History className="h-4 w-4" aria-hidden />
            </button>
          )}
          {canAsk &&
            (pending ? (
              <span
                role="img"
                className="rounded p-1 text-amber-700"
                aria-label={`Retificação pendente de ${label}: ${pending.depois ?? 'sem nota'}, aguardando a secretaria`}
                title={`Retificação pendente: ${pending.depois ?? 'sem nota'}`}
              >
                <Clock className="h-4 w-4" aria-hidden />
              </span>
            ) : (
              <button
                type="button"
                className="rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={`Solicitar retificação de ${label}`}
                title="Solicitar retificação"
                onClick={() =>
                  setAsking({
                    avaliacaoId: avaliacao.id,
                    alunoId: aluno.id,
                    aluno: aluno.nome,
                    avaliacao: avaliacao.nome,
                    atual: nota?.texto ?? null,
                  })
                }
              >
                <FilePenLine className="h-4 w-4" aria-hidden />
              </button>
            ))}
        </div>
        {bad && edit.message && (
          <span id={messageId} role="alert" className="max-w-48 text-xs text-red-700">
            {edit.message}
          </span>
        )}
      </div>
    );
  };

  const statusBadge = (alunoId: string) => <SaveStatus status={rowStatus(alunoId)} />;

  const dialog = (
    <>
      {rectifying && (
        <RectifyDialog
          target={rectifying}
          title={`${rectifying.avaliacao} — ${rectifying.aluno}`}
          onClose={() => setRectifying(null)}
        />
      )}
      {asking && (
        <RequestRectificationDialog
          target={asking}
          conceitos={grid.escala === 'conceitos'}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );

  const banner = (
    <GradeGridBanner
      grid={grid}
      readOnly={readOnly}
      canRectify={canRectify}
      canAsk={canAsk}
      batchError={batchError}
      onSave={readOnly ? undefined : () => flushRef.current()}
    />
  );

  // A closed period (or year) has no 'Nova avaliação' button: say why instead of pointing at it.
  if (grid.avaliacoes.length === 0)
    return readOnly ? (
      banner
    ) : (
      <p className="text-sm text-gray-600">Crie uma avaliação acima para lançar as notas.</p>
    );

  if (!wide) {
    const index = Math.min(studentIndex, rows - 1);
    const aluno = grid.alunos[index];
    if (!aluno) return <p className="text-sm text-gray-600">Nenhum aluno na turma neste período.</p>;
    return (
      <div>
        {banner}
        <GradeStudentCard grid={grid} index={index} status={statusBadge(aluno.id)} cell={cellInput} />
        <div className="mt-3 flex justify-between gap-2">
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={index === 0}
            onClick={() => {
              flushRef.current();
              setStudentIndex(index - 1);
            }}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden /> Anterior
          </Button>
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={index === rows - 1}
            onClick={() => {
              flushRef.current();
              setStudentIndex(index + 1);
            }}
          >
            Próximo <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {dialog}
      </div>
    );
  }

  return (
    <div>
      {banner}
      {!readOnly && (
        <p className="mb-2 text-sm text-gray-600">
          Digite e use Enter ou as setas para andar; cole uma coluna do Excel ou Planilhas para preencher para
          baixo. Em branco = não lançada (diferente de 0). Salva sozinho.
        </p>
      )}
      <GradeTable grid={grid} status={statusBadge} cell={cellInput} />
      {dialog}
    </div>
  );
}

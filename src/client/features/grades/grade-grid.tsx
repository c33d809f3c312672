import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { CellActions } from './grade-cell-actions';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import {
  isAfterItinerarioChange,
  itinerarioCellNote,
  isBlock,
  moveFocus,
  parsePastedBlock,
  placeBlock,
  shownAverage,
  type CellPosition,
} from './grade-grid-logic';
import { RectifyDialog, type RectifyTarget } from './rectify-dialog';
import { RequestRectificationDialog, type RectificationTarget } from './request-rectification-dialog';
import { keyOf, useGradeGridSaving } from './use-grade-grid-saving';
import { useGradeGridFocus } from './use-grade-grid-focus';
import {
  GradeGridBanner,
  HeldNotice,
  SaveStatus,
  UnsavedLeaveGuard,
  UnsavedSummary,
} from './grade-grid-notices';
import {
  cellSize,
  GradeCell,
  GradeStudentCard,
  GradeTable,
  StudentPager,
  type CellPlace,
} from './grade-grid-views';

/**
 * Students down, assessments across; types like a spreadsheet and saves as you go (one batch of the
 * pending cells, each with the version it was read at). A cell another person changed meanwhile is a
 * conflict shown in that cell with the other value; nothing of that batch is saved. A value the scale
 * refuses stays on screen, in the cell and in the list under the grid; 'Salvar' and 'Próximo' take the
 * teacher to it instead of going on, and leaving the screen asks first.
 */
export function GradeGrid({ grid, canRectify }: { grid: GradesGrid; canRectify: boolean }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const sheet = useGradeGridSaving(grid);
  const [rectifying, setRectifying] = useState<(RectifyTarget & { aluno: string; avaliacao: string }) | null>(
    null,
  );
  const [asking, setAsking] = useState<RectificationTarget | null>(null);
  const readOnly = grid.bloqueio !== null;
  const canAsk = readOnly && grid.pode_solicitar_retificacao;
  const pendingOf = (alunoId: string, avaliacaoId: string) =>
    grid.retificacoes_pendentes.find(
      (request) => request.aluno_id === alunoId && request.avaliacao_id === avaliacaoId,
    );
  const rows = grid.alunos.length;
  const cols = grid.avaliacoes.length;

  const { inputs, focusCell, goTo, onSave, move, noteFocus, studentIndex, heldAt, held } = useGradeGridFocus(
    grid,
    sheet.unsavedCells,
    sheet.saveNow,
    sheet.flushRef,
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, at: CellPosition) => {
    // Left/right move only when the caret is at the edge, so a typed value can still be edited.
    const input = event.currentTarget;
    if (event.key === 'ArrowLeft' && input.selectionStart !== 0) return;
    if (event.key === 'ArrowRight' && input.selectionEnd !== input.value.length) return;
    const next = moveFocus(at, event.key, event.shiftKey, rows, cols);
    if (!next) return;
    event.preventDefault();
    // A phone shows one student: the next row is the next student's card.
    if (!wide && next.row !== at.row) return move(at.row, next.row, next.col);
    if (event.key === 'Enter') sheet.flushRef.current();
    focusCell(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, at: CellPosition) => {
    const block = parsePastedBlock(event.clipboardData.getData('text/plain'));
    if (!isBlock(block)) return;
    event.preventDefault();
    for (const cell of placeBlock(at, block, rows, cols)) {
      const aluno = grid.alunos[cell.row];
      const avaliacao = grid.avaliacoes[cell.col];
      // A student who left the itinerário: the assessments after the change are skipped, not refused.
      if (aluno && avaliacao && !isAfterItinerarioChange(aluno, avaliacao))
        sheet.setCell(aluno.id, avaliacao.id, cell.text);
    }
  };

  const cellInput = (alunoIndex: number, avaliacaoIndex: number, label: string, place: CellPlace) => {
    const aluno = grid.alunos[alunoIndex]!;
    const avaliacao = grid.avaliacoes[avaliacaoIndex]!;
    const key = keyOf(aluno.id, avaliacao.id);
    const edit = sheet.edits.get(key);
    const bad = edit?.status === 'erro' || edit?.status === 'conflito';
    const messageId = `msg-${key}`;
    const nota = sheet.serverCell(aluno.id, avaliacao.id);
    const pending = pendingOf(aluno.id, avaliacao.id);
    const outside = itinerarioCellNote(aluno, avaliacao);
    const after = outside !== null;
    const locked = readOnly || after;
    return (
      <GradeCell
        place={place}
        editable={!locked}
        messageId={messageId}
        message={bad ? edit.message : undefined}
      >
        <input
          ref={(element) => {
            if (element) inputs.current.set(key, element);
            else inputs.current.delete(key);
          }}
          aria-label={outside === null ? label : `${label}: ${outside}`}
          aria-invalid={bad || undefined}
          aria-describedby={bad && edit.message ? messageId : undefined}
          inputMode={grid.escala === 'conceitos' ? 'text' : 'decimal'}
          autoComplete="off"
          readOnly={locked}
          value={after ? '' : sheet.textOf(aluno.id, avaliacao.id)}
          onChange={(event) => sheet.setCell(aluno.id, avaliacao.id, event.target.value)}
          onKeyDown={(event) => onKeyDown(event, { row: alunoIndex, col: avaliacaoIndex })}
          onPaste={(event) => onPaste(event, { row: alunoIndex, col: avaliacaoIndex })}
          onFocus={(event) => {
            event.currentTarget.select();
            noteFocus(avaliacaoIndex);
          }}
          className={`${cellSize[place]} rounded border px-2 text-center text-base focus:outline-2 focus:outline-primary ${
            bad ? 'border-red-500 bg-red-50' : locked ? 'border-gray-200 bg-gray-50' : 'border-gray-300'
          }`}
        />
        <CellActions
          label={label}
          pending={pending}
          rectify={
            readOnly && canRectify && !after
              ? () =>
                  setRectifying({
                    notaId: nota?.id ?? null,
                    avaliacaoId: avaliacao.id,
                    alunoId: aluno.id,
                    aluno: aluno.nome,
                    avaliacao: avaliacao.nome,
                  })
              : undefined
          }
          ask={
            canAsk && !after
              ? () =>
                  setAsking({
                    avaliacaoId: avaliacao.id,
                    alunoId: aluno.id,
                    aluno: aluno.nome,
                    avaliacao: avaliacao.nome,
                    atual: nota?.texto ?? null,
                  })
              : undefined
          }
        />
      </GradeCell>
    );
  };

  const statusBadge = (alunoId: string) => <SaveStatus status={sheet.rowStatus(alunoId)} />;
  const averageOf = (aluno: GradesGrid['alunos'][number]) => shownAverage(grid, aluno, sheet.textOf);

  // The list of refused grades comes under the grid: above it, its appearing pushed the cell being typed
  // in down the screen.
  const after = (
    <>
      <UnsavedSummary cells={sheet.unsavedCells} onGo={goTo} />
      <UnsavedLeaveGuard cells={sheet.unsavedCells} />
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

  const saving = [...sheet.edits.values()].some(
    (edit) => edit.status === 'pendente' || edit.status === 'salvando',
  );
  const banner = (
    <GradeGridBanner
      grid={grid}
      readOnly={readOnly}
      canRectify={canRectify}
      canAsk={canAsk}
      batchError={sheet.batchError}
      lastSaved={sheet.lastSaved}
      saving={saving}
      onSave={readOnly ? undefined : onSave}
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
        <GradeStudentCard
          grid={grid}
          index={index}
          status={statusBadge(aluno.id)}
          cell={cellInput}
          average={averageOf(aluno)}
        />
        {heldAt === index && <HeldNotice cells={held} />}
        <StudentPager
          index={index}
          names={grid.alunos.map((student) => student.nome)}
          onMove={(to) => move(index, to)}
        />
        {after}
      </div>
    );
  }

  return (
    <div>
      {banner}
      <GradeTable grid={grid} status={statusBadge} cell={cellInput} hint={!readOnly} average={averageOf} />
      {after}
    </div>
  );
}

/**
 * Where the grade grid's focus goes: a cell by the keyboard, the phone's one student at a time, and the
 * refused grades — 'Salvar' goes to the first, 'Próximo'/'Anterior' do not pass one by.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GradesGrid } from '../../../shared/grades.schemas';
import type { CellPosition } from './grade-grid-logic';
import { keyOf, type UnsavedCell } from './use-grade-grid-saving';

export function useGradeGridFocus(
  grid: GradesGrid,
  unsavedCells: readonly UnsavedCell[],
  saveNow: () => void,
  flushRef: RefObject<() => void>,
) {
  const [studentIndex, setStudentIndex] = useState(0);
  /** A phone's 'Próximo'/'Anterior' held back by this student's refused grade. */
  const [heldAt, setHeldAt] = useState<number | null>(null);
  /** The cell to focus once it is on screen (on a phone, after showing its student). */
  const [focusTarget, setFocusTarget] = useState<CellPosition | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const focusCell = (at: CellPosition) => {
    const aluno = grid.alunos[at.row];
    const avaliacao = grid.avaliacoes[at.col];
    if (!aluno || !avaliacao) return;
    const input = inputs.current.get(keyOf(aluno.id, avaliacao.id));
    input?.focus();
    input?.select();
  };

  useEffect(() => {
    if (!focusTarget) return;
    focusCell(focusTarget);
    setFocusTarget(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusCell reads the inputs of this render
  }, [focusTarget]);

  /** Shows (a phone: that student) and focuses a cell. */
  const goTo = (at: CellPosition) => {
    setStudentIndex(at.row);
    setFocusTarget({ row: at.row, col: at.col });
  };
  /** The values refused in a student's cells (out of the scale): corrected or cleared first. */
  const refusedOf = (row: number) => unsavedCells.filter((cell) => cell.row === row && cell.invalid);

  /** 'Salvar': sends what can go, then goes to what cannot — a value to correct, or a conflict to see. */
  const onSave = () => {
    saveNow();
    const first =
      unsavedCells.find((cell) => cell.invalid) ?? unsavedCells.find((cell) => cell.status === 'conflito');
    if (first) goTo(first);
  };

  /** The assessment last typed in: a phone's next student opens on the same one. */
  const lastCol = useRef(0);
  const noteFocus = (col: number) => {
    lastCol.current = col;
  };

  /**
   * A phone's Anterior/Próximo (or Enter on the last cell): not past a grade the scale refused (it would
   * be left behind unsaved); the next student's grade field takes the focus, ready to type.
   */
  const move = (from: number, to: number, col = lastCol.current) => {
    const refused = refusedOf(from)[0];
    if (refused) {
      setHeldAt(from);
      goTo(refused);
      return;
    }
    setHeldAt(null);
    flushRef.current();
    goTo({ row: to, col: Math.min(col, grid.avaliacoes.length - 1) });
  };

  return {
    inputs,
    focusCell,
    goTo,
    onSave,
    move,
    noteFocus,
    studentIndex,
    heldAt,
    /** The refused grades of the student whose Próximo/Anterior was held back. */
    held: heldAt === null ? [] : refusedOf(heldAt),
  };
}

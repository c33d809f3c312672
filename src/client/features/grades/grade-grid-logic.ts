import { parseGradeValue, type AveragingRules } from '../../../shared/averages';

/**
 * The spreadsheet behaviour of the grade grid as pure functions (tested without a browser): where a
 * key moves the focus, how a block pasted from Excel/Sheets lands, and how a typed cell reads.
 */

export interface CellPosition {
  row: number;
  col: number;
}

/** The next cell for a key, or null when the key does not move (the input keeps it). */
export function moveFocus(
  at: CellPosition,
  key: string,
  shiftKey: boolean,
  rows: number,
  cols: number,
): CellPosition | null {
  const clamp = (value: number, size: number) => Math.min(Math.max(value, 0), size - 1);
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), col: at.col };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), col: at.col };
    case 'Enter':
      // Enter goes down a column (how a teacher types a test's grades); Shift+Enter goes back up.
      return { row: clamp(at.row + (shiftKey ? -1 : 1), rows), col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, cols) };
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, cols) };
    default:
      return null;
  }
}

/**
 * Text copied from a spreadsheet: rows by line breaks, cells by tabs. The trailing line break Excel
 * adds is not a row; an empty cell stays '' (not given).
 */
export function parsePastedBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}

/** Whether a paste is a block (more than one cell) rather than a value typed into one cell. */
export function isBlock(block: string[][]): boolean {
  return block.length > 1 || (block[0]?.length ?? 0) > 1;
}

/** The cells a block fills from `start`, cut at the grid's edges. */
export function placeBlock(
  start: CellPosition,
  block: string[][],
  rows: number,
  cols: number,
): (CellPosition & { text: string })[] {
  const placed: (CellPosition & { text: string })[] = [];
  block.forEach((line, r) => {
    line.forEach((text, c) => {
      const row = start.row + r;
      const col = start.col + c;
      if (row < rows && col < cols) placed.push({ row, col, text });
    });
  });
  return placed;
}

export type CellReading = { ok: true; valor: string | null } | { ok: false; message: string };

/**
 * A typed cell as the server will read it: '' is not given (null, different from 0), '7,5' and '7.5'
 * are the same, a value outside the scale carries the server's own message.
 */
export function readCell(text: string, rules: Pick<AveragingRules, 'escala' | 'conceitos'>): CellReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, valor: null };
  const parsed = parseGradeValue(trimmed, rules);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    valor: rules.escala === 'conceitos' ? trimmed.toUpperCase() : trimmed.replace('.', ','),
  };
}

/** Two texts of a cell mean the same grade ('7.5' and '7,5'; ' ' and ''). */
export function sameGrade(a: string | null, b: string | null): boolean {
  const norm = (value: string | null) => (value ?? '').trim().replace('.', ',').toUpperCase();
  return norm(a) === norm(b);
}

/** `notas.3` or `notas.3.valor` → 3: the index of the batch cell a server message names. */
export function batchIndexOf(path: string): number | null {
  const match = /^notas\.(\d+)/.exec(path);
  return match ? Number(match[1]) : null;
}

import {
  conceitos,
  displayGrade,
  parseGradeValue,
  parseTenths,
  periodAverage,
  type AveragingRules,
  type Conceito,
} from '../../../shared/averages';
import type { GradesGrid, GridStudent } from '../../../shared/grades.schemas';

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

/** The grid's numbers (JSON: 7.5, peso 2) in the tenths the shared averages work in. */
const tenthsOfNumber = (value: number) => parseTenths(value) ?? Math.round(value * 10);

/**
 * A student's 'Média do período' as the screen shows the grades: the server's own while every cell on
 * screen is the grade it has; otherwise worked out here with the server's rule (shared periodAverage)
 * from the values on screen — typed and not answered yet, or waiting on the device with no connection —
 * so it reads what it will once they arrive. A value the scale refuses does not count (the saved one does).
 */
export function shownAverage(
  grid: Pick<GradesGrid, 'avaliacoes' | 'escala' | 'conceitos' | 'recuperacao'>,
  aluno: Pick<GridStudent, 'id' | 'notas' | 'media_texto'>,
  textOf: (alunoId: string, avaliacaoId: string) => string,
): string | null {
  const rules = {
    escala: grid.escala,
    conceitos: Object.fromEntries(
      conceitos.map((letter) => [letter, tenthsOfNumber(grid.conceitos[letter])]),
    ) as Record<Conceito, number>,
  };
  const items = grid.avaliacoes.map((avaliacao) => {
    const saved = aluno.notas.find((nota) => nota.avaliacao_id === avaliacao.id);
    const savedTenths = saved?.valor == null ? null : tenthsOfNumber(saved.valor);
    const text = textOf(aluno.id, avaliacao.id);
    const reading = parseGradeValue(text, rules);
    const typed = reading.ok && !sameGrade(text, saved?.texto ?? null) ? reading.tenths : undefined;
    return {
      tipo: avaliacao.tipo,
      peso: tenthsOfNumber(avaliacao.peso),
      valor: typed === undefined ? savedTenths : typed,
      typed: typed !== undefined,
    };
  });
  if (!items.some((item) => item.typed)) return aluno.media_texto;
  return displayGrade(periodAverage(items, { recuperacao: grid.recuperacao }).media, rules);
}

type ChangeStudent = Pick<GridStudent, 'itinerario_trocado_em' | 'itinerario_periodos' | 'turma_saida_em'>;

/**
 * Ensino Médio: an assessment dated on a day the subject's itinerário was not the student's is not theirs
 * (ADR 0111, 0115): after they left it, between leaving it and coming back, before they joined it. Nor
 * is one dated from the day a student left the class (`turma_saida_em`: a transfer, a change of class).
 * Its cell cannot be typed in; the ones inside their spans can (their grades stay correctable).
 */
export function isAfterItinerarioChange(
  aluno: ChangeStudent,
  avaliacao: Pick<GradesGrid['avaliacoes'][number], 'data'>,
): boolean {
  const data = avaliacao.data;
  if (aluno.turma_saida_em !== undefined && data >= aluno.turma_saida_em) return true;
  if (aluno.itinerario_periodos !== undefined)
    return !aluno.itinerario_periodos.some(
      (span) => (span.desde === null || data >= span.desde) && (span.ate === null || data < span.ate),
    );
  return aluno.itinerario_trocado_em !== undefined && data >= aluno.itinerario_trocado_em;
}

/**
 * What a screen reader hears of a cell that is not the student's (`isAfterItinerarioChange`), or null:
 * 'depois da troca de itinerário', 'antes da entrada no itinerário', 'fora do itinerário' (a gap).
 */
export function itinerarioCellNote(
  aluno: ChangeStudent,
  avaliacao: Pick<GradesGrid['avaliacoes'][number], 'data'>,
): string | null {
  if (!isAfterItinerarioChange(aluno, avaliacao)) return null;
  if (aluno.turma_saida_em !== undefined && avaliacao.data >= aluno.turma_saida_em)
    return 'depois da saída da turma';
  const spans = aluno.itinerario_periodos ?? [];
  const first = spans[0]?.desde;
  if (first !== undefined && first !== null && avaliacao.data < first)
    return 'antes da entrada no itinerário';
  if (spans.some((span) => span.desde !== null && span.desde > avaliacao.data)) return 'fora do itinerário';
  return 'depois da troca de itinerário';
}

const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The note under the name of a student whose itinerário changed: 'Trocou de itinerário em 01/04' (left
 * it), 'Entrou no itinerário em 01/04' (joined it), 'Saiu do itinerário em 01/04 e voltou em 15/05'.
 */
export function itinerarioChangeNote(aluno: ChangeStudent): string | null {
  const itinerario = itinerarioNote(aluno);
  if (aluno.turma_saida_em === undefined) return itinerario;
  const left = `Saiu da turma em ${dayMonth(aluno.turma_saida_em)}`;
  return itinerario === null ? left : `${left} · ${itinerario}`;
}

function itinerarioNote(aluno: ChangeStudent): string | null {
  const spans = aluno.itinerario_periodos;
  if (spans === undefined || spans.length === 0) {
    const day = aluno.itinerario_trocado_em;
    return day === undefined ? null : `Trocou de itinerário em ${dayMonth(day)}`;
  }
  const events = spans.flatMap((span, index) => [
    ...(span.desde === null ? [] : [{ verbo: index === 0 ? 'entrou' : 'voltou', dia: span.desde }]),
    ...(span.ate === null ? [] : [{ verbo: 'saiu', dia: span.ate }]),
  ]);
  if (events.length === 1 && events[0]!.verbo === 'saiu')
    return `Trocou de itinerário em ${dayMonth(events[0]!.dia)}`;
  const first = events[0]!;
  const lead = first.verbo === 'entrou' ? 'Entrou no itinerário' : 'Saiu do itinerário';
  const rest = events.slice(1).map((event) => `${event.verbo} em ${dayMonth(event.dia)}`);
  const tail =
    rest.length === 0
      ? ''
      : rest.length === 1
        ? ` e ${rest[0]!}`
        : `, ${rest.slice(0, -1).join(', ')} e ${rest.at(-1)!}`;
  return `${lead} em ${dayMonth(first.dia)}${tail}`;
}

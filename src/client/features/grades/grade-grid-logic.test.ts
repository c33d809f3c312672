import { describe, expect, it } from 'vitest';
import {
  batchIndexOf,
  isAfterItinerarioChange,
  isBlock,
  itinerarioCellNote,
  itinerarioChangeNote,
  moveFocus,
  parsePastedBlock,
  placeBlock,
  readCell,
  sameGrade,
  shownAverage,
} from './grade-grid-logic';

const decimal = { escala: '0-10', conceitos: { A: 95, B: 80, C: 65, D: 45, E: 20 } } as const;
const hundred = { ...decimal, escala: '0-100' } as const;
const concepts = { ...decimal, escala: 'conceitos' } as const;

describe('moveFocus', () => {
  it('moves down with Enter and ArrowDown, up with Shift+Enter and ArrowUp', () => {
    expect(moveFocus({ row: 1, col: 2 }, 'Enter', false, 5, 3)).toEqual({ row: 2, col: 2 });
    expect(moveFocus({ row: 1, col: 2 }, 'ArrowDown', false, 5, 3)).toEqual({ row: 2, col: 2 });
    expect(moveFocus({ row: 1, col: 2 }, 'Enter', true, 5, 3)).toEqual({ row: 0, col: 2 });
    expect(moveFocus({ row: 1, col: 2 }, 'ArrowUp', false, 5, 3)).toEqual({ row: 0, col: 2 });
  });

  it('moves across with the side arrows and stops at the edges', () => {
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowRight', false, 5, 3)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowLeft', false, 5, 3)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 4, col: 2 }, 'ArrowDown', false, 5, 3)).toEqual({ row: 4, col: 2 });
    expect(moveFocus({ row: 4, col: 2 }, 'ArrowRight', false, 5, 3)).toEqual({ row: 4, col: 2 });
  });

  it('leaves other keys to the input', () => {
    expect(moveFocus({ row: 0, col: 0 }, '7', false, 5, 3)).toBeNull();
    expect(moveFocus({ row: 0, col: 0 }, 'Tab', false, 5, 3)).toBeNull();
  });
});

describe('parsePastedBlock and placeBlock', () => {
  it('reads a column copied from Excel (CRLF and the trailing line break) as one cell per row', () => {
    const block = parsePastedBlock('7,5\r\n8\r\n\r\n9.5\r\n');
    expect(block).toEqual([['7,5'], ['8'], [''], ['9.5']]);
    expect(isBlock(block)).toBe(true);
  });

  it('reads tabs as columns and a single value as not a block', () => {
    expect(parsePastedBlock('7\t8\n6\t5')).toEqual([
      ['7', '8'],
      ['6', '5'],
    ]);
    expect(isBlock(parsePastedBlock('7,5'))).toBe(false);
  });

  it('fills down from the focused cell and cuts at the last student', () => {
    const placed = placeBlock({ row: 2, col: 1 }, [['7'], ['8'], ['9']], 4, 3);
    expect(placed).toEqual([
      { row: 2, col: 1, text: '7' },
      { row: 3, col: 1, text: '8' },
    ]);
  });
});

describe('readCell', () => {
  it('reads 7,5 and 7.5 as the same grade, and empty as not given (not 0)', () => {
    expect(readCell('7,5', decimal)).toEqual({ ok: true, valor: '7,5' });
    expect(readCell('7.5', decimal)).toEqual({ ok: true, valor: '7,5' });
    expect(readCell('  ', decimal)).toEqual({ ok: true, valor: null });
    expect(readCell('0', decimal)).toEqual({ ok: true, valor: '0' });
  });

  it("refuses values outside the scale with the server's message", () => {
    // An integer that reads as tenths within the scale ('75': 7,5 without the comma) is asked about.
    expect(readCell('75', decimal)).toEqual({
      ok: false,
      message: 'Nota fora da escala: de 0 a 10. Quis dizer 7,5?',
    });
    expect(readCell('11', decimal)).toEqual({
      ok: false,
      message: 'Nota fora da escala: de 0 a 10. Quis dizer 1,1?',
    });
    expect(readCell('10,5', decimal)).toEqual({ ok: false, message: 'Nota fora da escala: de 0 a 10' });
    expect(readCell('150', decimal)).toEqual({ ok: false, message: 'Nota fora da escala: de 0 a 10' });
    expect(readCell('7,55', decimal)).toEqual({
      ok: false,
      message: 'Nota inválida: use um número de 0 a 10, com até uma casa decimal',
    });
    expect(readCell('-1', decimal).ok).toBe(false);
    expect(readCell('85', hundred)).toEqual({ ok: true, valor: '85' });
    expect(readCell('101', hundred)).toEqual({ ok: false, message: 'Nota fora da escala: de 0 a 100' });
    expect(readCell('100,5', hundred)).toEqual({ ok: false, message: 'Nota fora da escala: de 0 a 100' });
  });

  it('reads concept letters in any case and refuses others', () => {
    expect(readCell('b', concepts)).toEqual({ ok: true, valor: 'B' });
    expect(readCell('F', concepts)).toEqual({ ok: false, message: 'Conceito inválido: use A, B, C, D, E' });
  });
});

describe('sameGrade and batchIndexOf', () => {
  it('compares grades as the server reads them', () => {
    expect(sameGrade('7.5', '7,5')).toBe(true);
    expect(sameGrade(null, ' ')).toBe(true);
    expect(sameGrade('0', null)).toBe(false);
  });

  it('finds the batch cell a message names', () => {
    expect(batchIndexOf('notas.3')).toBe(3);
    expect(batchIndexOf('notas.12.valor')).toBe(12);
    expect(batchIndexOf('motivo')).toBeNull();
  });
});

describe('shownAverage', () => {
  // The reviewer's student: Trabalho 7,4 (peso 1) saved, Prova bimestral (peso 2) typed offline.
  const grid = {
    escala: '0-10' as const,
    conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
    recuperacao: 'substitui_se_maior' as const,
    avaliacoes: [
      { id: 'trab', nome: 'Trabalho', data: '2026-03-10', peso: 1, tipo: 'regular' as const, version: 1 },
      {
        id: 'prova',
        nome: 'Prova bimestral',
        data: '2026-03-20',
        peso: 2,
        tipo: 'regular' as const,
        version: 1,
      },
      {
        id: 'rec',
        nome: 'Recuperação',
        data: '2026-03-30',
        peso: 1,
        tipo: 'recuperacao' as const,
        version: 1,
      },
    ],
  };
  const aluno = {
    id: 'a1',
    notas: [
      { id: 'n1', avaliacao_id: 'trab', valor: 7.4, texto: '7,4', version: 1 },
      { id: null, avaliacao_id: 'prova', valor: null, texto: null, version: 0 },
      { id: null, avaliacao_id: 'rec', valor: null, texto: null, version: 0 },
    ],
    media_texto: '7,4',
  };
  const screenWith =
    (typed: Record<string, string>) =>
    (_aluno: string, avaliacao: string): string =>
      typed[avaliacao] ?? aluno.notas.find((nota) => nota.avaliacao_id === avaliacao)?.texto ?? '';

  it('counts a grade on screen that the server does not have yet, with its weight', () => {
    expect(shownAverage(grid, aluno, screenWith({ prova: '5' }))).toBe('5,8');
    expect(shownAverage(grid, aluno, screenWith({ prova: '5.0' }))).toBe('5,8');
  });

  it('is the server’s own while the screen shows what the server has', () => {
    expect(shownAverage(grid, aluno, screenWith({}))).toBe('7,4');
    expect(shownAverage(grid, aluno, screenWith({ trab: '7.4' }))).toBe('7,4');
  });

  it('a grade erased on screen stops counting; a value the scale refuses counts as the saved one', () => {
    expect(shownAverage(grid, aluno, screenWith({ trab: '', prova: '5' }))).toBe('5,0');
    expect(shownAverage(grid, aluno, screenWith({ trab: '', prova: '' }))).toBeNull();
    expect(shownAverage(grid, aluno, screenWith({ trab: '75' }))).toBe('7,4');
  });

  it('applies the stage’s recuperação rule, as the server does', () => {
    expect(shownAverage(grid, aluno, screenWith({ prova: '5', rec: '7' }))).toBe('7,0');
    expect(shownAverage({ ...grid, recuperacao: 'media' }, aluno, screenWith({ prova: '5', rec: '7' }))).toBe(
      '6,4',
    );
  });

  it('works on concepts and on 0–100', () => {
    const concepts = { ...grid, escala: 'conceitos' as const };
    const saved = {
      ...aluno,
      notas: [{ id: 'n1', avaliacao_id: 'trab', valor: 9, texto: 'A', version: 1 }],
      media_texto: 'A',
    };
    // (9 × 1 + 6 × 2) / 3 = 7,0: 'B' (7 or more).
    expect(
      shownAverage(
        concepts,
        saved,
        (_a, avaliacao) => (({ trab: 'A', prova: 'c' }) as Record<string, string>)[avaliacao] ?? '',
      ),
    ).toBe('B');
    const hundred = { ...grid, escala: '0-100' as const };
    const onHundred = {
      ...aluno,
      notas: [{ id: 'n1', avaliacao_id: 'trab', valor: 74, texto: '74,0', version: 1 }],
      media_texto: '74,0',
    };
    expect(
      shownAverage(hundred, onHundred, (_a, avaliacao) => ({ trab: '74,0', prova: '50' })[avaliacao] ?? ''),
    ).toBe('58,0');
  });
});

describe('a student whose itinerário changed (ADR 0115)', () => {
  const on = (data: string) => ({ data });
  it('names the spans under the name, and why a cell outside them is not theirs', () => {
    const back = {
      itinerario_periodos: [
        { desde: null, ate: '2026-04-01' },
        { desde: '2026-04-08', ate: null },
      ],
    };
    expect(itinerarioChangeNote(back)).toBe('Saiu do itinerário em 01/04 e voltou em 08/04');
    expect(itinerarioCellNote(back, on('2026-03-31'))).toBeNull();
    expect(itinerarioCellNote(back, on('2026-04-06'))).toBe('fora do itinerário');
    expect(itinerarioCellNote(back, on('2026-04-08'))).toBeNull();
    const joined = { itinerario_periodos: [{ desde: '2026-04-01', ate: null }] };
    expect(itinerarioChangeNote(joined)).toBe('Entrou no itinerário em 01/04');
    expect(itinerarioCellNote(joined, on('2026-03-10'))).toBe('antes da entrada no itinerário');
    const left = {
      itinerario_trocado_em: '2026-04-01',
      itinerario_periodos: [{ desde: null, ate: '2026-04-01' }],
    };
    expect(itinerarioChangeNote(left)).toBe('Trocou de itinerário em 01/04');
    expect(itinerarioCellNote(left, on('2026-04-01'))).toBe('depois da troca de itinerário');
    const twice = {
      itinerario_periodos: [
        { desde: '2026-03-02', ate: '2026-03-16' },
        { desde: '2026-04-08', ate: '2026-04-20' },
      ],
    };
    expect(itinerarioChangeNote(twice)).toBe(
      'Entrou no itinerário em 02/03, saiu em 16/03, voltou em 08/04 e saiu em 20/04',
    );
  });
});

describe('a student who left the class during the period', () => {
  it('says so under the name, and the cells of the assessments from that day are not theirs', () => {
    const left = { turma_saida_em: '2026-04-01' };
    expect(itinerarioChangeNote(left)).toBe('Saiu da turma em 01/04');
    expect(itinerarioCellNote(left, { data: '2026-03-31' })).toBeNull();
    expect(itinerarioCellNote(left, { data: '2026-04-01' })).toBe('depois da saída da turma');
    expect(isAfterItinerarioChange(left, { data: '2026-04-10' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  annualAverage,
  applyRecovery,
  conceptOf,
  displayGrade,
  divideHalfUp,
  formatGradeNumber,
  formatTenths,
  overallSituation,
  parseTenths,
  periodsDone,
  subjectSituation,
  weightedMean,
  finalAverage,
  finalRecoveryOf,
  parseGradeValue,
} from './averages.js';

const mapping = { A: 90, B: 70, C: 60, D: 40, E: 0 };

describe('grades in tenths', () => {
  it('reads comma and point decimals exactly and refuses a second decimal', () => {
    expect(parseTenths('7,5')).toBe(75);
    expect(parseTenths('7.5')).toBe(75);
    expect(parseTenths(7.5)).toBe(75);
    expect(parseTenths('10')).toBe(100);
    expect(parseTenths(0)).toBe(0);
    expect(parseTenths(' 0,1 ')).toBe(1);
    // A spreadsheet formatted with two decimals copies 7,50 and 10,00.
    expect(parseTenths('7,50')).toBe(75);
    expect(parseTenths('10,00')).toBe(100);
    expect(parseTenths('7,25')).toBeNull();
    expect(parseTenths('7,05')).toBeNull();
    expect(parseTenths(7.25)).toBeNull();
    expect(parseTenths('-1')).toBeNull();
    expect(parseTenths('abc')).toBeNull();
    expect(parseTenths('')).toBeNull();
    expect(parseTenths(Number.NaN)).toBeNull();
  });

  it('formats with a comma and one decimal', () => {
    expect(formatTenths(75)).toBe('7,5');
    expect(formatGradeNumber(7.1)).toBe('7,1');
    expect(formatGradeNumber(6)).toBe('6,0');
    expect(formatTenths(100)).toBe('10,0');
    expect(formatTenths(5)).toBe('0,5');
  });

  it('0,1 + 0,2 is exactly 0,3 (no binary floating error)', () => {
    // 0.1 + 0.2 !== 0.3 in doubles; in tenths it is 1 + 2 = 3.
    expect(
      weightedMean([
        { valor: parseTenths('0,1'), peso: 10 },
        { valor: parseTenths('0,2'), peso: 10 },
      ]),
    ).toBe(divideHalfUp(3, 2));
    expect(formatTenths(parseTenths('0,1')! + parseTenths('0,2')!)).toBe('0,3');
  });
});

describe('period average (hand-worked)', () => {
  it('weights: provas 7,0 (peso 2) and 8,5 (peso 1), trabalho 9,0 (peso 1) → 31,5 / 4 = 7,875 → 7,9', () => {
    expect(
      weightedMean([
        { valor: 70, peso: 20 },
        { valor: 85, peso: 10 },
        { valor: 90, peso: 10 },
      ]),
    ).toBe(79);
  });

  it('rounds half-up: 6,5 and 6,0 → 6,25 → 6,3; 5,5 and 5,4 → 5,45 → 5,5', () => {
    expect(
      weightedMean([
        { valor: 65, peso: 10 },
        { valor: 60, peso: 10 },
      ]),
    ).toBe(63);
    expect(
      weightedMean([
        { valor: 55, peso: 10 },
        { valor: 54, peso: 10 },
      ]),
    ).toBe(55);
    // 6,24 would be 6,2: 6,0 ×3 + 6,8 ×2 = 31,6 / 5 = 6,32 → 6,3.
    expect(
      weightedMean([
        { valor: 60, peso: 30 },
        { valor: 68, peso: 20 },
      ]),
    ).toBe(63);
  });

  it('a student with no grade in one assessment: that assessment does not count (8,0 and — → 8,0)', () => {
    expect(
      weightedMean([
        { valor: 80, peso: 10 },
        { valor: null, peso: 30 },
      ]),
    ).toBe(80);
    // Zero is a grade: 8,0 (peso 1) and 0,0 (peso 3) → 2,0.
    expect(
      weightedMean([
        { valor: 80, peso: 10 },
        { valor: 0, peso: 30 },
      ]),
    ).toBe(20);
    expect(weightedMean([{ valor: null, peso: 10 }])).toBeNull();
    expect(weightedMean([])).toBeNull();
  });
});

describe('recuperação', () => {
  it('replaces the average when higher, and only then', () => {
    expect(applyRecovery(45, 70, 'substitui_se_maior')).toBe(70);
    expect(applyRecovery(45, 30, 'substitui_se_maior')).toBe(45);
    expect(applyRecovery(45, null, 'substitui_se_maior')).toBe(45);
  });

  it('or becomes the mean of both when that improves: 4,5 and 7,0 → 5,75 → 5,8', () => {
    expect(applyRecovery(45, 70, 'media')).toBe(58);
    expect(applyRecovery(45, 30, 'media')).toBe(45);
    expect(applyRecovery(null, 70, 'media')).toBe(70);
  });
});

describe('annual average', () => {
  const periods = [
    { numero: 1, media: 60 },
    { numero: 2, media: 70 },
    { numero: 3, media: 80 },
    { numero: 4, media: 55 },
  ];
  it('mean of periods: (6 + 7 + 8 + 5,5) / 4 = 6,625 → 6,6', () => {
    expect(annualAverage(periods, { mediaAnual: 'media_periodos', pesosPeriodos: [] })).toBe(66);
  });
  it('weights 2,2,3,3: (12 + 14 + 24 + 16,5) / 10 = 6,65 → 6,7', () => {
    expect(annualAverage(periods, { mediaAnual: 'pesos', pesosPeriodos: [2, 2, 3, 3] })).toBe(67);
  });
  it('only the periods with an average count', () => {
    expect(
      annualAverage(
        [
          { numero: 1, media: 60 },
          { numero: 2, media: null },
        ],
        { mediaAnual: 'media_periodos', pesosPeriodos: [] },
      ),
    ).toBe(60);
  });
});

describe('concepts', () => {
  it('an average maps to the best concept it reaches', () => {
    expect(conceptOf(100, mapping)).toBe('A');
    expect(conceptOf(90, mapping)).toBe('A');
    expect(conceptOf(89, mapping)).toBe('B');
    expect(conceptOf(60, mapping)).toBe('C');
    expect(conceptOf(39, mapping)).toBe('E');
    // B (7,0) and C (6,0) averaged: 6,5 → C.
    expect(
      conceptOf(
        weightedMean([
          { valor: 70, peso: 10 },
          { valor: 60, peso: 10 },
        ])!,
        mapping,
      ),
    ).toBe('C');
    expect(displayGrade(65, { escala: 'conceitos', conceitos: mapping })).toBe('C');
    expect(displayGrade(65, { escala: '0-10', conceitos: mapping })).toBe('6,5');
    expect(displayGrade(null, { escala: '0-10', conceitos: mapping })).toBeNull();
  });
});

describe('situations', () => {
  it('per subject', () => {
    expect(subjectSituation(60, true, false, 60)).toBe('aprovado');
    expect(subjectSituation(70, false, false, 60)).toBe('cursando');
    expect(subjectSituation(59, false, false, 60)).toBe('em_recuperacao');
    expect(subjectSituation(59, true, true, 60)).toBe('reprovado_nota');
    expect(subjectSituation(null, false, true, 60)).toBe('reprovado_nota');
  });
  it('per subject: final (Aprovado) only when every period has an average and is closed', () => {
    const graded = (fechados: boolean[]) =>
      fechados.map((fechado, index) => ({ media: 80 + index, fechado }));
    // One grade in each bimestre with the 4º still open: not done, so 'Cursando' however high.
    const fourthOpen = graded([true, true, true, false]);
    expect(periodsDone(fourthOpen)).toBe(false);
    expect(subjectSituation(80, periodsDone(fourthOpen), false, 60)).toBe('cursando');
    // Closed, but a period without an average: not done either.
    expect(periodsDone([...graded([true, true, true]), { media: null, fechado: true }])).toBe(false);
    expect(periodsDone([])).toBe(false);
    const allClosed = graded([true, true, true, true]);
    expect(periodsDone(allClosed)).toBe(true);
    expect(subjectSituation(80, periodsDone(allClosed), false, 60)).toBe('aprovado');
    // Below the average it is never final while the year is open, done or not.
    expect(subjectSituation(50, periodsDone(allClosed), false, 60)).toBe('em_recuperacao');
    // The year closed decides whatever the periods say.
    expect(subjectSituation(80, false, true, 60)).toBe('aprovado');
  });
  it('overall: attendance first (when the rule is on), then the worst subject', () => {
    const on = { frequenciaMinima: true };
    expect(overallSituation(['aprovado', 'aprovado'], true, on, true)).toBe('reprovado_falta');
    expect(overallSituation(['aprovado', 'aprovado'], true, { frequenciaMinima: false }, true)).toBe(
      'aprovado',
    );
    expect(overallSituation(['aprovado', 'em_recuperacao'], false, on, false)).toBe('em_recuperacao');
    expect(overallSituation(['reprovado_nota', 'em_recuperacao'], false, on, true)).toBe('reprovado_nota');
    expect(overallSituation([], false, on, false)).toBe('cursando');
  });
  it('overall: below the minimum attendance fails only once the year is closed (ADR 0077)', () => {
    const on = { frequenciaMinima: true };
    expect(overallSituation(['aprovado', 'cursando'], true, on, false)).toBe('abaixo_frequencia');
    expect(overallSituation(['reprovado_nota'], true, on, false)).toBe('abaixo_frequencia');
    expect(overallSituation(['aprovado', 'cursando'], true, on, true)).toBe('reprovado_falta');
  });
});

describe('recuperação final (ADR 0097)', () => {
  it('the final average: the higher of the two, or the mean of both', () => {
    expect(finalAverage(40, 70, 'substitui_se_maior')).toBe(70);
    expect(finalAverage(55, 30, 'substitui_se_maior')).toBe(55);
    expect(finalAverage(40, 60, 'media')).toBe(50);
    // A mean, not 'when it improves': it is compared with the (lower) average needed after it.
    expect(finalAverage(55, 30, 'media')).toBe(43);
    expect(finalAverage(45, 60, 'media')).toBe(53);
    expect(finalAverage(40, null, 'media')).toBeNull();
    expect(finalAverage(null, 70, 'media')).toBeNull();
  });

  it('decides the subject once the periods are done or the year closed, against the average needed after it', () => {
    const rules = { mediaAprovacao: 60, recuperacaoFinal: 'media' as const, mediaRecuperacaoFinal: 50 };
    // No grade: as before — 'Em recuperação' while the year runs, 'Reprovado por nota' once closed.
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(null, rules))).toBe('em_recuperacao');
    expect(subjectSituation(40, true, true, 60, finalRecoveryOf(null, rules))).toBe('reprovado_nota');
    // (4,0 + 6,0) / 2 = 5,0 reaches 5,0; (4,0 + 5,0) / 2 = 4,5 does not.
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(60, rules))).toBe('aprovado');
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(50, rules))).toBe('reprovado_nota');
    expect(subjectSituation(40, false, true, 60, finalRecoveryOf(60, rules))).toBe('aprovado');
    // A period open again: nothing is final yet.
    expect(subjectSituation(40, false, false, 60, finalRecoveryOf(60, rules))).toBe('em_recuperacao');
    // At or above the passing average the recuperação final changes nothing.
    expect(subjectSituation(70, true, false, 60, finalRecoveryOf(20, rules))).toBe('aprovado');
    // 'substitui_se_maior' with the default needed average (the passing one).
    const replace = {
      mediaAprovacao: 60,
      recuperacaoFinal: 'substitui_se_maior' as const,
      mediaRecuperacaoFinal: null,
    };
    expect(finalRecoveryOf(70, replace)).toEqual({ nota: 70, regra: 'substitui_se_maior', media: 60 });
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(70, replace))).toBe('aprovado');
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(55, replace))).toBe('reprovado_nota');
    // The needed average is never above the passing one (a stage at 5,0 with the school's final at 6,0).
    expect(finalRecoveryOf(50, { ...rules, mediaAprovacao: 50, mediaRecuperacaoFinal: 60 }).media).toBe(50);
  });

  it('on the conceitos scale: the letter is read as its value', () => {
    const scale = { escala: 'conceitos' as const, conceitos: mapping };
    const grade = parseGradeValue('C', scale);
    expect(grade).toEqual({ ok: true, tenths: 60, conceito: 'C' });
    const rules = {
      mediaAprovacao: 60,
      recuperacaoFinal: 'substitui_se_maior' as const,
      mediaRecuperacaoFinal: null,
    };
    const nota = grade.ok ? grade.tenths : null;
    // Annual D (4,0) and C in the recuperação final: C replaces it and reaches the passing 6,0.
    expect(subjectSituation(40, true, false, 60, finalRecoveryOf(nota, rules))).toBe('aprovado');
    expect(displayGrade(finalAverage(40, nota, 'substitui_se_maior'), scale)).toBe('C');
    // With the mean, (4,0 + 6,0) / 2 = 5,0 reads as D and stays below.
    const mean = { ...rules, recuperacaoFinal: 'media' as const };
    expect(displayGrade(finalAverage(40, nota, 'media'), scale)).toBe('D');
    expect(subjectSituation(40, true, true, 60, finalRecoveryOf(nota, mean))).toBe('reprovado_nota');
  });
});

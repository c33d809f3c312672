/**
 * The school's averaging rules as pure functions on exact integers. A grade is kept in **tenths** of
 * the scale's unit (7,5 → 75; 85 on the 0–100 scale → 850), a weight in tenths too (peso 1 → 10), so
 * no stored grade nor average ever carries a binary floating-point error: a weighted mean is a ratio
 * of integers, rounded half-up to one decimal by integer division.
 */
import type { StageRules } from './stage-rules.js';

export const escalas = ['0-10', '0-100', 'conceitos'] as const;
export type Escala = (typeof escalas)[number];
export const escalaLabels: Record<Escala, string> = {
  '0-10': 'De 0 a 10, com uma casa decimal',
  '0-100': 'De 0 a 100, com uma casa decimal',
  conceitos: 'Conceitos A a E',
};

export const conceitos = ['A', 'B', 'C', 'D', 'E'] as const;
export type Conceito = (typeof conceitos)[number];

export const regrasRecuperacao = ['substitui_se_maior', 'media'] as const;
export type RegraRecuperacao = (typeof regrasRecuperacao)[number];
export const regraRecuperacaoLabels: Record<RegraRecuperacao, string> = {
  substitui_se_maior: 'A recuperação substitui a média do período quando for maior',
  media: 'A média do período passa a ser a média entre ela e a recuperação (quando melhora)',
};

export const regrasMediaAnual = ['media_periodos', 'pesos'] as const;
export type RegraMediaAnual = (typeof regrasMediaAnual)[number];
export const regraMediaAnualLabels: Record<RegraMediaAnual, string> = {
  media_periodos: 'Média aritmética dos períodos',
  pesos: 'Média ponderada com um peso por período',
};

/** The rules in the exact form the functions use (tenths). */
export interface AveragingRules {
  escala: Escala;
  /** Numeric value (tenths, on 0–10) of each concept; the average maps back to the highest reached. */
  conceitos: Record<Conceito, number>;
  recuperacao: RegraRecuperacao;
  mediaAnual: RegraMediaAnual;
  /** One weight per period (by number), used when `mediaAnual` is 'pesos'. */
  pesosPeriodos: number[];
  /** Passing average in tenths of the scale's unit (6,0 → 60). */
  mediaAprovacao: number;
  /** How the recuperação final counts (ADR 0097). */
  recuperacaoFinal: RegraRecuperacao;
  /** The average needed after the recuperação final (tenths); null: the passing average. */
  mediaRecuperacaoFinal: number | null;
  /** LDB art. 24, VI: below the stage's minimum attendance the student fails ('Reprovado por falta'). */
  frequenciaMinima: boolean;
  /** The rules of each stage (shared/stage-rules.ts: `stageRulesOf`); absent: the law's defaults. */
  etapas?: StageRules;
}

/** The highest grade of a scale, in tenths (concepts are averaged on 0–10). */
export function scaleMaxTenths(escala: Escala): number {
  return escala === '0-100' ? 1000 : 100;
}

/**
 * Parses '7,5', '7.5', 7.5 or '10' into tenths (75, 75, 75, 100), exactly, from the decimal text —
 * never by multiplying a float. Trailing zeros are the same number ('7,50' as a spreadsheet formatted
 * with two decimals copies it). Null when it is not a number with at most one decimal.
 */
export function parseTenths(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = /^(\d{1,4})(?:[.,](\d)0*)?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 10 + Number(match[2] ?? '0');
}

/** 75 → '7,5'; 100 → '10,0'. */
export function formatTenths(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const value = Math.abs(tenths);
  return `${sign}${String(Math.floor(value / 10))},${String(value % 10)}`;
}

/** A grade or average as JSON carries it, written as the boletim does: 7.1 → '7,1'; 6 → '6,0'. */
export function formatGradeNumber(value: number): string {
  return formatTenths(Math.round(value * 10));
}

/** 75 → 7.5 (for JSON: the decimal text of a tenth is exact in a double's shortest form). */
export function tenthsToNumber(tenths: number): number {
  return tenths / 10;
}

/** Integer division rounding half-up (non-negative numerator and positive denominator). */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The period average: the weighted mean of the grades given (tenths), rounded half-up to one decimal.
 * A missing grade (not given) does not count — neither its value nor its weight; with no grade at all
 * the average is null. Zero is a grade like any other.
 */
export function weightedMean(items: readonly { valor: number | null; peso: number }[]): number | null {
  let numerator = 0;
  let denominator = 0;
  for (const item of items) {
    if (item.valor === null || item.peso <= 0) continue;
    numerator += item.valor * item.peso;
    denominator += item.peso;
  }
  return denominator === 0 ? null : divideHalfUp(numerator, denominator);
}

/**
 * The recuperação of a period: 'substitui_se_maior' takes the higher of the two; 'media' takes the
 * mean of both when it improves the average. A recuperação never lowers a grade.
 */
export function applyRecovery(
  mean: number | null,
  recovery: number | null,
  rule: RegraRecuperacao,
): number | null {
  if (recovery === null) return mean;
  if (mean === null) return recovery;
  const candidate = rule === 'substitui_se_maior' ? recovery : divideHalfUp(mean + recovery, 2);
  return Math.max(mean, candidate);
}

/**
 * The period average of one student from their cells (regular weighted mean, then recuperação). Shared:
 * the server's grid and boletim, and the grade grid on a phone without signal (the grades typed and still
 * waiting on the device count there as on the server).
 */
export function periodAverage(
  items: readonly { tipo: 'regular' | 'recuperacao'; peso: number; valor: number | null }[],
  rules: Pick<AveragingRules, 'recuperacao'>,
): { media: number | null; recuperacao: number | null; semRecuperacao: number | null } {
  const mean = weightedMean(items.filter((item) => item.tipo === 'regular'));
  const recovery = items.find((item) => item.tipo === 'recuperacao')?.valor ?? null;
  return {
    media: applyRecovery(mean, recovery, rules.recuperacao),
    recuperacao: recovery,
    semRecuperacao: mean,
  };
}

/**
 * The annual average of the periods that have one (mean, or weighted by period number). Null while
 * no period has an average.
 */
export function annualAverage(
  periods: readonly { numero: number; media: number | null }[],
  rules: Pick<AveragingRules, 'mediaAnual' | 'pesosPeriodos'>,
): number | null {
  return weightedMean(
    periods.map((period) => ({
      valor: period.media,
      peso: rules.mediaAnual === 'pesos' ? (rules.pesosPeriodos[period.numero - 1] ?? 1) * 10 : 10,
    })),
  );
}

/** The concept an average (tenths on 0–10) reaches: the best whose value it reaches, else E. */
export function conceptOf(tenths: number, mapping: Record<Conceito, number>): Conceito {
  for (const concept of conceitos) if (tenths >= mapping[concept]) return concept;
  return 'E';
}

/** How a grade or an average reads on the school's scale: '7,5', '85,0' or 'B'. */
export function displayGrade(tenths: number | null, rules: Pick<AveragingRules, 'escala' | 'conceitos'>) {
  if (tenths === null) return null;
  return rules.escala === 'conceitos' ? conceptOf(tenths, rules.conceitos) : formatTenths(tenths);
}

export const situacoes = [
  'cursando',
  'aprovado',
  'em_recuperacao',
  'reprovado_nota',
  'reprovado_falta',
  'abaixo_frequencia',
  'concluiu_ano',
] as const;
export type Situacao = (typeof situacoes)[number];
export const situacaoLabels: Record<Situacao, string> = {
  cursando: 'Cursando',
  aprovado: 'Aprovado',
  em_recuperacao: 'Em recuperação',
  reprovado_nota: 'Reprovado por nota',
  reprovado_falta: 'Reprovado por falta',
  abaixo_frequencia: 'Frequência abaixo do mínimo',
  concluiu_ano: 'Concluiu o ano',
};

/**
 * The year's situation of a child of Educação Infantil (a stage evaluated by parecer descritivo): no
 * grades and no retention (LDB art. 31, I — 'sem o objetivo de promoção'), so 'Cursando' while the year
 * runs and 'Concluiu o ano' once it is closed — never 'Aprovado' nor a 'Reprovado' (ADR 0038).
 */
export function parecerSituation(yearClosed: boolean): Situacao {
  return yearClosed ? 'concluiu_ano' : 'cursando';
}

/**
 * Whether a subject's year is done, so that its situation can be a final one: every period of the year
 * has an average **and is closed** (for the class). A period still open can get grades — the 4º
 * bimestre open with one grade in each period is not a finished year — so an average that reaches the
 * passing mark is 'Cursando' until then, never 'Aprovado'.
 */
export function periodsDone(periods: readonly { media: number | null; fechado: boolean }[]): boolean {
  return periods.length > 0 && periods.every((period) => period.media !== null && period.fechado);
}

export const regraRecuperacaoFinalLabels: Record<RegraRecuperacao, string> = {
  substitui_se_maior: 'A nota da recuperação final substitui a média anual quando for maior',
  media: 'A média final é a média entre a média anual e a nota da recuperação final',
};

/** The recuperação final of a subject: the grade given (tenths), its rule and the average needed after it. */
export interface FinalRecovery {
  nota: number | null;
  regra: RegraRecuperacao;
  /** The average the final average must reach (tenths); the passing average unless the school set another. */
  media: number;
}

/** The rules of a class's recuperação final with a grade: the needed average never above the passing one. */
export function finalRecoveryOf(
  nota: number | null,
  rules: Pick<AveragingRules, 'recuperacaoFinal' | 'mediaRecuperacaoFinal' | 'mediaAprovacao'>,
): FinalRecovery {
  return {
    nota,
    regra: rules.recuperacaoFinal,
    media: Math.min(rules.mediaRecuperacaoFinal ?? rules.mediaAprovacao, rules.mediaAprovacao),
  };
}

/**
 * The final average after the recuperação final (ADR 0097): 'substitui_se_maior' keeps the higher of the
 * annual average and the final grade; 'media' is the mean of both — a mean, not 'when it improves': it
 * is compared with the average needed after the recuperação (often lower than the passing one, 5,0 for
 * 6,0), and a student below the passing average must not reach it without the exam. Null without a grade.
 */
export function finalAverage(
  annual: number | null,
  nota: number | null,
  regra: RegraRecuperacao,
): number | null {
  if (annual === null || nota === null) return null;
  return regra === 'substitui_se_maior' ? Math.max(annual, nota) : divideHalfUp(annual + nota, 2);
}

/**
 * A subject's situation. Below the passing average the student is 'Em recuperação' until the year is
 * closed, then 'Reprovado por nota' — unless the recuperação final was given (`final`): once the periods
 * are done or the year is closed, the final average (`finalAverage`) decides, Aprovado when it reaches the
 * average needed after the recuperação, else Reprovado por nota. At or above the passing average,
 * 'Aprovado' once the periods are done (`periodsDone`: every one with an average and closed) or the year
 * is closed, else 'Cursando'. A final situation (Aprovado, Reprovado) never shows while a period of the
 * year is open.
 */
export function subjectSituation(
  annual: number | null,
  done: boolean,
  yearClosed: boolean,
  mediaAprovacao: number,
  final?: FinalRecovery,
): Situacao {
  if (annual === null) return yearClosed ? 'reprovado_nota' : 'cursando';
  if (annual < mediaAprovacao) {
    const after = final ? finalAverage(annual, final.nota, final.regra) : null;
    if (after === null || !(done || yearClosed)) return yearClosed ? 'reprovado_nota' : 'em_recuperacao';
    return after >= final!.media ? 'aprovado' : 'reprovado_nota';
  }
  return done || yearClosed ? 'aprovado' : 'cursando';
}

/**
 * The overall situation: below the minimum attendance (when the rule is on) the student fails by absence
 * regardless of grades — once the year is closed; while it runs, 'Frequência abaixo do mínimo' (the
 * lessons still to come can bring it back up, as a recuperação can a grade: ADR 0077). Otherwise the
 * worst subject decides.
 */
export function overallSituation(
  subjects: readonly Situacao[],
  frequencyBelowMinimum: boolean,
  rules: Pick<AveragingRules, 'frequenciaMinima'>,
  yearClosed: boolean,
): Situacao {
  if (rules.frequenciaMinima && frequencyBelowMinimum)
    return yearClosed ? 'reprovado_falta' : 'abaixo_frequencia';
  const order: Situacao[] = ['reprovado_nota', 'em_recuperacao', 'cursando'];
  for (const situation of order) if (subjects.includes(situation)) return situation;
  return subjects.length === 0 ? 'cursando' : 'aprovado';
}

/** A cell's value (server and the grid alike) on the school's scale: tenths (and the concept letter), or a message. */
export function parseGradeValue(
  value: string | number | null,
  rules: Pick<AveragingRules, 'escala' | 'conceitos'>,
): { ok: true; tenths: number | null; conceito: string | null } | { ok: false; message: string } {
  if (value === null || (typeof value === 'string' && value.trim() === ''))
    return { ok: true, tenths: null, conceito: null };
  if (rules.escala === 'conceitos') {
    const letter = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (!(conceitos as readonly string[]).includes(letter))
      return { ok: false, message: `Conceito inválido: use ${conceitos.join(', ')}` };
    return { ok: true, tenths: rules.conceitos[letter as 'A'], conceito: letter };
  }
  const tenths = parseTenths(value);
  const max = scaleMaxTenths(rules.escala) / 10;
  if (tenths === null)
    return {
      ok: false,
      message: `Nota inválida: use um número de 0 a ${String(max)}, com até uma casa decimal`,
    };
  if (tenths > max * 10) {
    // '75' on 0–10 is most likely 7,5 typed without the comma: ask, never guess (the cell keeps '75').
    // On 0–100 a '101' is no comma forgotten: no question.
    const text = String(value).trim();
    const asTenths = max === 10 && /^\d+$/.test(text) ? Number(text) : null;
    const guess = asTenths !== null && asTenths <= max * 10 ? `. Quis dizer ${formatTenths(asTenths)}?` : '';
    return { ok: false, message: `Nota fora da escala: de 0 a ${String(max)}${guess}` };
  }
  return { ok: true, tenths, conceito: null };
}

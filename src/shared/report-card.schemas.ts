/** Contracts of the boletim and the conselho de classe's decisions. */
import { z } from 'zod';
import { escalas, periodsDone, situacoes } from './averages.js';
import { areas, subjectNameSchema } from './disciplinas.schemas.js';
import { requiredReason } from './validators.js';
import { formatCount, formatList, formatPercent } from './format.js';
import { isBelowMinimum } from './attendance.schemas.js';
import { minimaText } from './stage-rules.js';

// ---------------------------------------------------------------- conselho de classe

export const conselhoResultados = ['aprovado', 'reprovado_nota', 'reprovado_falta'] as const;
export type ConselhoResultado = (typeof conselhoResultados)[number];
export const conselhoResultadoLabels: Record<ConselhoResultado, string> = {
  aprovado: 'Aprovado',
  reprovado_nota: 'Reprovado por nota',
  reprovado_falta: 'Reprovado por falta',
};

export const councilInputSchema = z.strictObject({
  ano: z.number().int().min(2000).max(2100).optional(),
  /** A subject's result; omitted: the student's overall result. */
  disciplina: subjectNameSchema.optional(),
  resultado: z.enum(conselhoResultados, { error: 'Resultado inválido' }),
  motivo: requiredReason('Registre o motivo da decisão (ao menos 10 caracteres)', {
    min: 10,
    max: 1000,
    tooLong: 'Máximo de 1.000 caracteres',
  }),
});
export type CouncilInput = z.infer<typeof councilInputSchema>;

const councilDecisionSchema = z.object({
  id: z.string(),
  aluno_id: z.string(),
  ano: z.number().int(),
  disciplina: z.string().nullable(),
  resultado: z.enum(conselhoResultados),
  motivo: z.string(),
  por: z.string().nullable(),
  em: z.string(),
});
export type CouncilDecision = z.infer<typeof councilDecisionSchema>;

// ---------------------------------------------------------------- boletim

export const reportCardQuerySchema = z.strictObject({
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
});

const reportCardPeriodSchema = z.object({
  numero: z.number().int(),
  nome: z.string(),
  publicado: z.boolean(),
  fechado: z.boolean(),
  media: z.number().nullable(),
  media_texto: z.string().nullable(),
  /** The recuperação's own grade (null when there was none); `media` is the period's grade after it. */
  recuperacao: z.number().nullable(),
  recuperacao_texto: z.string().nullable(),
  /** The period's grade before the recuperação (null when there was none). */
  antes_recuperacao_texto: z.string().nullable(),
  /** Null when the roll is daily (absences are per day, not per subject): see `frequencia.por_dia`. */
  faltas: z.number().int().nullable(),
});
export type ReportCardPeriod = z.infer<typeof reportCardPeriodSchema>;

const reportCardSubjectSchema = z.object({
  disciplina: z.string(),
  /** The catalogue's área do conhecimento (null: a subject no longer in the catalogue). */
  area: z.enum(areas).nullable(),
  /** Ensino Médio: the itinerário formativo the subject belongs to; null: formação geral básica. */
  itinerario: z.string().nullable(),
  /**
   * Ensino Médio: the subject is of an itinerário the student left during the year — the change's day.
   * Its grades and lessons are those of before the change, its `carga_horaria` the hours of the lessons
   * the student had (not the year's), its `situacao` is not a result and the final situation ignores it.
   */
  itinerario_trocado_em: z.string().optional(),
  /**
   * The subject is of a class the student left during the year and not of the class they are in now
   * (ADR 0136) — the first day out of that class. Its grades and lessons are those of before; its
   * `situacao` is not a result and the final situation ignores it.
   */
  turma_deixada_em: z.string().optional(),
  /**
   * Ensino Médio: the subject is of the itinerário the student changed into (or went back to) during the
   * year (ADR 0111, 0115) — the last change into it (`em`) and the clock hours of the lessons the student
   * had there, which `carga_horaria` is too (ADR 0115; before it, the grid's annual hours).
   */
  itinerario_iniciado: z.object({ em: z.string(), carga_horaria: z.number().int() }).optional(),
  /**
   * Ensino Médio, a subject of an itinerário changed during the year (left or joined, ADR 0115): the
   * lessons the student had there — `carga_horaria` is their clock hours; the histórico's year adds them up.
   */
  aulas_cursadas: z.number().int().optional(),
  /** Hours a year by the class's grade curricular (null: not in the grid). */
  carga_horaria: z.number().int().nullable(),
  periodos: z.array(reportCardPeriodSchema),
  media_anual: z.number().nullable(),
  media_anual_texto: z.string().nullable(),
  /** The recuperação final's grade (ADR 0097); null when none was given (or not yet shown to a family). */
  recuperacao_final: z.number().nullable(),
  recuperacao_final_texto: z.string().nullable(),
  /** The average after the recuperação final (`finalAverage`): what decides the subject; null without one. */
  media_final: z.number().nullable(),
  media_final_texto: z.string().nullable(),
  /** Null when the roll is daily (Fundamental I): absences are counted per day, in `frequencia`. */
  faltas: z.number().int().nullable(),
  frequencia: z.number().nullable(),
  situacao: z.enum(situacoes),
  /** The situation the rules give, when the conselho de classe changed it. */
  situacao_calculada: z.enum(situacoes).nullable(),
  conselho: councilDecisionSchema.nullable(),
});
export type ReportCardSubject = z.infer<typeof reportCardSubjectSchema>;

export const reportCardSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string(), matricula: z.string() }),
  turma: z.object({ id: z.string(), nome: z.string(), serie: z.string() }).nullable(),
  ano: z.number().int(),
  ano_letivo_id: z.string().nullable(),
  ano_encerrado: z.boolean(),
  escala: z.enum(escalas),
  media_aprovacao: z.number(),
  /** The average needed after the recuperação final (the class's stage's, ADR 0097). */
  media_recuperacao_final: z.number(),
  periodos: z.array(
    z.object({
      numero: z.number().int(),
      nome: z.string(),
      publicado: z.boolean(),
      /** Closed for the student's class (by date, by the secretaria, or with the year). */
      fechado: z.boolean(),
    }),
  ),
  disciplinas: z.array(reportCardSubjectSchema),
  frequencia: z.object({
    /** Lessons given — or, with `por_dia`, school days with a roll. */
    aulas_dadas: z.number().int(),
    faltas: z.number().int(),
    frequencia: z.number().nullable(),
    /** The roll is taken once a day (Fundamental I): absences are days, not per subject. */
    por_dia: z.boolean(),
    /** The class's stage's minimum attendance in % (Configurações → Acadêmico); null: none. */
    minima: z.number().nullable(),
  }),
  situacao: z.enum(situacoes),
  situacao_calculada: z.enum(situacoes).nullable(),
  conselho: councilDecisionSchema.nullable(),
  /** True when the viewer (a guardian) sees only the published periods. */
  somente_publicados: z.boolean(),
  /**
   * The student's class that year is of Educação Infantil: no grades nor boletim (LDB art. 31), the
   * year is followed by pareceres descritivos — the screen says so and shows them instead.
   */
  educacao_infantil: z.boolean(),
  /** The class is of Ensino Médio: the boletim groups subjects by área, then the itinerário. */
  ensino_medio: z.boolean(),
  /** Ensino Médio: the itinerário formativo the student takes in the class (null: none chosen). */
  itinerario: z.object({ nome: z.string(), tecnico: z.boolean() }).nullable(),
  /** The day the student was transferred out, when it falls in this year (absent otherwise). */
  transferido_em: z.string().optional(),
  /**
   * The class is a year of the school's ciclo de alfabetização (ADR 0125): no retention by grade — a
   * subject below the average ends the year 'Aprovado'; retention by absence still holds. Absent otherwise.
   */
  ciclo_sem_reprovacao: z.literal(true).optional(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

/**
 * '3 faltas em 86 dias letivos' (daily roll: absences are days) or '31 faltas em 1.164 aulas', the counts
 * written as the Frequência screen and the Portal do Aluno write them.
 */
export function absencesText(
  frequencia: Pick<ReportCard['frequencia'], 'faltas' | 'aulas_dadas' | 'por_dia'>,
): string {
  const { faltas, aulas_dadas: dadas, por_dia: porDia } = frequencia;
  const given = porDia
    ? formatCount(dadas, 'dia letivo', 'dias letivos')
    : formatCount(dadas, 'aula', 'aulas');
  return `${formatCount(faltas, 'falta', 'faltas')} em ${given}`;
}

// ---------------------------------------------------------------- conselho de classe: when it decides

type CouncilCard = Pick<ReportCard, 'ano' | 'ano_encerrado' | 'periodos' | 'frequencia' | 'turma'>;

/**
 * Why the conselho de classe cannot record a final result on this boletim now (null: it can). Its
 * decision (Aprovado, Reprovado) is the year's final one, taken after the last period: while any of the
 * year's periods is still open for the student's class, grades can still come in and nothing is final
 * (a decision 'Aprovado' on 04/12 with the 4º bimestre open and no grade in it decided on nothing).
 */
export function councilBlock(card: CouncilCard): string | null {
  if (card.ano_encerrado || card.periodos.length === 0) return null;
  const open = card.periodos.filter((period) => !period.fechado).map((period) => period.nome);
  if (open.length === 0) return null;
  const where = card.turma ? ` para ${card.turma.nome}` : '';
  return (
    `O conselho de classe registra o resultado final depois que todos os períodos de ${String(card.ano)} ` +
    `estão fechados: ${formatList(open)} ${open.length === 1 ? 'ainda está aberto' : 'ainda estão abertos'}${where}. ` +
    'Feche o período em Notas (ou espere a data de fechamento) e registre a decisão depois.'
  );
}

/**
 * Whether 'Reprovado por falta' fits this student: only below the stage's minimum attendance over the
 * year's lessons (LDB art. 24, VI — the total, not a subject's). At or above it (98,7 % against 75 %),
 * or with no minimum (the creche) or no lesson given yet, there is no failing by absence to decide.
 */
export function failingByAbsenceFits(card: Pick<ReportCard, 'frequencia'>): boolean {
  const { aulas_dadas: given, faltas, minima } = card.frequencia;
  return isBelowMinimum(given, faltas, minima);
}

/** The message when 'Reprovado por falta' does not fit (see `failingByAbsenceFits`). */
export function failingByAbsenceRefusal(card: Pick<ReportCard, 'frequencia' | 'aluno'>): string {
  const { frequencia, minima } = card.frequencia;
  if (minima === null) return 'A etapa do aluno não tem frequência mínima: não há reprovação por falta.';
  if (frequencia === null)
    return `Nenhuma aula registrada para ${card.aluno.nome} no ano: não há reprovação por falta.`;
  return (
    `A frequência de ${card.aluno.nome} é ${formatPercent(frequencia)}, e o mínimo da etapa é ` +
    `${minimaText(minima)}: não há reprovação por falta.`
  );
}

/**
 * The message when the council would approve a student below the stage's minimum attendance: the law
 * makes the minimum a condition of approval (LDB art. 24, VI), which no council decision replaces. An
 * absence the school accepts is abonada in Frequência, and then it no longer counts.
 */
export function approvalBelowMinimumRefusal(card: Pick<ReportCard, 'frequencia' | 'aluno'>): string {
  const { frequencia, minima } = card.frequencia;
  return (
    `A frequência de ${card.aluno.nome} é ${formatPercent(frequencia ?? 0)}, abaixo do mínimo de ` +
    `${minimaText(minima)} da etapa: a LDB (art. 24, VI) exige a frequência mínima para a aprovação, e o ` +
    'conselho não pode aprová-lo. Faltas justificadas que a escola aceita são abonadas em Frequência antes.'
  );
}

/**
 * What a boletim calls its subjects' annual average (ADR 0085): 'Média anual' once it is the year's —
 * every period graded and closed (`periodsDone`), or the year closed with all its periods shown to the
 * reader — else 'Média parcial': 6,5 with the 4º bimestre still blank reads as a final result, and is not.
 */
export function annualAverageLabel(
  card: Pick<ReportCard, 'ano_encerrado' | 'somente_publicados' | 'periodos'>,
  subjects: readonly Pick<ReportCardSubject, 'periodos'>[],
): 'Média anual' | 'Média parcial' {
  const allShown = !card.somente_publicados || card.periodos.every((period) => period.publicado);
  const final =
    allShown && (card.ano_encerrado || subjects.every((subject) => periodsDone(subject.periodos)));
  return final ? 'Média anual' : 'Média parcial';
}

/** Contracts of the boletim and the conselho de classe's decisions. */
import { z } from 'zod';
import { escalas, situacoes } from './averages.js';
import { areas, subjectNameSchema } from './disciplinas.schemas.js';
import { requiredReason } from './validators.js';
import { formatCount } from './format.js';

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
  /** Hours a year by the class's grade curricular (null: not in the grid). */
  carga_horaria: z.number().int().nullable(),
  periodos: z.array(reportCardPeriodSchema),
  media_anual: z.number().nullable(),
  media_anual_texto: z.string().nullable(),
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
  periodos: z.array(z.object({ numero: z.number().int(), nome: z.string(), publicado: z.boolean() })),
  disciplinas: z.array(reportCardSubjectSchema),
  frequencia: z.object({
    /** Lessons given — or, with `por_dia`, school days with a roll. */
    aulas_dadas: z.number().int(),
    faltas: z.number().int(),
    frequencia: z.number().nullable(),
    /** The roll is taken once a day (Fundamental I): absences are days, not per subject. */
    por_dia: z.boolean(),
  }),
  situacao: z.enum(situacoes),
  situacao_calculada: z.enum(situacoes).nullable(),
  conselho: councilDecisionSchema.nullable(),
  /** True when the viewer (a guardian) sees only the published periods. */
  somente_publicados: z.boolean(),
  /** The class is of Ensino Médio: the boletim groups subjects by área, then the itinerário. */
  ensino_medio: z.boolean(),
  /** Ensino Médio: the itinerário formativo the student takes in the class (null: none chosen). */
  itinerario: z.object({ nome: z.string(), tecnico: z.boolean() }).nullable(),
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

import { z } from 'zod';
import { withAliases } from './aliases.js';
import {
  conceitos,
  escalas,
  regrasRecuperacao,
  situacoes,
  type Conceito,
  type Escala,
  type RegraMediaAnual,
  type RegraRecuperacao,
  type Situacao,
} from './averages.js';
import { subjectNameSchema } from './disciplinas.schemas.js';
import { rectificationReason, uuidParam } from './validators.js';
import { tiposAvaliacao } from './assessments.schemas.js';

// ---------------------------------------------------------------- grades

/** `GET /api/notas/turmas/{id}?disciplina=&periodo=` as issue 14 wrote it; `periodo_id` as before. */
export const gridQuerySchema = withAliases(
  {
    disciplina: subjectNameSchema,
    periodo_id: uuidParam,
  },
  { periodo: 'periodo_id' },
);

/** One cell: a number, '7,5', a concept letter, or null (not given — different from 0). */
export const gradeValueSchema = z.union([z.number(), z.string().trim().max(10), z.null()], {
  error: 'Nota inválida',
});

/** A grade as a form's text box holds it: blank is 'sem nota' (null), the rest is read on the scale. */
export const gradeTextSchema = z
  .string({ error: 'Nota inválida' })
  .trim()
  .max(10, 'Nota inválida')
  .transform((text) => (text === '' ? null : text));

export const gradeCellInputSchema = z.strictObject({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
  valor: gradeValueSchema,
  /** The grade's version as read; omit (or 0) for a cell that had no grade yet. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
/**
 * `PUT /api/notas`: `{notas: [...]}`, or — as issue 14 wrote it, "a batch of {avaliacao_id, aluno_id,
 * valor|null, version}" — the list itself (its errors then name `notas.N…` all the same).
 */
export const gradesBatchInputSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { notas: body } : body),
  z.strictObject({
    notas: z
      .array(gradeCellInputSchema)
      .min(1, 'Nenhuma nota enviada')
      .max(2000, 'No máximo 2.000 notas por vez'),
  }),
);
export type GradesBatchInput = z.infer<typeof gradesBatchInputSchema>;

export const gradeCellSchema = z.object({
  /** Null while the cell never had a grade. */
  id: z.string().nullable(),
  avaliacao_id: z.string(),
  valor: z.number().nullable(),
  texto: z.string().nullable(),
  version: z.number().int(),
});
export type GradeCell = z.infer<typeof gradeCellSchema>;

const gridAssessmentSchema = z.object({
  id: z.string(),
  nome: z.string(),
  data: z.string(),
  peso: z.number(),
  tipo: z.enum(tiposAvaliacao),
  version: z.number().int(),
});
export type GridAssessment = z.infer<typeof gridAssessmentSchema>;

const gridStudentSchema = z.object({
  id: z.string(),
  nome: z.string(),
  matricula: z.string(),
  /**
   * Ensino Médio: the day the student left this subject's itinerário (ADR 0111). Only the assessments
   * dated before it are theirs; absent for everyone else.
   */
  itinerario_trocado_em: z.string().optional(),
  /**
   * Ensino Médio: the spans of days this subject's itinerário was the student's, when not the whole year
   * (ADR 0115: one who left it, came back to it or joined it during the year) — each from `desde`
   * (inclusive; null: the year's start) to `ate` (the change out of it, exclusive; null: still theirs).
   * Only the assessments dated inside them are theirs; absent for everyone else.
   */
  itinerario_periodos: z
    .array(z.object({ desde: z.string().nullable(), ate: z.string().nullable() }))
    .optional(),
  /**
   * The first day out of the class of a student who left it during the period (a transfer, a change of
   * class) and did not come back: the assessments dated from it are not theirs (400 on saving one).
   */
  turma_saida_em: z.string().optional(),
  notas: z.array(gradeCellSchema),
  /** Weighted mean of the regular assessments, then the recuperação rule. */
  media: z.number().nullable(),
  media_texto: z.string().nullable(),
});
export type GridStudent = z.infer<typeof gridStudentSchema>;

export const periodStateSchema = z.object({
  fechado: z.boolean(),
  publicado: z.boolean(),
  /** 'data' (the closing date passed) or 'manual' (an administrator closed or reopened it). */
  origem: z.enum(['data', 'manual']),
  data_fechamento: z.string(),
});
export type PeriodState = z.infer<typeof periodStateSchema>;

/**
 * Deleting an avaliação that has grades. 'livre': the period is open and was never published; 'com_motivo':
 * the period is closed or published — the administrator deletes with a reason, and the audit keeps the
 * grades and their history; 'so_secretaria': published, reopened — only the administrator deletes, with a
 * reason; 'bloqueada': the period is closed to this user, or the year was closed.
 */
export const assessmentDeletionModes = ['livre', 'com_motivo', 'so_secretaria', 'bloqueada'] as const;
export type AssessmentDeletionMode = (typeof assessmentDeletionModes)[number];

export const gradesGridSchema = z.object({
  turma: z.object({ id: z.string(), nome: z.string() }),
  disciplina: z.string(),
  periodo: periodStateSchema.extend({
    id: z.string(),
    nome: z.string(),
    inicio: z.string(),
    fim: z.string(),
  }),
  escala: z.enum(escalas),
  conceitos: z.object(
    Object.fromEntries(conceitos.map((concept) => [concept, z.number()])) as Record<Conceito, z.ZodNumber>,
  ),
  /**
   * The stage's recuperação rule: with it the grid works out the period average of the grades still
   * waiting on the device (no connection), as the server will once they arrive.
   */
  recuperacao: z.enum(regrasRecuperacao),
  /** Why the user cannot change grades here (closed period, closed year); null when they can. */
  bloqueio: z.string().nullable(),
  /** A teacher of this subject with the period closed to them: they may ask for a retificação. */
  pode_solicitar_retificacao: z.boolean(),
  /**
   * What this user may do with an avaliação that has grades (one without grades goes freely unless
   * 'bloqueada'): see assessmentDeletionModes.
   */
  exclusao_com_notas: z.enum(assessmentDeletionModes),
  /** Pending retificação requests on this grid's cells ('depois' as shown on the scale). */
  retificacoes_pendentes: z.array(
    z.object({
      id: z.string(),
      avaliacao_id: z.string(),
      aluno_id: z.string(),
      depois: z.string().nullable(),
    }),
  ),
  avaliacoes: z.array(gridAssessmentSchema),
  alunos: z.array(gridStudentSchema),
});
export type GradesGrid = z.infer<typeof gradesGridSchema>;

export const savedGradesSchema = z.object({
  salvas: z.number().int(),
  notas: z.array(gradeCellSchema.extend({ aluno_id: z.string() })),
});
export type SavedGrades = z.infer<typeof savedGradesSchema>;

export const rectificationInputSchema = z.strictObject({
  valor: gradeValueSchema,
  motivo: rectificationReason('o motivo da retificação'),
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type RectificationInput = z.infer<typeof rectificationInputSchema>;

/**
 * POST /api/notas/retificar — the same retificação addressed by its cell (avaliação × aluno), for a cell
 * that never had a grade (a late make-up test): there is no grade id yet. `version` 0 (or omitted) is
 * the empty cell as read; a grade written there meanwhile is a 412.
 */
export const cellRectificationInputSchema = rectificationInputSchema.extend({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
});
export type CellRectificationInput = z.infer<typeof cellRectificationInputSchema>;

/**
 * 'apos_publicacao': a grade entered or changed in the grid while its period was open again after being
 * published — the families had already seen the boletim, so the history says so.
 */
export const gradeChangeKinds = ['lancamento', 'retificacao', 'apos_publicacao'] as const;
export type GradeChangeKind = (typeof gradeChangeKinds)[number];
export const gradeChangeKindLabels: Record<GradeChangeKind, string> = {
  lancamento: 'Lançamento',
  retificacao: 'Retificação',
  apos_publicacao: 'Alteração após a publicação',
};

const gradeHistoryEntrySchema = z.object({
  id: z.string(),
  tipo: z.enum(gradeChangeKinds),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  motivo: z.string().nullable(),
  por: z.string().nullable(),
  em: z.string(),
});
export type GradeHistoryEntry = z.infer<typeof gradeHistoryEntrySchema>;

export const gradeHistorySchema = z.object({
  nota_id: z.string(),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  avaliacao: z.object({ id: z.string(), nome: z.string(), disciplina: z.string() }),
  atual: z.string().nullable(),
  historico: z.array(gradeHistoryEntrySchema),
});
export type GradeHistory = z.infer<typeof gradeHistorySchema>;

// ---------------------------------------------------------------- periods: close, reopen, publish

export const periodActionInputSchema = z.strictObject({
  /** One class; omitted: the whole school. */
  turma_id: uuidParam.optional(),
});
export type PeriodActionInput = z.infer<typeof periodActionInputSchema>;

export const publishInputSchema = periodActionInputSchema.extend({
  publicado: z.boolean().default(true),
});

const periodClassStateSchema = periodStateSchema.extend({ turma_id: z.string(), turma_nome: z.string() });
export type PeriodClassState = z.infer<typeof periodClassStateSchema>;

export const periodStatusSchema = z.object({
  periodo: z.object({ id: z.string(), nome: z.string(), data_fechamento: z.string() }),
  turmas: z.array(periodClassStateSchema),
});
export type PeriodStatus = z.infer<typeof periodStatusSchema>;

export type { Conceito, Escala, RegraMediaAnual, RegraRecuperacao, Situacao };
export { situacoes };

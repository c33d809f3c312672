/**
 * Contracts of avaliações: the filters, create and edit inputs, the answer, and the reason to delete one with
 * grades.
 */
import { z } from 'zod';
import { withAliases } from './aliases.js';
import { parseTenths } from './averages.js';
import { subjectNameSchema } from './disciplinas.schemas.js';
import { isoDateSchema, rectificationReason, requiredName, uuidParam, versionSchema } from './validators.js';

// ---------------------------------------------------------------- assessments

export const tiposAvaliacao = ['regular', 'recuperacao'] as const;
export type TipoAvaliacao = (typeof tiposAvaliacao)[number];
export const tipoAvaliacaoLabels: Record<TipoAvaliacao, string> = {
  regular: 'Avaliação',
  recuperacao: 'Recuperação do período',
};

/** Issue 14 named the filters `turma`, `disciplina` and `periodo`: `turma` and `periodo` are taken too. */
export const assessmentsQuerySchema = withAliases(
  {
    turma_id: uuidParam.optional(),
    disciplina: subjectNameSchema.optional(),
    periodo_id: uuidParam.optional(),
  },
  { turma: 'turma_id', periodo: 'periodo_id' },
);
export type AssessmentsQuery = z.infer<typeof assessmentsQuerySchema>;

const pesoSchema = z
  .union([z.number(), z.string()], { error: 'Peso inválido' })
  .transform((value, context) => {
    const tenths = parseTenths(value);
    if (tenths === null || tenths === 0 || tenths > 100) {
      context.addIssue({ code: 'custom', message: 'O peso vai de 0,1 a 10, com até uma casa decimal' });
      return z.NEVER;
    }
    return tenths / 10;
  });

export const assessmentInputSchema = z.strictObject({
  turma_id: uuidParam,
  disciplina: subjectNameSchema,
  periodo_id: uuidParam,
  nome: requiredName('Nome da avaliação'),
  data: isoDateSchema,
  peso: pesoSchema.default(1),
  tipo: z.enum(tiposAvaliacao, { error: 'Tipo inválido' }).default('regular'),
});
export type AssessmentData = z.output<typeof assessmentInputSchema>;

export const assessmentUpdateSchema = z.strictObject({
  nome: requiredName('Nome da avaliação'),
  data: isoDateSchema,
  peso: pesoSchema.default(1),
  version: versionSchema.optional(),
});
export type AssessmentUpdateData = z.output<typeof assessmentUpdateSchema>;

export const assessmentSchema = z.object({
  id: z.string(),
  turma_id: z.string(),
  turma_nome: z.string(),
  disciplina: z.string(),
  periodo_id: z.string(),
  periodo_nome: z.string(),
  nome: z.string(),
  data: z.string(),
  peso: z.number(),
  tipo: z.enum(tiposAvaliacao),
  /** Students with a grade entered / on the roll. */
  notas_lancadas: z.number().int(),
  version: z.number().int(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

/**
 * DELETE /api/avaliacoes/{id} (optional JSON body): the reason, required from the administrator for an
 * avaliação with grades in a closed or published period; the audit keeps it with the grades deleted.
 */
export const assessmentDeleteReasonSchema = z.strictObject({
  motivo: rectificationReason('o motivo da exclusão'),
});
export const assessmentDeleteInputSchema = assessmentDeleteReasonSchema.partial();
export type AssessmentDeleteInput = z.output<typeof assessmentDeleteInputSchema>;

/**
 * Contracts of the recuperação final (ADR 0097): the exam after the year's last period for the students
 * whose annual average stayed below the passing one, recorded per student, subject and year.
 */
import { z } from 'zod';
import { escalas, regrasRecuperacao, situacoes } from './averages.js';
import { subjectNameSchema } from './disciplinas.schemas.js';
import { gradeValueSchema } from './grades.schemas.js';
import { uuidParam } from './validators.js';

/** `GET /api/recuperacao-final/turmas/{id}?disciplina=` */
export const finalRecoveryQuerySchema = z.strictObject({ disciplina: subjectNameSchema });

/** `PUT /api/recuperacao-final`: the grades of one class and subject; `valor` null erases a grade. */
export const finalRecoveryInputSchema = z.strictObject({
  turma_id: uuidParam,
  disciplina: subjectNameSchema,
  notas: z
    .array(
      z.strictObject({
        aluno_id: uuidParam,
        valor: gradeValueSchema,
        /** The version as read; 0 (or omitted) for a student without a grade yet. */
        version: z.number().int().min(0).max(2_147_483_647).optional(),
      }),
    )
    .min(1, 'Nenhuma nota enviada')
    .max(200, 'No máximo 200 notas por vez'),
});
export type FinalRecoveryInput = z.input<typeof finalRecoveryInputSchema>;

export const finalRecoveryStudentSchema = z.object({
  aluno_id: z.string(),
  nome: z.string(),
  matricula: z.string(),
  media_anual: z.number(),
  media_anual_texto: z.string(),
  recuperacao_final: z.number().nullable(),
  /** As typed on the scale: '5,5' or 'C'. */
  recuperacao_final_texto: z.string().nullable(),
  media_final_texto: z.string().nullable(),
  situacao: z.enum(situacoes),
  /** 0: no grade yet. */
  version: z.number().int(),
});
export type FinalRecoveryStudent = z.infer<typeof finalRecoveryStudentSchema>;

/** Who of a class takes the recuperação final of a subject (annual average below the passing one). */
export const finalRecoveryListSchema = z.object({
  turma: z.object({ id: z.string(), nome: z.string() }),
  disciplina: z.string(),
  ano: z.number().int(),
  escala: z.enum(escalas),
  regra: z.enum(regrasRecuperacao),
  media_aprovacao: z.number(),
  media_recuperacao_final: z.number(),
  /** Why the grades cannot be recorded now (periods still open, year closed, another teacher's subject). */
  bloqueio: z.string().nullable(),
  alunos: z.array(finalRecoveryStudentSchema),
});
export type FinalRecoveryList = z.infer<typeof finalRecoveryListSchema>;

/** 'Lançamento de notas': how far each class's subjects are in a period (GET /api/notas/acompanhamento). */
import { z } from 'zod';
import { uuidParam } from './validators.js';

export const gradesProgressQuerySchema = z.strictObject({
  periodo_id: uuidParam,
});

export const gradesProgressLineSchema = z.object({
  turma_id: z.string(),
  turma_nome: z.string(),
  disciplina: z.string(),
  /** Null: the grade curricular names no teacher for the subject. */
  professor: z.string().nullable(),
  /** The period's regular avaliações (a recuperação is only for who is below the average). */
  avaliacoes: z.number().int(),
  /** Over the avaliações dated up to today: a grade per student who was in the class that day. */
  notas_esperadas: z.number().int(),
  notas_faltando: z.number().int(),
  fechado: z.boolean(),
});
export type GradesProgressLine = z.infer<typeof gradesProgressLineSchema>;

export const gradesProgressSchema = z.object({
  periodo: z.object({
    id: z.string(),
    nome: z.string(),
    inicio: z.string(),
    fim: z.string(),
    data_fechamento: z.string(),
  }),
  linhas: z.array(gradesProgressLineSchema),
});
export type GradesProgress = z.infer<typeof gradesProgressSchema>;

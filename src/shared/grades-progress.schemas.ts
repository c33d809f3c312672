/** 'Lançamento de notas': how far each class's subjects are in a period (GET /api/notas/acompanhamento). */
import { z } from 'zod';
import { uuidParam } from './validators.js';

export const gradesProgressQuerySchema = z.strictObject({
  periodo_id: uuidParam,
  /** 'true': with `chamadas` (the check before closing or publishing: the rolls of every school day so far). */
  chamadas: z.enum(['true', 'false']).optional(),
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

/**
 * An Educação Infantil class in the same list: no grades, a parecer descritivo per child and period —
 * the children who were in the class in the period and how many have none yet (or one left blank).
 */
export const pareceresProgressLineSchema = z.object({
  turma_id: z.string(),
  turma_nome: z.string(),
  /** The class's teacher in charge (who writes the pareceres); null: none named. */
  professor: z.string().nullable(),
  criancas: z.number().int(),
  sem_parecer: z.number().int(),
});
export type PareceresProgressLine = z.infer<typeof pareceresProgressLineSchema>;

export const gradesProgressSchema = z.object({
  periodo: z.object({
    id: z.string(),
    nome: z.string(),
    inicio: z.string(),
    fim: z.string(),
    data_fechamento: z.string(),
  }),
  linhas: z.array(gradesProgressLineSchema),
  /** The year's Educação Infantil classes (not in `linhas`: they have no grades). */
  pareceres: z.array(pareceresProgressLineSchema),
  /**
   * Asked with `chamadas=true`: the classes with lessons (or, with a daily roll, days) of the period's
   * school days up to today still without a roll, in the school's order. Absent otherwise.
   */
  chamadas: z
    .array(z.object({ turma_id: z.string(), turma_nome: z.string(), aulas: z.number().int() }))
    .optional(),
});
export type GradesProgress = z.infer<typeof gradesProgressSchema>;

import { z } from 'zod';
import { MAX_SUBJECTS_PER_LIST, subjectKey, subjectNameSchema } from './disciplinas.schemas.js';
import { uuidParam, versionSchema } from './validators.js';

/**
 * Contracts of a class's 'Grade curricular' (the curriculum): the subjects taught, the teacher of each,
 * the weekly lessons and their weekdays, and how the roll is taken (once a day or per lesson).
 */

export const frequenciaModos = ['diaria', 'por_aula'] as const;
export type FrequenciaModo = (typeof frequenciaModos)[number];
export const frequenciaModoLabels: Record<FrequenciaModo, string> = {
  diaria: 'Uma chamada por dia',
  por_aula: 'Uma chamada por aula (por disciplina)',
};

/** 1 = segunda … 6 = sábado. */
export const diasSemanaLabels: Record<number, string> = {
  1: 'Segunda',
  2: 'Terça',
  3: 'Quarta',
  4: 'Quinta',
  5: 'Sexta',
  6: 'Sábado',
};

const weekdayPhrases = [
  'no domingo',
  'na segunda-feira',
  'na terça-feira',
  'na quarta-feira',
  'na quinta-feira',
  'na sexta-feira',
  'no sábado',
];

/** 'na segunda-feira', 'no sábado'… for a weekday as `weekdayOf` gives it (0 = domingo). */
export function onWeekday(weekday: number): string {
  return weekdayPhrases[weekday] ?? '';
}

export const curriculumItemInputSchema = z.strictObject({
  disciplina: subjectNameSchema,
  professor_id: uuidParam.nullable().optional(),
  aulas_semanais: z.coerce
    .number({ error: 'Aulas por semana inválidas' })
    .int('Aulas por semana inválidas')
    .min(1, 'Ao menos 1 aula por semana')
    .max(20, 'No máximo 20 aulas por semana'),
  dias_semana: z.array(z.number().int().min(1, 'Dia inválido').max(6, 'Dia inválido')).max(6).default([]),
});

export const curriculumInputSchema = z
  .strictObject({
    frequencia_modo: z.enum(frequenciaModos, { error: 'Modo de chamada inválido' }).default('diaria'),
    disciplinas: z
      .array(curriculumItemInputSchema)
      .max(MAX_SUBJECTS_PER_LIST, `No máximo ${String(MAX_SUBJECTS_PER_LIST)} disciplinas`),
    version: versionSchema.optional(),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.disciplinas.forEach((item, index) => {
      const key = subjectKey(item.disciplina);
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['disciplinas', index, 'disciplina'],
          message: 'Disciplina repetida',
        });
      seen.add(key);
    });
  });
export type CurriculumInput = z.input<typeof curriculumInputSchema>;
export type CurriculumData = z.output<typeof curriculumInputSchema>;

const namedRef = z.object({ id: z.string(), nome: z.string() });

export const curriculumItemSchema = z.object({
  disciplina: z.string(),
  professor: namedRef.nullable(),
  aulas_semanais: z.number().int(),
  dias_semana: z.array(z.number().int()),
});
export type CurriculumItem = z.infer<typeof curriculumItemSchema>;

export const curriculumSchema = z.object({
  turma_id: z.string(),
  turma_nome: z.string(),
  nivel: z.string(),
  frequencia_modo: z.enum(frequenciaModos),
  /** Sum of the weekly lessons. */
  aulas_semanais: z.number().int(),
  disciplinas: z.array(curriculumItemSchema),
  version: z.number().int(),
});
export type Curriculum = z.infer<typeof curriculumSchema>;

/**
 * What a per-lesson class's grade curricular still lacks for the roll call: no subject at all, or
 * subjects without the weekdays of their lessons (no lesson is ever scheduled). Null: nothing (or a
 * daily class, which needs no grid).
 */
export const curriculumPendencias = ['sem_disciplinas', 'sem_dias'] as const;
export type CurriculumPendencia = (typeof curriculumPendencias)[number];

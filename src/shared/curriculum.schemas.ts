import { z } from 'zod';
import { MAX_SUBJECTS_PER_LIST, subjectKey, subjectNameSchema } from './disciplinas.schemas.js';
import { isSingleLine, SINGLE_LINE_MESSAGE, uuidParam, versionSchema } from './validators.js';
import { areas } from './disciplinas.schemas.js';
import { turnos } from './classes.schemas.js';

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
  /** Ensino Médio: the name of one of `itinerarios`; null or absent: formação geral básica. */
  itinerario: z.string().trim().max(80).nullable().optional(),
});

export const ITINERARIO_NOME_MAX = 80;
export const MAX_ITINERARIOS = 8;

export const itinerarioInputSchema = z.strictObject({
  /** The itinerário kept (its students' choices stay); absent: a new one. */
  id: uuidParam.optional(),
  nome: z
    .string({ error: 'Nome do itinerário inválido' })
    .trim()
    .min(2, 'Informe o nome do itinerário')
    .max(ITINERARIO_NOME_MAX, `No máximo ${String(ITINERARIO_NOME_MAX)} caracteres`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
  /** Formação técnica e profissional. */
  tecnico: z.boolean({ error: 'Técnico deve ser verdadeiro ou falso' }).default(false),
});

export const curriculumInputSchema = z
  .strictObject({
    frequencia_modo: z.enum(frequenciaModos, { error: 'Modo de chamada inválido' }).default('diaria'),
    disciplinas: z
      .array(curriculumItemInputSchema)
      .max(MAX_SUBJECTS_PER_LIST, `No máximo ${String(MAX_SUBJECTS_PER_LIST)} disciplinas`),
    /** Minutes of one lesson (the carga horária's hours); absent: unchanged. */
    aula_minutos: z.coerce
      .number({ error: 'Duração da aula inválida' })
      .int('Duração da aula inválida')
      .min(30, 'A aula dura ao menos 30 minutos')
      .max(120, 'A aula dura no máximo 120 minutos')
      .optional(),
    /** Ensino Médio: the itinerários formativos the class offers. */
    itinerarios: z
      .array(itinerarioInputSchema)
      .max(MAX_ITINERARIOS, `No máximo ${String(MAX_ITINERARIOS)} itinerários`)
      .default([]),
    version: versionSchema.optional(),
  })
  .superRefine((input, context) => {
    const names = new Set<string>();
    input.itinerarios.forEach((item, index) => {
      const key = subjectKey(item.nome);
      if (names.has(key))
        context.addIssue({
          code: 'custom',
          path: ['itinerarios', index, 'nome'],
          message: 'Itinerário repetido',
        });
      names.add(key);
    });
    input.disciplinas.forEach((item, index) => {
      if (item.itinerario && !names.has(subjectKey(item.itinerario)))
        context.addIssue({
          code: 'custom',
          path: ['disciplinas', index, 'itinerario'],
          message: `O itinerário ${item.itinerario} não está entre os itinerários da turma`,
        });
    });
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
  /** The itinerário's name; null: formação geral básica. */
  itinerario: z.string().nullable(),
  area: z.enum(areas).nullable(),
  /** Hours a year: aulas_semanais × the year's weeks × the lesson's minutes (ADR 0027). */
  carga_horaria_anual: z.number().int(),
});
export type CurriculumItem = z.infer<typeof curriculumItemSchema>;

export const curriculumSchema = z.object({
  turma_id: z.string(),
  turma_nome: z.string(),
  nivel: z.string(),
  /**
   * The class's responsible teacher: besides the subjects the grid names them for, they read every
   * subject's lessons and grades of the class (the server's `diaryAccessOf`).
   */
  professor_responsavel: namedRef.nullable(),
  frequencia_modo: z.enum(frequenciaModos),
  /** Sum of the weekly lessons. */
  aulas_semanais: z.number().int(),
  disciplinas: z.array(curriculumItemSchema),
  aula_minutos: z.number().int(),
  itinerarios: z.array(
    z.object({ id: z.string(), nome: z.string(), tecnico: z.boolean(), alunos: z.number().int() }),
  ),
  turno: z.enum(turnos),
  /**
   * Educação Infantil and Ensino Fundamental: what the grid gives below the LDB's carga horária (art. 24, I;
   * art. 31, II–III), as warnings (shared/carga-horaria.ts). Empty for the Ensino Médio: see `carga_horaria`.
   */
  carga_horaria_avisos: z.array(z.string()),
  /** Ensino Médio only (null elsewhere): the carga horária per part and série against Lei 14.945/2024. */
  carga_horaria: z
    .object({
      /** The class's own série (1–3). */
      serie: z.number().int(),
      semanas: z.number().int(),
      series: z.array(
        z.object({
          serie: z.number().int(),
          formacao_geral_basica: z.number().int(),
          itinerarios: z.record(z.string(), z.number().int()),
          projetada: z.boolean(),
          /** The same in exact minutes: the totals add these and round once (shared/ensino-medio.ts). */
          minutos: z.object({
            formacao_geral_basica: z.number().int(),
            itinerarios: z.record(z.string(), z.number().int()),
          }),
        }),
      ),
      percursos: z.array(
        z.object({
          itinerario: z.string().nullable(),
          tecnico: z.boolean(),
          formacao_geral_basica: z.number().int(),
          itinerario_horas: z.number().int(),
          total: z.number().int(),
          minimo_fgb: z.number().int(),
        }),
      ),
      avisos: z.array(z.string()),
    })
    .nullable(),
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

/** Per-student choice of itinerário in a Médio class (`/api/turmas/:id/itinerarios`). */
export const itinerarioChoicesInputSchema = z.strictObject({
  escolhas: z
    .array(
      z.strictObject({
        aluno_id: uuidParam,
        /** Null: no itinerário chosen yet. */
        itinerario_id: uuidParam.nullable(),
      }),
    )
    .min(1, 'Escolha o itinerário de ao menos um aluno')
    .max(200, 'No máximo 200 alunos por vez'),
});
export type ItinerarioChoicesInput = z.infer<typeof itinerarioChoicesInputSchema>;

export const itinerarioChoicesSchema = z.object({
  turma_id: z.string(),
  turma_nome: z.string(),
  itinerarios: z.array(z.object({ id: z.string(), nome: z.string(), tecnico: z.boolean() })),
  alunos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      matricula: z.string(),
      itinerario_id: z.string().nullable(),
    }),
  ),
});
export type ItinerarioChoices = z.infer<typeof itinerarioChoicesSchema>;

import { z } from 'zod';
import { tiposAvaliacao } from './assessments.schemas.js';
import { frequenciaModos } from './curriculum.schemas.js';
import { subjectNameSchema } from './disciplinas.schemas.js';
import { isCalendarMonth, uuidParam } from './validators.js';

/**
 * The registro de conteúdo of the diário de classe (LDB art. 24 VI and 13; ADR 0078): what each lesson
 * taught, recorded with its roll, and the diary the coordination reads and prints.
 */

/** A lesson's content: a few lines on a phone, room for a detailed plan. */
export const CONTEUDO_MAX = 2000;
/** Activities or homework given in the lesson. */
export const ATIVIDADES_MAX = 1000;

/** What the coordination and the teacher read where a lesson has no content yet. */
export const SEM_CONTEUDO = 'Sem conteúdo registrado';

/**
 * A lesson's text as the roll's body carries it: trimmed, '' is 'nothing recorded' (null), several
 * lines allowed. Omitted (undefined): the save leaves what is on record (an older device's queue).
 */
const lessonText = (max: number, label: string) =>
  z
    .string({ error: `${label} inválido` })
    .trim()
    .max(max, `${label}: no máximo ${String(max)} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** The content fields of `PUT /api/frequencia/turmas/{id}` (the roll's body). */
export const lessonContentFields = {
  conteudo: lessonText(CONTEUDO_MAX, 'Conteúdo da aula'),
  atividades: lessonText(ATIVIDADES_MAX, 'Atividades / tarefa de casa'),
};

/** A device's base (ADR 0053) also says what content it had loaded, to tell whether the teacher changed it. */
export const lessonContentBaseFields = {
  conteudo: z.string().max(CONTEUDO_MAX).nullable().optional(),
  atividades: z.string().max(ATIVIDADES_MAX).nullable().optional(),
};

/**
 * A month in a query, 'AAAA-MM' (the diary's and the class month's): a real month within the years every
 * date field accepts (year 0000 reached PostgreSQL, which has no such year, as a 500).
 */
export const monthField = () => z.string().refine(isCalendarMonth, 'Mês inválido (AAAA-MM)');

/** `GET /api/frequencia/diario/turmas/{id}` (and `…/pdf`): one subject (or the daily roll) in a period or month. */
export const classDiaryQuerySchema = z.strictObject({
  /** A per-lesson class's subject; omitted: every subject the user sees (the PDF asks for one). */
  disciplina: subjectNameSchema.optional(),
  periodo_id: uuidParam.optional(),
  mes: monthField().optional(),
});
export type ClassDiaryQuery = z.infer<typeof classDiaryQuerySchema>;

/** One lesson given (a roll on record) with what it taught. */
export const diaryLessonSchema = z.object({
  chamada_id: z.string(),
  data: z.string(),
  aula: z.number().int(),
  disciplina: z.string().nullable(),
  conteudo: z.string().nullable(),
  atividades: z.string().nullable(),
  registrada_por: z.string().nullable(),
  /** Absences on this lesson that count (abonadas excluded). */
  faltas: z.number().int(),
});
export type DiaryLesson = z.infer<typeof diaryLessonSchema>;

export const diaryPeriodSchema = z.object({
  id: z.string(),
  nome: z.string(),
  inicio: z.string(),
  fim: z.string(),
});

/** What the screen and the PDF say when the range has no avaliação. */
export const SEM_AVALIACOES = 'Nenhuma avaliação neste período.';

/**
 * One subject's grades in the diary (ADR 0081): the avaliações dated in the range, and each student who
 * was in the class on one of their days (or has a grade in one) with the grades as the grade grid shows them.
 */
export const diarySubjectGradesSchema = z.object({
  disciplina: z.string(),
  professor_nome: z.string().nullable(),
  avaliacoes: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      data: z.string(),
      peso: z.number(),
      tipo: z.enum(tiposAvaliacao),
    }),
  ),
  alunos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      /** One per avaliação, in its order. */
      notas: z.array(
        z.object({
          /** As the grade grid shows it ('7,5', '85,0', 'B'); null: not entered. */
          texto: z.string().nullable(),
          /** False: the student was not in the class on the avaliação's day (and has no grade in it). */
          na_turma: z.boolean(),
        }),
      ),
      /** The period's média by the grid's rule (weighted mean, then recuperação); null in a month. */
      media: z.number().nullable(),
      media_texto: z.string().nullable(),
    }),
  ),
});
export type DiarySubjectGrades = z.infer<typeof diarySubjectGradesSchema>;

export const diaryGradesSchema = z.object({
  /** 'parecer': Educação Infantil, evaluated by pareceres — the diary carries no grades. */
  avaliacao: z.enum(['notas', 'parecer']),
  /** Whether the média is shown: the range is a whole period (a month has no média of its own). */
  com_media: z.boolean(),
  /** The subjects with an avaliação in the range, in the school's order of subjects. */
  disciplinas: z.array(diarySubjectGradesSchema),
});
export type DiaryGrades = z.infer<typeof diaryGradesSchema>;

/** A class whose diary the user may open (`GET /api/frequencia/diario/turmas`). */
export const diaryClassSchema = z.object({
  id: z.string(),
  nome: z.string(),
  ano_letivo: z.string(),
  frequencia_modo: z.enum(frequenciaModos),
});

/** `GET /api/frequencia/diario/turmas?ano=2025`: a past year's classes (any status); omitted, the active ones. */
export const diaryClassesQuerySchema = z.strictObject({
  ano: z
    .string()
    .regex(/^\d{4}$/, 'Informe o ano com 4 dígitos')
    .optional(),
});
export type DiaryClassesQuery = z.infer<typeof diaryClassesQuerySchema>;
export type DiaryClass = z.infer<typeof diaryClassSchema>;

/** A class as a roll call and its diary head their page: name, série, turno, and how it takes the roll. */
export const classHeaderSchema = z.object({
  id: z.string(),
  nome: z.string(),
  serie: z.string(),
  turno: z.string(),
  frequencia_modo: z.enum(frequenciaModos),
});

export const classDiarySchema = z.object({
  turma: classHeaderSchema,
  /** A per-lesson class's subjects the user sees, with their teacher (empty on a daily-roll class). */
  disciplinas: z.array(z.object({ nome: z.string(), professor_nome: z.string().nullable() })),
  disciplina: z.string().nullable(),
  /** The subject's teacher, or the class's responsible teacher on a daily-roll class. */
  professor_nome: z.string().nullable(),
  /** The periods of the year of the range shown (to pick from). */
  periodos: z.array(diaryPeriodSchema),
  /** The range shown: a period (`id`) or a month (`id` null). */
  intervalo: z.object({ id: z.string().nullable(), nome: z.string(), de: z.string(), ate: z.string() }),
  aulas: z.array(diaryLessonSchema),
  /** Lessons in `aulas` with no content recorded. */
  sem_conteudo: z.number().int(),
  notas: diaryGradesSchema,
});
export type ClassDiary = z.infer<typeof classDiarySchema>;

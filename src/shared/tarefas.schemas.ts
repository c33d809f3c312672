import { z } from 'zod';
import { dateRangeQuerySchema } from './calendar.schemas.js';

/**
 * What a family and a student read of the registro de conteúdo (docs/familia.md, 'Tarefas e conteúdos'):
 * the lessons of the child's classes, while the child was in them, that have content or homework — the
 * date, the subject, the teacher and the two texts the teacher typed with the roll. Nothing else of the
 * roll (no absences, nobody else).
 */

/** The days shown when no range is asked: the last 14 up to today. */
export const TAREFAS_DIAS = 14;
/** The longest range one request may ask. */
export const TAREFAS_MAX_DIAS = 92;

/** `GET /api/frequencia/alunos/{id}/tarefas?de=&ate=` (both optional: `ate` today, `de` 13 days before it). */
export const studentLessonsQuerySchema = dateRangeQuerySchema(TAREFAS_MAX_DIAS);
export type StudentLessonsQuery = z.infer<typeof studentLessonsQuerySchema>;

/** One lesson (or, on a daily-roll class, one day) with what it taught and the homework given. */
export const studentLessonSchema = z.object({
  id: z.string(),
  data: z.string(),
  turma_nome: z.string(),
  /** Null on a daily-roll class (Educação Infantil, anos iniciais): the day's content. */
  disciplina: z.string().nullable(),
  /** The lesson of the day (1, 2…); 0 on a daily roll. */
  aula: z.number().int(),
  /** The subject's teacher in the class's grid; on a daily roll, the class's responsible teacher. */
  professor_nome: z.string().nullable(),
  conteudo: z.string().nullable(),
  atividades: z.string().nullable(),
});
export type StudentLesson = z.infer<typeof studentLessonSchema>;

export const studentLessonsSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string() }),
  de: z.string(),
  ate: z.string(),
  /** Newest first; within a day by subject and lesson. */
  aulas: z.array(studentLessonSchema),
});
export type StudentLessons = z.infer<typeof studentLessonsSchema>;

/**
 * The lessons' content and homework of a child's classes (docs/familia.md, 'Tarefas e conteúdos'), read
 * by the family's Tarefas screen and the Portal do Aluno. Under the attendance root: saving a roll
 * refreshes them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentLessons, studentLessonsSchema } from '../../shared/tarefas.schemas';
import { api } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/** The last 14 days up to today (the server's today, in the school's time zone). */
export const studentLessonsQuery = (alunoId: string) =>
  queryOptions({
    queryKey: [...keyRoots.attendance, 'tarefas', alunoId] as const,
    queryFn: () =>
      api<StudentLessons>(`/api/frequencia/alunos/${alunoId}/tarefas`, { schema: studentLessonsSchema }),
  });

export const useStudentLessons = (alunoId: string) => useQuery(studentLessonsQuery(alunoId));

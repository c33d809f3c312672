import { useQuery, queryOptions } from '@tanstack/react-query';
import { type Curriculum, curriculumSchema } from '../../shared/curriculum.schemas';
import { api } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/**
 * A class's subject grid ('Grade curricular', each subject with its teacher): edited in Turmas, read by
 * Notas to offer the class's subjects. Nothing is asked without a class (`turmaId` '').
 */
export const classCurriculumQuery = (turmaId: string) =>
  queryOptions({
    queryKey: [...keyRoots.curriculum, 'class', turmaId] as const,
    queryFn: () =>
      api<Curriculum>(`/api/turmas/${turmaId}/disciplinas`, {
        schema: curriculumSchema,
        globalErrors: false,
      }),
    enabled: turmaId !== '',
  });

export function useClassCurriculum(turmaId: string) {
  return useQuery(classCurriculumQuery(turmaId));
}

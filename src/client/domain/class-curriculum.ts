import { useQuery } from '@tanstack/react-query';
import type { Curriculum } from '../../shared/curriculum.schemas';
import { api } from '../lib/api-client';

/**
 * A class's subject grid ('Grade curricular', each subject with its teacher): edited in Turmas, read by
 * Notas to offer the class's subjects. Nothing is asked without a class (`turmaId` '').
 */
export function useClassCurriculum(turmaId: string) {
  return useQuery({
    queryKey: ['attendance', 'grade', turmaId],
    queryFn: () => api<Curriculum>(`/api/turmas/${turmaId}/disciplinas`, { globalErrors: false }),
    enabled: turmaId !== '',
  });
}

/** What the child's page reads besides the child: the class (its teacher) and its grade curricular. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SchoolClass, classSchema } from '../../../shared/classes.schemas';
import { api } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** The child's class as the family reaches it (the server scopes `/api/turmas/:id` to their children's). */
const childClass = (turmaId: string) =>
  queryOptions({
    queryKey: [...keyRoots.classes, 'familia', turmaId] as const,
    queryFn: () => api<SchoolClass>(`/api/turmas/${turmaId}`, { schema: classSchema, globalErrors: false }),
    enabled: turmaId !== '',
  });

export const useChildClass = (turmaId: string) => useQuery(childClass(turmaId));

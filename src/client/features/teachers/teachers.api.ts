import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type SavedTeacher,
  type Teacher,
  type TeacherInput,
  teacherSchema,
} from '../../../shared/teachers.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const teachersKey = keyRoots.teachers;

export const teachersQuery = () =>
  queryOptions({
    queryKey: teachersKey,
    queryFn: () => api<Teacher[]>('/api/professores', { schema: teacherSchema.array(), globalErrors: false }),
  });

export function useTeachers() {
  return useQuery(teachersQuery());
}

export function useSaveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TeacherInput }) =>
      apiWithMessage<SavedTeacher>(id ? `/api/professores/${id}` : '/api/professores', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachersKey }),
  });
}

export function useDeleteTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/professores/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachersKey }),
  });
}

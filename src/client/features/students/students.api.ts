import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../shared/api';
import type { SchoolClass } from '../../../shared/classes.schemas';
import type {
  CreatedStudent,
  CreateStudentInput,
  Student,
  StudentCounts,
  StudentStatus,
  UpdateStudentInput,
} from '../../../shared/students.schemas';
import { STUDENT_PAGE_SIZE } from '../../../shared/students.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';

export interface StudentFilters {
  q: string;
  status: StudentStatus | 'todos';
  turma_id: string;
  page: number;
}

const studentsKey = ['students'] as const;

export function useStudents(filters: StudentFilters) {
  return useQuery({
    queryKey: [...studentsKey, filters],
    queryFn: () =>
      api<Page<Student> & { counts: StudentCounts }>(
        `/api/alunos${toQuery({ ...filters, pageSize: STUDENT_PAGE_SIZE })}`,
        { globalErrors: false },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: string | null) {
  return useQuery({
    queryKey: [...studentsKey, 'detail', id],
    queryFn: () => api<Student>(`/api/alunos/${id ?? ''}`, { globalErrors: false }),
    enabled: id !== null,
  });
}

/** The class filter and the form's class selector (the viewer's classes only). */
export function useClassOptions() {
  return useQuery({
    queryKey: ['classes', 'options'],
    queryFn: () => api<SchoolClass[]>('/api/turmas', { globalErrors: false }),
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studentsKey }),
      queryClient.invalidateQueries({ queryKey: ['classes'] }),
    ]);
}

export function useCreateStudent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateStudentInput) =>
      apiWithMessage<CreatedStudent>('/api/alunos', { method: 'POST', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useUpdateStudent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateStudentInput }) =>
      apiWithMessage<Student>(`/api/alunos/${id}`, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useSetStudentStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status, version }: { id: string; status: StudentStatus; version: number }) =>
      apiWithMessage<Student>(`/api/alunos/${id}/status`, { method: 'PATCH', body: { status, version } }),
    onSuccess: invalidate,
  });
}

export function exportStudents(format: 'csv' | 'xlsx', filters: Omit<StudentFilters, 'page'>) {
  return downloadFile(`/api/alunos/export${toQuery({ ...filters, format })}`, `alunos.${format}`);
}

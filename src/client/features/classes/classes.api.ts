import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  itinerarioChoicesSchema,
  type Curriculum,
  type CurriculumInput,
  type ItinerarioChoices,
  type ItinerarioChoicesInput,
} from '../../../shared/curriculum.schemas';
import type { Page } from '../../../shared/api';
import {
  type ClassInput,
  type ClassStudent,
  type SchoolClass,
  classSchema,
  classStudentSchema,
} from '../../../shared/classes.schemas';
import type { StudentListItem } from '../../../shared/students.schemas';
import { type Teacher, teacherSchema } from '../../../shared/teachers.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { invalidateAttendance, keyRoots } from '../../lib/query-keys';

const classesKey = keyRoots.classes;

export const classesQuery = () =>
  queryOptions({
    queryKey: [...classesKey, 'list'],
    queryFn: () => api<SchoolClass[]>('/api/turmas', { schema: classSchema.array(), globalErrors: false }),
  });

export function useClasses() {
  return useQuery(classesQuery());
}

export const classStudentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...classesKey, 'students', id],
    queryFn: () =>
      api<ClassStudent[]>(`/api/turmas/${id}/alunos`, {
        schema: classStudentSchema.array(),
        globalErrors: false,
      }),
  });

export function useClassStudents(id: string) {
  return useQuery(classStudentsQuery(id));
}

export const teacherOptionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keyRoots.teachers,
    queryFn: () => api<Teacher[]>('/api/professores', { schema: teacherSchema.array(), globalErrors: false }),
    enabled,
  });

export function useTeacherOptions(enabled: boolean) {
  return useQuery(teacherOptionsQuery(enabled));
}

export const studentSearchQuery = (q: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...keyRoots.students, 'search', q],
    queryFn: () => api<Page<StudentListItem>>(`/api/alunos${toQuery({ q, status: 'ativo', pageSize: 10 })}`),
    enabled: enabled && q.trim().length >= 2,
  });

export function useStudentSearch(q: string, enabled: boolean) {
  return useQuery(studentSearchQuery(q, enabled));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: classesKey }),
      queryClient.invalidateQueries({ queryKey: keyRoots.students }),
    ]);
}

export function useSaveClass() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ClassInput }) =>
      apiWithMessage<SchoolClass>(id ? `/api/turmas/${id}` : '/api/turmas', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteClass() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/turmas/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useEnrol() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, alunoId, dataEnturmacao }: { id: string; alunoId: string; dataEnturmacao?: string }) =>
      apiWithMessage<null>(`/api/turmas/${id}/alunos`, {
        method: 'POST',
        body: dataEnturmacao ? { aluno_id: alunoId, data_enturmacao: dataEnturmacao } : { aluno_id: alunoId },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useUnenrol() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, alunoId }: { id: string; alunoId: string }) =>
      apiWithMessage<null>(`/api/turmas/${id}/alunos/${alunoId}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useSaveGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ turmaId, input }: { turmaId: string; input: CurriculumInput }) =>
      apiWithMessage<Curriculum>(`/api/turmas/${turmaId}/disciplinas`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    // The grid changes which classes a teacher reaches: classes and students lists too.
    onSuccess: () =>
      Promise.all([
        invalidateAttendance(queryClient),
        queryClient.invalidateQueries({ queryKey: keyRoots.classes }),
        queryClient.invalidateQueries({ queryKey: keyRoots.students }),
        queryClient.invalidateQueries({ queryKey: keyRoots.curriculum }),
      ]),
  });
}

/** Ensino Médio: the class's itinerários and each student's choice. */
export const itinerarioChoicesQuery = (turmaId: string) =>
  queryOptions({
    queryKey: [...keyRoots.curriculum, 'itinerarios', turmaId] as const,
    queryFn: () =>
      api<ItinerarioChoices>(`/api/turmas/${turmaId}/itinerarios`, {
        schema: itinerarioChoicesSchema,
        globalErrors: false,
      }),
  });

export function useItinerarioChoices(turmaId: string) {
  return useQuery(itinerarioChoicesQuery(turmaId));
}

export function useSaveItinerarioChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ turmaId, input }: { turmaId: string; input: ItinerarioChoicesInput }) =>
      apiWithMessage<ItinerarioChoices>(`/api/turmas/${turmaId}/itinerarios`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    // The choice changes who is in an itinerário's Notas and Frequência, and the boletins.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRoots.curriculum }),
        queryClient.invalidateQueries({ queryKey: keyRoots.grades }),
        invalidateAttendance(queryClient),
      ]),
  });
}

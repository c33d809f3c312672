import { keepPreviousData, useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { type StudentAttendance, studentAttendanceSchema } from '../../../shared/attendance.schemas';
import { type SchoolClass, classSchema } from '../../../shared/classes.schemas';
import {
  type CreatedStudent,
  type Guardian,
  type GuardianInput,
  type CreateStudentInput,
  type Student,
  type StudentsPage,
  type StudentStatusInput,
  type UpdateStudentInput,
  type GuardianSummary,
  type Parentesco,
  type UpdatedGuardian,
  type UpdateGuardianInput,
  studentSchema,
  guardianSummarySchema,
} from '../../../shared/students.schemas';
import { STUDENT_PAGE_SIZE } from '../../../shared/students.schemas';
import {
  mensalidadesAposSaidaSchema,
  type MensalidadesAposSaida,
} from '../../../shared/mensalidades.schemas';
import type { SortOrder } from '../../../shared/validators';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import type { EnvioEmail } from '../../../shared/users.schemas';
import { invalidateAttendance, invalidateGrades, keyRoots, sharedKeys } from '../../lib/query-keys';

/** The students list's URL filters ('' = all). */
export const studentFilterDefaults = { q: '', status: '', turma_id: '' };
export type StudentQuery = typeof studentFilterDefaults & { page: number; sort?: string; order?: SortOrder };

const studentsKey = keyRoots.students;

export const studentsQuery = (filters: StudentQuery) =>
  queryOptions({
    queryKey: [...studentsKey, filters],
    queryFn: () =>
      api<StudentsPage>(`/api/alunos${toQuery({ ...filters, pageSize: STUDENT_PAGE_SIZE })}`, {
        globalErrors: false,
      }),
    placeholderData: keepPreviousData,
  });

export function useStudents(filters: StudentQuery) {
  return useQuery(studentsQuery(filters));
}

export const studentQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', id],
    queryFn: () => api<Student>(`/api/alunos/${id ?? ''}`, { schema: studentSchema, globalErrors: false }),
    enabled: id !== null,
  });

export function useStudent(id: string | null) {
  return useQuery(studentQuery(id));
}

/** The class filter and the form's class selector (the viewer's classes only). */
export const classOptionsQuery = () =>
  queryOptions({
    queryKey: sharedKeys.classOptions,
    queryFn: () => api<SchoolClass[]>('/api/turmas', { schema: classSchema.array(), globalErrors: false }),
    staleTime: 30_000,
  });

export function useClassOptions() {
  return useQuery(classOptionsQuery());
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studentsKey }),
      queryClient.invalidateQueries({ queryKey: keyRoots.classes }),
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StudentStatusInput & { id: string; version: number }) =>
      apiWithMessage<Student>(`/api/alunos/${id}/status`, { method: 'PATCH', body, globalErrors: false }),
    onSuccess: (_result, input) =>
      Promise.all([
        invalidate(),
        // The roll ends (attendance figures) and the boletim says 'Transferido'.
        invalidateAttendance(queryClient),
        invalidateGrades(queryClient),
        // Tuition cancelled with the departure leaves the Financeiro's lists and figures.
        input.cancelar_mensalidades && queryClient.invalidateQueries({ queryKey: keyRoots.finance }),
      ]),
  });
}

/** What leaving on `data` would cancel of the student's tuition (holders of finance.manage only). */
export function useMensalidadesAposSaida(alunoId: string, data: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keyRoots.finance, 'apos-saida', alunoId, data],
    queryFn: () =>
      api<MensalidadesAposSaida>(
        `/api/financeiro/mensalidades/apos-saida${toQuery({ aluno_id: alunoId, data })}`,
        { schema: mensalidadesAposSaidaSchema, globalErrors: false },
      ),
    enabled,
  });
}

export function exportStudents(format: 'csv' | 'xlsx', filters: typeof studentFilterDefaults) {
  return downloadFile(`/api/alunos/export${toQuery({ ...filters, format })}`, `alunos.${format}`);
}

/** A further guardian for a student (POST /api/responsaveis with aluno_id). */
export function useAddGuardian() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: GuardianInput & { aluno_id: string }) =>
      apiWithMessage<
        Guardian & {
          usuarioCriado: boolean;
          senhaGerada?: string;
          emailEnviado: boolean;
          envioEmail?: EnvioEmail;
        }
      >('/api/responsaveis', { method: 'POST', body: input, globalErrors: false }),
    onSuccess: invalidate,
  });
}

/*
 * Attendance. Keys under `keyRoots.attendance`, so saving a roll (attendance feature) refreshes them.
 */

/** A student's figures (overall and per subject) and absences; guardians see their own children. */
export const studentAttendanceQuery = (alunoId: string, ano?: number) =>
  queryOptions({
    queryKey: [...keyRoots.attendance, 'student', alunoId, ano ?? ''],
    queryFn: () =>
      api<StudentAttendance>(`/api/frequencia/alunos/${alunoId}${toQuery({ ano })}`, {
        schema: studentAttendanceSchema,
        globalErrors: false,
      }),
  });

export function useStudentAttendance(alunoId: string, ano?: number) {
  return useQuery(studentAttendanceQuery(alunoId, ano));
}

/**
 * Administrators: exempt an absence (it stops counting), or undo an abono given by mistake; answers
 * the student's new figures.
 */
export function useExcuseAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faltaId, motivo, undo = false }: { faltaId: string; motivo: string; undo?: boolean }) =>
      apiWithMessage<StudentAttendance>(
        `/api/frequencia/faltas/${faltaId}/${undo ? 'desabonar' : 'abonar'}`,
        {
          method: 'POST',
          body: { motivo },
          globalErrors: false,
        },
      ),
    onSuccess: () =>
      Promise.all([
        invalidateAttendance(queryClient),
        queryClient.invalidateQueries({ queryKey: keyRoots.dashboard }),
      ]),
  });
}

/*
 * Guardians kept by the secretaria.
 */

/** Administrators: guardians by name or CPF (to link a sibling to the same record). */
export const guardianSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...keyRoots.guardians, 'search', q],
    queryFn: () =>
      api<GuardianSummary[]>(`/api/responsaveis${toQuery({ q })}`, {
        schema: guardianSummarySchema.array(),
        globalErrors: false,
      }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export function useGuardianSearch(q: string) {
  return useQuery(guardianSearchQuery(q));
}

export function useUpdateGuardian() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateGuardianInput }) =>
      apiWithMessage<UpdatedGuardian>(`/api/responsaveis/${id}`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Links a guardian to a student, or changes the link (the principal). */
export function useLinkGuardian(alunoId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { responsavel_id: string; eh_principal: boolean; parentesco: Parentesco }) =>
      apiWithMessage<Student>(`/api/alunos/${alunoId}/responsaveis`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useUnlinkGuardian(alunoId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (responsavelId: string) =>
      apiWithMessage<Student>(`/api/alunos/${alunoId}/responsaveis/${responsavelId}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

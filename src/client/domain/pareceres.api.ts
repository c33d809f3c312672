import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { ClassStudent, SchoolClass } from '../../shared/classes.schemas';
import { classSchema, classStudentSchema } from '../../shared/classes.schemas';
import { type SchoolYear, schoolYearSchema } from '../../shared/calendar.schemas';
import {
  type Parecer,
  type ParecerInput,
  type ParecerStatus,
  parecerSchema,
} from '../../shared/pareceres.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/**
 * The pareceres descritivos (Educação Infantil): the teacher's and the coordination's screen and the
 * family's view on the child's card read them, so the hooks live here. A family gets only published ones.
 */
export interface PareceresQuery {
  turma_id?: string;
  periodo_id?: string;
  aluno_id?: string;
  status?: ParecerStatus;
}

export const pareceresKeys = {
  all: keyRoots.pareceres,
  list: (query: PareceresQuery) =>
    [
      ...keyRoots.pareceres,
      'list',
      query.turma_id ?? '',
      query.periodo_id ?? '',
      query.aluno_id ?? '',
      query.status ?? '',
    ] as const,
  classes: [...keyRoots.pareceres, 'classes'] as const,
  students: (turmaId: string) => [...keyRoots.pareceres, 'students', turmaId] as const,
  years: [...keyRoots.pareceres, 'years'] as const,
};

export const pareceresQuery = (query: PareceresQuery, enabled = true) =>
  queryOptions({
    queryKey: pareceresKeys.list(query),
    queryFn: () =>
      api<Parecer[]>(`/api/pareceres${toQuery({ ...query })}`, {
        schema: parecerSchema.array(),
        globalErrors: false,
      }),
    enabled,
  });

export function usePareceres(query: PareceresQuery, enabled = true) {
  return useQuery(pareceresQuery(query, enabled));
}

/** The Educação Infantil classes the user reaches (a teacher's own). */
export function useInfantilClasses() {
  return useQuery({
    queryKey: pareceresKeys.classes,
    queryFn: () => api<SchoolClass[]>('/api/turmas', { schema: classSchema.array(), globalErrors: false }),
    select: (classes) => classes.filter((turma) => turma.nivel === 'Educação Infantil'),
  });
}

export function useClassChildren(turmaId: string) {
  return useQuery({
    queryKey: pareceresKeys.students(turmaId),
    queryFn: () =>
      api<ClassStudent[]>(`/api/turmas/${turmaId}/alunos`, {
        schema: classStudentSchema.array(),
        globalErrors: false,
      }),
    enabled: turmaId !== '',
  });
}

export function useSchoolYearsWithPeriods() {
  return useQuery({
    queryKey: pareceresKeys.years,
    queryFn: () =>
      api<SchoolYear[]>('/api/anos-letivos', { schema: schoolYearSchema.array(), globalErrors: false }),
    staleTime: 60_000,
  });
}

const parecerUrl = (alunoId: string, periodoId: string) => `/api/pareceres/${alunoId}/${periodoId}`;

export function useSaveParecer() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline a paused save only spun: it fails at once instead, and the editor says the text is on the
    // device (its draft) and asks to save again when the connection returns.
    networkMode: 'always',
    mutationFn: ({ alunoId, periodoId, body }: { alunoId: string; periodoId: string; body: ParecerInput }) =>
      apiWithMessage<Parecer>(parecerUrl(alunoId, periodoId), {
        method: 'PUT',
        body,
        schema: parecerSchema,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pareceresKeys.all }),
  });
}

export function useAdvanceParecer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parecer, step }: { parecer: Parecer; step: 'revisar' | 'publicar' }) =>
      apiWithMessage<Parecer>(`${parecerUrl(parecer.aluno_id, parecer.periodo_id)}/${step}`, {
        method: 'POST',
        body: { version: parecer.version },
        schema: parecerSchema,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pareceresKeys.all }),
  });
}

/** Photos of the child's work: attach (multipart field 'arquivo') or remove one; answers the parecer. */
export function useParecerFoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { parecer: Parecer; arquivo: File } | { parecer: Parecer; fotoId: string }) => {
      const url = `${parecerUrl(change.parecer.aluno_id, change.parecer.periodo_id)}/fotos`;
      if ('fotoId' in change)
        return apiWithMessage<Parecer>(`${url}/${change.fotoId}`, {
          method: 'DELETE',
          schema: parecerSchema,
          globalErrors: false,
        });
      const body = new FormData();
      body.append('arquivo', change.arquivo);
      return apiWithMessage<Parecer>(url, {
        method: 'POST',
        body,
        schema: parecerSchema,
        globalErrors: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pareceresKeys.all }),
  });
}

export function downloadDevelopmentReport(alunoId: string, periodoId?: string) {
  return downloadFile(
    `/api/alunos/${alunoId}/relatorio-desenvolvimento.pdf${toQuery({ periodo_id: periodoId })}`,
    'relatorio-de-desenvolvimento.pdf',
  );
}

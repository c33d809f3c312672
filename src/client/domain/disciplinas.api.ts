import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  disciplinaSchema,
  subjectFitsStage,
  type CreateDisciplinaInput,
  type Disciplina,
  type UpdateDisciplinaInput,
} from '../../shared/disciplinas.schemas';
import { api, apiWithMessage } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/**
 * The school's subject catalogue: edited on Configurações → Acadêmico, read wherever a subject is chosen
 * (grade curricular, professores, notas). `todas` brings the inactive subjects too.
 */
export const disciplinasQuery = (todas = false) =>
  queryOptions({
    queryKey: [...keyRoots.disciplinas, todas ? 'todas' : 'ativas'] as const,
    queryFn: () =>
      api<Disciplina[]>(`/api/disciplinas${todas ? '?todas=1' : ''}`, {
        schema: z.array(disciplinaSchema),
        globalErrors: false,
      }),
    staleTime: 60_000,
  });

export function useDisciplinas(todas = false) {
  return useQuery(disciplinasQuery(todas));
}

/**
 * The active subjects' names, in the catalogue's order, plus those already chosen (kept if inactive);
 * with a class's stage, only the subjects of that stage (ADR 0127).
 */
export function subjectChoices(
  catalogue: readonly Disciplina[] | undefined,
  chosen: readonly string[] = [],
  nivel?: string,
) {
  const names = (catalogue ?? [])
    .filter((item) => item.ativo && (nivel === undefined || subjectFitsStage(item, nivel)))
    .map((item) => item.nome);
  return [...names, ...chosen.filter((name) => !names.includes(name))];
}

export function useSaveDisciplina() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string | null;
      input: CreateDisciplinaInput | UpdateDisciplinaInput;
    }) =>
      apiWithMessage<Disciplina>(id ? `/api/disciplinas/${id}` : '/api/disciplinas', {
        method: id ? 'PATCH' : 'POST',
        body: input,
        schema: disciplinaSchema,
        globalErrors: false,
      }),
    // A rename rewrites the open years' grids, grades, rolls and teachers' subjects.
    onSuccess: () =>
      Promise.all(
        [
          keyRoots.disciplinas,
          keyRoots.curriculum,
          keyRoots.grades,
          keyRoots.attendance,
          keyRoots.teachers,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

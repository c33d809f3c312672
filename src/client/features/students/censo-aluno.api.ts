import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  censoAlunoResponseSchema,
  inclusaoAlunoSchema,
  type CensoAluno,
  type InclusaoAluno,
} from '../../../shared/censo.schemas';
import type { z } from 'zod';
import type { censoAlunoUpdateSchema } from '../../../shared/censo.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const censoKey = (alunoId: string) => [...keyRoots.students, 'censo', alunoId] as const;

/** A student's census data; read only when the section is opened (each read is in the access log). */
export function useCensoAluno(alunoId: string, enabled: boolean) {
  return useQuery({
    queryKey: censoKey(alunoId),
    queryFn: () => api<CensoAluno>(`/api/censo/alunos/${alunoId}`, { schema: censoAlunoResponseSchema }),
    enabled,
  });
}

export function useSaveCensoAluno(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof censoAlunoUpdateSchema>) =>
      apiWithMessage<CensoAluno>(`/api/censo/alunos/${alunoId}`, {
        method: 'PUT',
        body: input,
        globalErrors: false,
        schema: censoAlunoResponseSchema,
      }),
    onSuccess: ({ data }) => queryClient.setQueryData(censoKey(alunoId), data),
  });
}

/** What a teacher granted 'apoio à inclusão' sees of a class they teach. */
export function useInclusaoTurma(turmaId: string | null) {
  return useQuery({
    queryKey: [...keyRoots.students, 'inclusao', turmaId],
    queryFn: () =>
      api<InclusaoAluno[]>(`/api/censo/alunos/inclusao${toQuery({ turma: turmaId })}`, {
        schema: inclusaoAlunoSchema.array(),
      }),
    enabled: turmaId !== null,
  });
}

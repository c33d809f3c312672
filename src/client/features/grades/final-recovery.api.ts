import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type FinalRecoveryInput,
  type FinalRecoveryList,
  finalRecoveryListSchema,
} from '../../../shared/final-recovery.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { invalidateGrades, keyRoots } from '../../lib/query-keys';

/** The recuperação final of a class's subject (ADR 0097): who takes it and their grades. */
export const finalRecoveryKeys = {
  list: (turmaId: string, disciplina: string) =>
    [...keyRoots.grades, 'recuperacao-final', turmaId, disciplina] as const,
};

export function finalRecoveryQuery(turmaId: string, disciplina: string) {
  return queryOptions({
    queryKey: finalRecoveryKeys.list(turmaId, disciplina),
    queryFn: ({ signal }) =>
      api(`/api/recuperacao-final/turmas/${turmaId}${toQuery({ disciplina })}`, {
        signal,
        schema: finalRecoveryListSchema,
      }),
    enabled: Boolean(turmaId && disciplina),
  });
}

export function useFinalRecoveries(turmaId: string, disciplina: string) {
  return useQuery(finalRecoveryQuery(turmaId, disciplina));
}

/** Saves the grades typed; the boletins and the year's closing status read them, so every grade query goes stale. */
export function useSaveFinalRecoveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinalRecoveryInput) =>
      apiWithMessage<FinalRecoveryList>('/api/recuperacao-final', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => invalidateGrades(queryClient),
  });
}

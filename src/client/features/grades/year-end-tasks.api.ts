import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { RematriculaInput } from '../../../shared/year-end.schemas';
import { yearEndTaskSchema, type YearEndTask } from '../../../shared/year-end.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { invalidateAttendance, invalidateGrades, keyRoots } from '../../lib/query-keys';

/** How often the screen asks how far a running closing or rematrícula has got. */
const POLL_MS = 1_000;

export const isRunning = (task: YearEndTask | undefined) =>
  task?.status === 'na_fila' || task?.status === 'executando';

const tasksKey = (anoLetivoId: string) => [...keyRoots.grades, 'year-end-tasks', anoLetivoId] as const;

/** The year's closing and rematrícula tasks, newest first; polled while the newest runs. */
export const yearEndTasksQuery = (anoLetivoId: string) =>
  queryOptions({
    queryKey: tasksKey(anoLetivoId),
    queryFn: () =>
      api<YearEndTask[]>(`/api/anos-letivos/${anoLetivoId}/tarefas`, {
        schema: yearEndTaskSchema.array(),
        globalErrors: false,
      }),
    enabled: Boolean(anoLetivoId),
    refetchInterval: (query) => (isRunning(query.state.data?.[0]) ? POLL_MS : false),
  });

/**
 * The newest task of the year, followed until it ends (also after a reload: the server keeps it); when it
 * ends, what it changed is read again.
 */
export function useLatestYearEndTask(anoLetivoId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(yearEndTasksQuery(anoLetivoId));
  const latest = query.data?.[0];
  const running = isRunning(latest);
  // A task seen ending (even one that ended before its first poll): what it changed is read again.
  const ended = latest && !running ? `${latest.id}:${latest.status}` : null;
  const lastEnded = useRef<string | null>(null);
  useEffect(() => {
    if (ended === null || ended === lastEnded.current) return;
    lastEnded.current = ended;
    void Promise.all([
      invalidateGrades(queryClient),
      queryClient.invalidateQueries({ queryKey: keyRoots.calendar }),
      queryClient.invalidateQueries({ queryKey: keyRoots.classes }),
      queryClient.invalidateQueries({ queryKey: keyRoots.students }),
      invalidateAttendance(queryClient),
    ]);
  }, [ended, queryClient]);
  return { ...query, latest };
}

/** Closing the year or applying the rematrícula in the background: the answer is the task (202). */
export function useStartYearEndTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      anoLetivoId,
      tipo,
      input,
      confirmarPendencias = false,
    }: {
      anoLetivoId: string;
      tipo: YearEndTask['tipo'];
      input?: RematriculaInput;
      /** Closing with the recuperação final pending, confirmed by the administrator (ADR 0097). */
      confirmarPendencias?: boolean;
    }) =>
      apiWithMessage<YearEndTask>(
        `/api/anos-letivos/${anoLetivoId}/${tipo === 'encerramento' ? 'encerrar' : 'rematricula'}?segundo_plano=true${confirmarPendencias ? '&confirmar_pendencias=true' : ''}`,
        { method: 'POST', ...(input ? { body: input } : {}), globalErrors: false },
      ),
    onSuccess: (_result, variables) =>
      queryClient.invalidateQueries({ queryKey: tasksKey(variables.anoLetivoId) }),
  });
}

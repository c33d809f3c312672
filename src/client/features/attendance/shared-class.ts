import { useUrlParams } from '../../lib/use-list-state';

/**
 * The class the Frequência tabs look at, in the address (`?turma=`, the roll call's own): the month's
 * summary and the diary open on the class the roll was taken for, a switch of tab keeps it
 * (attendance-page), and a reload too. '' when none was chosen (the tab shows its first class).
 */
export function useSharedClass(): [string, (turmaId: string) => void] {
  const [params, update] = useUrlParams();
  return [params.get('turma') ?? '', (turmaId) => update({ turma: turmaId || null }, { replace: true })];
}

import { useSearchParams } from 'react-router';

/**
 * The class the Frequência tabs look at, in the address (`?turma=`, the roll call's own): the month's
 * summary and the diary open on the class the roll was taken for, a switch of tab keeps it
 * (attendance-page), and a reload too. '' when none was chosen (the tab shows its first class).
 */
export function useSharedClass(): [string, (turmaId: string) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (turmaId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (turmaId) next.set('turma', turmaId);
        else next.delete('turma');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [params.get('turma') ?? '', choose];
}

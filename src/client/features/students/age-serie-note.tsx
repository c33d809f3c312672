import { useWatch } from 'react-hook-form';
import { ageSerieWarning, type SchoolClass } from '../../../shared/classes.schemas';

/**
 * Under the student form's Turma: a word when the birth date and the class's série do not go together
 * (younger than the série's age on 31 March, or two or more years older). It never stops the save — a
 * student held back is real — but a mistyped year of birth is caught while the secretary still has the
 * certidão in hand. Announced politely as it appears.
 */
export function AgeSerieNote({ classes }: { classes: readonly SchoolClass[] }) {
  const [nascimento, turmaId] = useWatch({ name: ['data_nascimento', 'turma_id'] }) as [
    string | undefined,
    string | null | undefined,
  ];
  const turma = classes.find((item) => item.id === turmaId);
  const warning = turma && nascimento ? ageSerieWarning(nascimento, turma.serie, turma.ano_letivo) : null;
  return (
    <p
      role="status"
      className={
        warning
          ? 'rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2'
          : 'sr-only'
      }
    >
      {warning}
    </p>
  );
}

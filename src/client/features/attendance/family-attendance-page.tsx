import { PageHeader } from '../../components/feedback';
import { OneChildAtATime } from '../../domain/child-switcher';
import { useUrlParams } from '../../lib/use-list-state';
import { ChildAttendance } from './family-attendance-parts';

/**
 * The family's 'Frequência' (issue 32 §1): per child (`?aluno=`, the first by default, chosen with the
 * family screens' one child picker), the attendance against the stage's minimum, the absent days with
 * 'Justificar', and each justification's state and the school's answer. `?justificar=<data>` (the feed's
 * link) opens the justification of that day; choosing another child drops it.
 */
export function FamilyAttendancePage() {
  const [params, update] = useUrlParams();
  return (
    <div className="space-y-4">
      <PageHeader title="Frequência" subtitle="Faltas, frequência e justificativas" />
      <OneChildAtATime
        resets={['justificar']}
        render={(child) => (
          <ChildAttendance
            key={child.id}
            aluno={{ id: child.id, nome: child.nome }}
            justificar={params.get('justificar')}
            onJustified={() => update({ justificar: null }, { replace: true })}
          />
        )}
      />
    </div>
  );
}

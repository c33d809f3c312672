import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { useUrlParams } from '../../lib/use-list-state';
import { ChildAttendance } from './family-attendance-parts';
import { useFamilyChildren } from '../../domain/family.api';

/**
 * The family's 'Frequência' (issue 32 §1): per child (`?aluno=`, the first by default), the attendance
 * against the stage's minimum, the absent days with 'Justificar', and each justification's state and the
 * school's answer. `?justificar=<data>` (the feed's link) opens the justification of that day.
 */
export function FamilyAttendancePage() {
  const [params, update] = useUrlParams();
  const children = useFamilyChildren();
  if (children.isPending) return <Spinner label="Carregando..." />;
  if (children.isError) return <ErrorBanner>Erro ao carregar os seus filhos.</ErrorBanner>;
  const list = children.data;
  const chosen = list.find((child) => child.id === params.get('aluno')) ?? list[0];
  return (
    <div className="space-y-4">
      <PageHeader title="Frequência" subtitle="Faltas, frequência e justificativas" />
      {list.length > 1 && (
        <nav aria-label="Filhos" className="flex gap-2 overflow-x-auto pb-1">
          {list.map((child) => (
            <button
              key={child.id}
              type="button"
              aria-current={child.id === chosen?.id ? 'true' : undefined}
              onClick={() => update({ aluno: child.id, justificar: null })}
              className={`shrink-0 rounded-full border px-4 py-2 text-sm font-medium ${
                child.id === chosen?.id
                  ? 'border-primary bg-primary text-white'
                  : 'border-gray-300 bg-white text-gray-800'
              }`}
            >
              {child.nome.split(' ')[0]}
            </button>
          ))}
        </nav>
      )}
      {chosen ? (
        <ChildAttendance
          key={chosen.id}
          aluno={{ id: chosen.id, nome: chosen.nome }}
          justificar={params.get('justificar')}
          onJustified={() => update({ justificar: null }, { replace: true })}
        />
      ) : (
        <p className="text-sm text-gray-600">Nenhum aluno ligado à sua conta.</p>
      )}
    </div>
  );
}

/**
 * The child's class on the family's child page: its turno, the responsible teacher and the grade
 * curricular — each subject with its teacher and its days. The school keeps no timetable (hours) in the
 * system, so none is shown: the days come from the grade, the hours from the turno.
 */
import { turnoNaFrase } from '../../../shared/classes.schemas';
import { diasSemanaLabels } from '../../../shared/curriculum.schemas';
import { formatCount } from '../../../shared/format';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useClassCurriculum } from '../../domain/class-curriculum';
import { useChildClass } from './familia.api';

const days = (list: number[]) => list.map((day) => diasSemanaLabels[day] ?? '').join(', ');

export function ChildClassCard({ turmaId }: { turmaId: string }) {
  const turma = useChildClass(turmaId);
  const grade = useClassCurriculum(turmaId);
  if (turma.isPending) return <Spinner label="Carregando a turma..." />;
  if (turma.isError) return <ErrorBanner>Não foi possível carregar a turma.</ErrorBanner>;
  const { data } = turma;
  const subjects = grade.data?.disciplinas ?? [];
  return (
    <section aria-labelledby="turma-titulo" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="turma-titulo" className="font-semibold text-gray-900">
        Turma {data.nome}
      </h2>
      <p className="text-sm text-gray-700">
        {data.serie} · {turnoNaFrase[data.turno]} · ano letivo {data.ano_letivo}
      </p>
      <dl className="mt-3 text-sm">
        <dt className="text-gray-600">Responsável pela turma</dt>
        <dd className="font-medium text-gray-900">
          {data.professor_responsavel?.nome ?? 'A escola ainda vai informar'}
        </dd>
      </dl>
      {grade.isPending ? (
        <Spinner label="Carregando as disciplinas..." />
      ) : subjects.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-gray-900">
            Disciplinas e professores ({formatCount(subjects.length, 'disciplina', 'disciplinas')})
          </h3>
          <ul className="mt-1 divide-y divide-gray-100 text-sm" aria-label="Disciplinas e professores">
            {subjects.map((subject) => (
              <li key={subject.disciplina} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span>
                  <span className="block font-medium text-gray-900">{subject.disciplina}</span>
                  <span className="text-gray-600">{subject.professor?.nome ?? 'Professor a definir'}</span>
                </span>
                <span className="text-gray-600">
                  {subject.dias_semana.length > 0
                    ? days(subject.dias_semana)
                    : formatCount(subject.aulas_semanais, 'aula por semana', 'aulas por semana')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

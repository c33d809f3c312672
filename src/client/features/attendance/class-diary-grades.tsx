import { BookOpenCheck } from 'lucide-react';
import { SEM_AVALIACOES, type DiaryGrades, type DiarySubjectGrades } from '../../../shared/diario.schemas';
import { formatDate } from '../../../shared/format';
import { EmptyState } from '../../components/feedback';
import { StudentGrid, StudentRowHeader } from './student-grid';

const weightText = (peso: number) => `peso ${String(peso).replace('.', ',')}`;

/**
 * The diary's 'Notas' (ADR 0081): per subject, students × the avaliações of the range, each grade as the
 * grade grid shows it and, over a whole period, the period's média. Educação Infantil has none.
 */
export function DiaryGradesSection({ notas }: { notas: DiaryGrades }) {
  if (notas.avaliacao === 'parecer') return null;
  return (
    <section aria-labelledby="diario-notas" className="mt-6">
      <h3 id="diario-notas" className="text-base font-semibold text-gray-900">
        Notas
      </h3>
      {notas.disciplinas.length === 0 ? (
        <EmptyState
          icon={BookOpenCheck}
          title={SEM_AVALIACOES}
          hint="As avaliações aparecem aqui quando o professor as cria em Notas."
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            Em branco: nota não lançada; –: fora da turma na data da avaliação.{' '}
            {notas.com_media
              ? 'Média do período pela regra da escola (média ponderada e recuperação).'
              : 'A média é a do período: escolha um período para vê-la.'}
          </p>
          {notas.disciplinas.map((subject) => (
            <SubjectGrades key={subject.disciplina} subject={subject} withAverage={notas.com_media} />
          ))}
        </>
      )}
    </section>
  );
}

function SubjectGrades({ subject, withAverage }: { subject: DiarySubjectGrades; withAverage: boolean }) {
  return (
    <div className="mt-3">
      <h4 className="mb-1 text-sm font-medium text-gray-900">
        {subject.disciplina}
        {subject.professor_nome && (
          <span className="font-normal text-gray-600"> · {subject.professor_nome}</span>
        )}
      </h4>
      <StudentGrid
        caption={`Notas de ${subject.disciplina}`}
        head={
          <>
            {subject.avaliacoes.map((avaliacao) => (
              <th key={avaliacao.id} scope="col" className="px-2 py-2 text-center font-medium text-gray-700">
                <span className="block whitespace-nowrap">{avaliacao.nome}</span>
                <span className="block text-xs font-normal whitespace-nowrap text-gray-600">
                  {formatDate(avaliacao.data).slice(0, 5)} ·{' '}
                  {avaliacao.tipo === 'recuperacao' ? 'recuperação' : weightText(avaliacao.peso)}
                </span>
              </th>
            ))}
            {withAverage && (
              <th scope="col" className="px-3 py-2 text-center font-medium text-gray-700">
                Média
              </th>
            )}
          </>
        }
      >
        {subject.alunos.map((aluno) => (
          <tr key={aluno.id}>
            <StudentRowHeader nome={aluno.nome} />
            {aluno.notas.map((nota, index) => (
              <td key={subject.avaliacoes[index]?.id ?? index} className="px-2 text-center">
                {nota.na_turma ? (
                  (nota.texto ?? <span className="sr-only">não lançada</span>)
                ) : (
                  <span title="Fora da turma na data da avaliação">
                    –<span className="sr-only"> fora da turma na data</span>
                  </span>
                )}
              </td>
            ))}
            {withAverage && (
              <td className="px-3 text-center font-semibold text-gray-900">{aluno.media_texto ?? ''}</td>
            )}
          </tr>
        ))}
      </StudentGrid>
    </div>
  );
}

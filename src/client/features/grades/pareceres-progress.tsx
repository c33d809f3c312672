import { Link } from 'react-router';
import type { PareceresProgressLine } from '../../../shared/grades-progress.schemas';
import { formatCount } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { Badge } from '../../components/feedback';

/**
 * The year's Educação Infantil classes in 'Lançamento de notas': no grades, a parecer descritivo per child
 * in the period — how many children of each class have none yet, each class opening its pareceres.
 */
export function PareceresProgress({
  periodoId,
  linhas,
}: {
  periodoId: string;
  linhas: readonly PareceresProgressLine[];
}) {
  if (linhas.length === 0) return null;
  const missing = linhas.reduce((sum, line) => sum + line.sem_parecer, 0);
  return (
    <div className="mt-4 border-t border-gray-200 pt-3">
      <h3 className="text-sm font-semibold text-gray-900">Pareceres da Educação Infantil</h3>
      <p className="text-sm text-gray-600">
        {missing === 0
          ? 'Todas as crianças das turmas de Educação Infantil têm parecer neste período.'
          : `${formatCount(missing, 'criança sem parecer', 'crianças sem parecer')} neste período.`}
      </p>
      <ul aria-label="Pareceres por turma" className="mt-2 divide-y divide-gray-100">
        {linhas.map((line) => (
          <li key={line.turma_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <span className="font-medium text-gray-900">{line.turma_nome}</span>
            <span className="text-gray-600">{line.professor ?? 'Sem professor responsável'}</span>
            {line.sem_parecer === 0 ? (
              <Badge tone="green">Em dia</Badge>
            ) : (
              <Badge tone="yellow">
                {line.sem_parecer} de {formatCount(line.criancas, 'criança', 'crianças')} sem parecer
              </Badge>
            )}
            <Link
              to={`${paths.pareceres}?turma=${line.turma_id}&periodo=${periodoId}`}
              className="ml-auto inline-flex min-h-11 items-center font-medium text-primary-strong underline"
            >
              Abrir os pareceres de {line.turma_nome}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The teacher's classes on the home: this year's cards, and next year's apart, under their year. */
import { Link } from 'react-router';
import { FREQUENCIA_MINIMA } from '../../../shared/attendance.schemas';
import { turnoLabels } from '../../../shared/classes.schemas';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas';
import { formatPercent } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { CARD_LINK, CARD_WITH_LINK } from '../../components/data-table-cards';
import { Panel } from './dashboard-panel';

const classLink = (path: string, turmaId: string, aba?: string) =>
  `${path}?${new URLSearchParams({ ...(aba ? { aba } : {}), turma: turmaId }).toString()}`;

/**
 * One of my classes: a tap anywhere on the card opens its roll (today's), and its grades and diary are a
 * tap away — the card is not text with three small links under the list.
 */
export function ClassCard({ turma }: { turma: DashboardProfessor['turmas'][number] }) {
  const low =
    turma.frequencia !== null &&
    turma.frequencia_minima !== null &&
    turma.frequencia < (turma.frequencia_minima ?? FREQUENCIA_MINIMA);
  const secondary =
    'relative inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-primary-strong underline hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary';
  return (
    <li className={`${CARD_WITH_LINK} rounded-lg border border-gray-200 p-3 text-sm`}>
      <Link
        to={classLink(paths.attendance, turma.id)}
        {...CARD_LINK}
        className="font-semibold text-gray-900"
        aria-label={`${turma.nome}: fazer chamada`}
      >
        {turma.nome}
      </Link>
      <ClassFacts turma={turma} />
      <p className={low ? 'text-red-700' : 'text-gray-700'}>Frequência: {formatPercent(turma.frequencia)}</p>
      <p className="-mx-2 mt-1 flex flex-wrap gap-1">
        {turma.pareceres ? (
          <Link
            to={classLink(paths.pareceres, turma.id)}
            className={secondary}
            aria-label={`Pareceres de ${turma.nome}`}
          >
            Pareceres
          </Link>
        ) : (
          <Link
            to={classLink(paths.grades, turma.id)}
            className={secondary}
            aria-label={`Notas de ${turma.nome}`}
          >
            Notas
          </Link>
        )}
        <Link
          to={classLink(paths.attendance, turma.id, 'diario')}
          className={secondary}
          aria-label={`Diário de ${turma.nome}`}
        >
          Diário
        </Link>
      </p>
    </li>
  );
}

type NextYear = NonNullable<DashboardProfessor['proximo_ano']>;

/** What a class is and how full: this year's card and next year's say it alike. */
function ClassFacts({ turma }: { turma: NextYear['turmas'][number] }) {
  return (
    <>
      <p className="text-gray-600">
        {turma.serie} · {turnoLabels[turma.turno]}
      </p>
      <p className="text-gray-600">
        {turma.alunos_count}/{turma.capacidade_maxima} alunos
      </p>
    </>
  );
}

/**
 * Never mixed with this year's "Minhas turmas": no roll nor grade is due in them yet, so a card says what
 * the class is and how full, and no more.
 */
export function NextYearClasses({ proximo }: { proximo: NextYear }) {
  return (
    <Panel title={`Próximo ano letivo (${String(proximo.ano)})`}>
      <p className="mb-3 text-sm text-gray-600">
        Turmas suas já abertas para {proximo.ano}: chamadas, notas e pareceres começam com o ano letivo.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {proximo.turmas.map((turma) => (
          <li key={turma.id} className="rounded-lg border border-dashed border-gray-300 p-3 text-sm">
            <p className="font-semibold text-gray-900">{turma.nome}</p>
            <ClassFacts turma={turma} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

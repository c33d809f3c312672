/** The teacher's dashboard: today's rolls, their classes, assessments without grades and periods closing. */
import { Link } from 'react-router';
import { AlertTriangle, CalendarOff, CheckCircle2, ClipboardCheck, School, Users } from 'lucide-react';
import { dayOffReason } from '../../../shared/attendance.schemas';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas';
import { formatCount, formatDate } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { teacherAccessNotice } from '../../../shared/teachers.schemas';
import { StatCard } from '../../components/feedback';
import { Panel } from './dashboard-panel';
import { ClassCard, NextYearClasses } from './dashboard-teacher-classes';
import { InstallAppCard } from '../../components/install-app-card';
import { useNextYearStart } from '../../domain/school-years';

/** Where a pending roll opens: the roll screen on that class (and lesson), today. */
function rollLink(roll: DashboardProfessor['chamadas_hoje']['pendentes'][number]): string {
  const params = new URLSearchParams({ turma: roll.turma_id });
  if (roll.disciplina) {
    params.set('disciplina', roll.disciplina);
    params.set('aula', String(roll.aula));
  }
  return `${paths.attendance}?${params.toString()}`;
}

/**
 * The first thing a teacher sees: today's rolls still to take, each a link to it — the roll list's
 * answer for today, so the two agree. On a day without lessons it says so, and nothing is pending.
 */
function TodayRolls({ hoje }: { hoje: DashboardProfessor['chamadas_hoje'] }) {
  const heading = 'chamadas-hoje';
  const [last, link] = [hoje.ultimo_dia_letivo, 'font-medium text-primary-strong underline'];
  // Between two years the home said only 'Hoje não há aula (domingo)'; the roll screen says when they start.
  const starts = useNextYearStart(hoje.data);
  if (!hoje.dia.letivo)
    return (
      <section
        aria-labelledby={heading}
        className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4"
        data-testid="chamadas-hoje"
      >
        <CalendarOff className="mt-0.5 h-5 w-5 shrink-0 text-gray-500" aria-hidden="true" />
        <div>
          <h2 id={heading} className="font-semibold text-gray-900">
            Hoje não há aula ({dayOffReason(hoje.dia)})
          </h2>
          <p className="text-sm text-gray-600">
            {starts && <span className="block font-medium text-gray-800">{starts}.</span>}
            {formatDate(hoje.data)} não é dia letivo: nenhuma chamada a fazer.{' '}
            <Link to={last ? `${paths.attendance}?data=${last}` : paths.attendance} className={link}>
              {last
                ? `Chamadas do último dia letivo (${formatDate(last).slice(0, 5)})`
                : 'Chamada de outro dia'}
            </Link>
          </p>
        </div>
      </section>
    );
  const count = hoje.pendentes.length;
  if (count === 0)
    return (
      <section
        aria-labelledby={heading}
        className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4"
        data-testid="chamadas-hoje"
      >
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <h2 id={heading} className="font-semibold text-gray-900">
            Chamadas de hoje: nenhuma pendente
          </h2>
          <p className="text-sm text-gray-700">
            {hoje.feitas > 0
              ? `${formatCount(hoje.feitas, 'chamada feita', 'chamadas feitas')} hoje.`
              : 'Suas turmas não têm aula sua hoje pela grade curricular.'}{' '}
            <Link to={paths.attendance} className="font-medium text-primary-strong underline">
              Ver chamadas
            </Link>
          </p>
        </div>
      </section>
    );
  return (
    <section
      aria-labelledby={heading}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="chamadas-hoje"
    >
      <h2 id={heading} className="flex items-center gap-2 font-semibold text-gray-900">
        <ClipboardCheck className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        Chamadas de hoje: {formatCount(count, 'pendente', 'pendentes')}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {hoje.pendentes.map((roll) => (
          <li key={`${roll.turma_id}:${roll.disciplina ?? ''}:${String(roll.aula)}`}>
            <Link
              to={rollLink(roll)}
              className="flex min-h-11 flex-col justify-center rounded-lg border border-amber-200 bg-white px-3 py-2 text-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span className="font-semibold text-gray-900">{roll.turma_nome}</span>
              <span className="text-primary-strong underline">Fazer chamada: {roll.nome}</span>
            </Link>
          </li>
        ))}
      </ul>
      {hoje.feitas > 0 && (
        <p className="mt-2 text-sm text-gray-700">
          {formatCount(hoje.feitas, 'chamada feita', 'chamadas feitas')} hoje.
        </p>
      )}
    </section>
  );
}

const panelLink = 'inline-flex min-h-11 items-center text-sm font-medium text-primary-strong underline';

export function TeacherHome({ stats }: { stats: DashboardProfessor }) {
  return (
    <div className="space-y-6">
      {stats.acesso_suspenso && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {teacherAccessNotice(stats.acesso_suspenso, 'professor')}
        </p>
      )}
      <TodayRolls hoje={stats.chamadas_hoje} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <StatCard label="Minhas turmas" value={stats.total_turmas} icon={School} tone="green" />
        <StatCard label="Meus alunos" value={stats.total_alunos} icon={Users} tone="blue" />
      </div>
      <Panel title="Minhas turmas">
        {stats.turmas.length === 0 ? (
          <p className="text-sm text-gray-500">
            {stats.acesso_suspenso
              ? `Nenhuma turma enquanto o seu cadastro estiver como ${stats.acesso_suspenso}.`
              : stats.proximo_ano
                ? `Nenhuma turma sua em ${String(stats.ano_letivo)}.`
                : 'Você ainda não é responsável por nenhuma turma.'}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {stats.turmas.map((turma) => (
              <ClassCard key={turma.id} turma={turma} />
            ))}
          </ul>
        )}
        <div className="mt-2 flex flex-wrap gap-x-4">
          <Link to={paths.attendance} className={panelLink}>
            Fazer chamada
          </Link>
          <Link to={paths.grades} className={panelLink}>
            Lançar notas
          </Link>
          <Link to={paths.classes} className={panelLink}>
            Ver turmas
          </Link>
        </div>
      </Panel>
      {stats.proximo_ano && <NextYearClasses proximo={stats.proximo_ano} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Avaliações sem notas">
          {stats.avaliacoes_pendentes.length === 0 ? (
            <p className="text-sm text-gray-500">Nenhuma avaliação esperando notas.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {stats.avaliacoes_pendentes.map((item) => (
                <li key={item.id} className="py-2 text-sm">
                  <Link
                    to={`${paths.grades}?${new URLSearchParams({ turma: item.turma_id, disciplina: item.disciplina, periodo: item.periodo_id }).toString()}`}
                    className="font-medium text-primary-strong underline"
                  >
                    {item.nome} — {item.disciplina}, {item.turma_nome}
                  </Link>
                  <p className="text-gray-600">
                    {formatDate(item.data)} ·{' '}
                    {item.faltam === 1 ? 'falta 1 nota' : `faltam ${String(item.faltam)} notas`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Períodos fechando em até 7 dias">
          {stats.periodos_fechando.length === 0 ? (
            <p className="text-sm text-gray-500">Nenhum período das suas turmas fecha nos próximos 7 dias.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {stats.periodos_fechando.map((item) => (
                <li key={`${item.turma_id}:${item.periodo_id}`} className="py-2 text-sm text-gray-900">
                  {item.turma_nome} — {item.periodo_nome} fecha em{' '}
                  <strong>{formatDate(item.data_fechamento)}</strong>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <InstallAppCard />
    </div>
  );
}

/** The school's dashboard (administration): figures, charts, each class's performance, recent activity and quick actions. */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  Activity,
  AlertTriangle,
  BarChart3,
  BookOpenCheck,
  CalendarDays,
  ClipboardCheck,
  DollarSign,
  GraduationCap,
  School,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { FREQUENCIA_MINIMA } from '../../../shared/attendance.schemas';
import { formatGradeNumber } from '../../../shared/averages';
import type { DashboardEscola } from '../../../shared/dashboard.schemas';
import { formatCentavos, formatCount, formatDateTime, formatPercent } from '../../../shared/format';
import { can, type Permission } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { EmptyState, Spinner, StatCard } from '../../components/feedback';
import { FirstStepsPanel } from './first-steps';
import { Panel } from './dashboard-panel';
import { PendenciasPanel } from './dashboard-pendencias';

const EnrolmentChart = lazy(async () => ({
  default: (await import('./dashboard-charts')).EnrolmentChart,
}));
const StatusPie = lazy(async () => ({ default: (await import('./dashboard-charts')).StatusPie }));

/** Per class: the average of the grades given so far and the attendance (the bar). */
function ClassPerformance({ turmas }: { turmas: DashboardEscola['performance_turmas'] }) {
  const shown = turmas.filter((turma) => turma.frequencia !== null || turma.media !== null);
  if (shown.length === 0)
    return (
      <EmptyState
        icon={BarChart3}
        title="Nenhuma chamada ou nota registrada ainda"
        hint="A média das notas e a frequência de cada turma aparecem aqui com as notas e as chamadas."
      />
    );
  return (
    <>
      <ul className="space-y-2" aria-label="Média e frequência por turma">
        {shown.map((turma) => {
          const value = turma.frequencia ?? 0;
          // Against the class's stage's minimum (the law's 75 % when the server does not say).
          const minimum = turma.frequencia_minima === undefined ? FREQUENCIA_MINIMA : turma.frequencia_minima;
          const low = turma.frequencia !== null && minimum !== null && value < minimum;
          return (
            <li key={turma.turma} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate text-gray-900">{turma.turma}</span>
                <span className="shrink-0 text-gray-700">
                  média{' '}
                  <strong className="text-gray-900">
                    {turma.media === null ? '—' : formatGradeNumber(turma.media)}
                  </strong>{' '}
                  ·{' '}
                  <span className={`font-medium ${low ? 'text-red-700' : 'text-gray-900'}`}>
                    {formatPercent(turma.frequencia)}
                  </span>
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div
                  className={`h-2 rounded-full ${low ? 'bg-red-500' : 'bg-green-500'}`}
                  style={{ width: `${String(value)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-gray-500">
        Média das notas lançadas e frequência (a barra) no ano letivo.
      </p>
    </>
  );
}

export function SchoolHome({
  stats,
  permissoes,
}: {
  stats: DashboardEscola;
  permissoes: readonly Permission[] | undefined;
}) {
  const showsPerformance = can(permissoes, 'academics.read');
  const showsActivity = can(permissoes, 'audit.read');
  const panels = 1 + Number(showsPerformance) + Number(showsActivity);
  const quickActions: { label: string; to: string; icon: LucideIcon; show: boolean }[] = [
    { label: 'Alunos', to: paths.students, icon: Users, show: can(permissoes, 'students.read') },
    { label: 'Turmas', to: paths.classes, icon: School, show: can(permissoes, 'classes.read') },
    {
      label: 'Frequência',
      to: paths.attendance,
      icon: ClipboardCheck,
      show: can(permissoes, 'academics.write'),
    },
    { label: 'Notas', to: paths.grades, icon: BookOpenCheck, show: can(permissoes, 'academics.write') },
    { label: 'Calendário', to: paths.calendar, icon: CalendarDays, show: can(permissoes, 'academics.read') },
    { label: 'Financeiro', to: paths.finance, icon: DollarSign, show: can(permissoes, 'finance.manage') },
    { label: 'Usuários', to: paths.users, icon: UserCog, show: can(permissoes, 'users.manage') },
  ];
  const hasEnrolments = stats.matriculas_por_mes.some((item) => item.total > 0);
  // The tuition and the enrolment fees are named apart (ADR 0099): 'a fee is not a mensalidade'.
  const pendentes = [
    stats.mensalidades_pendentes
      ? formatCount(stats.mensalidades_pendentes, 'mensalidade pendente', 'mensalidades pendentes')
      : null,
    stats.taxas_matricula_pendentes
      ? formatCount(
          stats.taxas_matricula_pendentes,
          'taxa de matrícula pendente',
          'taxas de matrícula pendentes',
        )
      : null,
  ].filter((text): text is string => text !== null);
  const hasStudents = stats.alunos_por_status.some((item) => item.total > 0);
  return (
    <div className="space-y-6">
      {can(permissoes, 'settings.manage') && <FirstStepsPanel />}
      {pendentes.length > 0 && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          <AlertTriangle className="h-5 w-5 shrink-0 text-yellow-600" aria-hidden="true" />
          <p>
            <strong>Atenção:</strong> {pendentes.join(' e ')}.{' '}
            <Link to={paths.finance} className="font-medium underline">
              Ver no Financeiro
            </Link>
          </p>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
        {/* The school year's active students and classes, named with the year: in December the next year's
            classes and pre-enrolled children are active too, and are not counted (the Alunos page's "Alunos
            Ativos" counts every active student; its "Total de Alunos" every status). */}
        <StatCard
          label={`Alunos Ativos em ${String(stats.ano_letivo)}`}
          value={stats.total_alunos}
          icon={Users}
          tone="blue"
        />
        <StatCard label="Professores" value={stats.total_professores} icon={GraduationCap} tone="purple" />
        <StatCard
          label={`Turmas Ativas em ${String(stats.ano_letivo)}`}
          value={stats.total_turmas}
          icon={School}
          tone="green"
        />
        {stats.receita_mes !== null && (
          // Two cards a row on a phone; the month's money (R$ 250.000,00 is wider than half a phone) last,
          // across the row. In its place from a laptop (lg) on.
          <div className="order-last col-span-2 grid lg:order-none lg:col-span-1">
            <StatCard
              label="Receita Mensal"
              value={formatCentavos(stats.receita_mes)}
              icon={DollarSign}
              tone="yellow"
            />
          </div>
        )}
        {/* The school's attendance is the academic profiles' figure: the Financeiro does not get a '—'. */}
        {showsPerformance && (
          <StatCard
            label="Frequência Média"
            value={formatPercent(stats.frequencia_media)}
            icon={ClipboardCheck}
            tone={
              stats.frequencia_media !== null && stats.frequencia_media < FREQUENCIA_MINIMA ? 'red' : 'green'
            }
          />
        )}
      </div>
      {(can(permissoes, 'academics.manage') || can(permissoes, 'matriculas.manage')) && <PendenciasPanel />}
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Both charts count the students of the school year, as 'Alunos Ativos em <ano>' does. */}
        <Panel title={`Matrículas dos alunos de ${String(stats.ano_letivo)} — últimos 6 meses`}>
          {hasEnrolments ? (
            <Suspense fallback={<Spinner />}>
              <EnrolmentChart series={stats.matriculas_por_mes} />
            </Suspense>
          ) : (
            <p className="py-10 text-center text-sm text-gray-500">Ainda não há matrículas registradas.</p>
          )}
        </Panel>
        <Panel title={`Alunos de ${String(stats.ano_letivo)} por status`}>
          {hasStudents ? (
            <Suspense fallback={<Spinner />}>
              <StatusPie data={stats.alunos_por_status} />
            </Suspense>
          ) : (
            <p className="py-10 text-center text-sm text-gray-500">Nenhum aluno cadastrado ainda.</p>
          )}
        </Panel>
      </div>
      {/* A panel whose figures the profile may not read is left out, not shown empty (ADR 0025). */}
      <div className={`grid gap-4 ${panels === 3 ? 'lg:grid-cols-3' : panels === 2 ? 'lg:grid-cols-2' : ''}`}>
        {showsPerformance && (
          <Panel title="Desempenho por turma">
            <ClassPerformance turmas={stats.performance_turmas} />
          </Panel>
        )}
        {showsActivity && (
          <Panel title="Atividades Recentes">
            {stats.atividades.length === 0 ? (
              <p className="text-sm text-gray-500">Nenhuma atividade registrada.</p>
            ) : (
              <ul className="space-y-3">
                {stats.atividades.map((item) => (
                  <li key={item.id} className="flex gap-2 text-sm">
                    <Activity className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                    <div>
                      <p className="text-gray-900">{item.descricao}</p>
                      <p className="text-xs text-gray-500">{formatDateTime(item.at)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        )}
        <Panel title="Ações Rápidas">
          <div className="grid grid-cols-2 gap-2">
            {quickActions
              .filter((item) => item.show)
              .map(({ label, to, icon: Icon }) => (
                <Link
                  key={to}
                  to={to}
                  className="flex flex-col items-center gap-1 rounded-lg border border-gray-200 p-3 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <Icon className="h-5 w-5 text-primary-strong" aria-hidden="true" />
                  {label}
                </Link>
              ))}
          </div>
        </Panel>
      </div>
    </div>
  );
}

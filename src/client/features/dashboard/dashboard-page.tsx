import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Activity,
  AlertTriangle,
  CalendarOff,
  CheckCircle2,
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
import { dayOffReason, FREQUENCIA_MINIMA } from '../../../shared/attendance.schemas';
import { formatGradeNumber } from '../../../shared/averages';
import type {
  DashboardEscola,
  DashboardProfessor,
  DashboardResponsavel,
} from '../../../shared/dashboard.schemas';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas';
import { absencesText } from '../../../shared/report-card.schemas';
import {
  formatCentavos,
  formatCount,
  formatDate,
  formatDateTime,
  formatPercent,
} from '../../../shared/format';
import { can, nivelLabels, type Nivel } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { teacherAccessNotice } from '../../../shared/teachers.schemas';
import { EmptyState, ErrorBanner, Spinner, StatCard } from '../../components/feedback';
import { useCurrentUser } from '../../lib/current-user';
import { useDashboardStats } from './dashboard.api';
import { FirstStepsPanel } from './first-steps';

const EnrolmentChart = lazy(async () => ({ default: (await import('./dashboard-charts')).EnrolmentChart }));
const StatusPie = lazy(async () => ({ default: (await import('./dashboard-charts')).StatusPie }));

function greeting(now: Date): string {
  const hour = Number(
    new Intl.DateTimeFormat('pt-BR', {
      hour: 'numeric',
      hour12: false,
      timeZone: 'America/Sao_Paulo',
    }).format(now),
  );
  if (hour < 5) return 'Boa noite';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-3 font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

const turnoLabels: Record<string, string> = { manha: 'Manhã', tarde: 'Tarde', noite: 'Noite' };

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
          const low = turma.frequencia !== null && value < FREQUENCIA_MINIMA;
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

function SchoolHome({ stats, nivel }: { stats: DashboardEscola; nivel: Nivel }) {
  const quickActions: { label: string; to: string; icon: LucideIcon; show: boolean }[] = [
    { label: 'Alunos', to: paths.students, icon: Users, show: can(nivel, 'students.read') },
    { label: 'Turmas', to: paths.classes, icon: School, show: can(nivel, 'classes.read') },
    { label: 'Frequência', to: paths.attendance, icon: ClipboardCheck, show: can(nivel, 'academics.write') },
    { label: 'Notas', to: paths.grades, icon: BookOpenCheck, show: can(nivel, 'academics.write') },
    { label: 'Calendário', to: paths.calendar, icon: CalendarDays, show: can(nivel, 'academics.read') },
    { label: 'Financeiro', to: paths.finance, icon: DollarSign, show: can(nivel, 'finance.manage') },
    { label: 'Usuários', to: paths.users, icon: UserCog, show: can(nivel, 'users.manage') },
  ];
  const hasEnrolments = stats.matriculas_por_mes.some((item) => item.total > 0);
  const hasStudents = stats.alunos_por_status.some((item) => item.total > 0);
  return (
    <div className="space-y-6">
      {can(nivel, 'settings.manage') && <FirstStepsPanel />}
      {stats.mensalidades_pendentes > 0 && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          <AlertTriangle className="h-5 w-5 shrink-0 text-yellow-600" aria-hidden="true" />
          <p>
            <strong>Atenção:</strong>{' '}
            {formatCount(stats.mensalidades_pendentes, 'mensalidade pendente', 'mensalidades pendentes')}.{' '}
            <Link to={paths.finance} className="font-medium underline">
              Ver no Financeiro
            </Link>
          </p>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Total de Alunos" value={stats.total_alunos} icon={Users} tone="blue" />
        <StatCard label="Professores" value={stats.total_professores} icon={GraduationCap} tone="purple" />
        <StatCard label="Turmas Ativas" value={stats.total_turmas} icon={School} tone="green" />
        <StatCard
          label="Receita Mensal"
          value={formatCentavos(stats.receita_mes)}
          icon={DollarSign}
          tone="yellow"
        />
        <StatCard
          label="Frequência Média"
          value={formatPercent(stats.frequencia_media)}
          icon={ClipboardCheck}
          tone={
            stats.frequencia_media !== null && stats.frequencia_media < FREQUENCIA_MINIMA ? 'red' : 'green'
          }
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Matrículas — últimos 6 meses">
          {hasEnrolments ? (
            <Suspense fallback={<Spinner />}>
              <EnrolmentChart series={stats.matriculas_por_mes} />
            </Suspense>
          ) : (
            <p className="py-10 text-center text-sm text-gray-500">Ainda não há matrículas registradas.</p>
          )}
        </Panel>
        <Panel title="Alunos por status">
          {hasStudents ? (
            <Suspense fallback={<Spinner />}>
              <StatusPie data={stats.alunos_por_status} />
            </Suspense>
          ) : (
            <p className="py-10 text-center text-sm text-gray-500">Nenhum aluno cadastrado ainda.</p>
          )}
        </Panel>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Performance por Turma">
          <ClassPerformance turmas={stats.performance_turmas} />
        </Panel>
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
            {formatDate(hoje.data)} não é dia letivo: nenhuma chamada a fazer.{' '}
            <Link to={paths.attendance} className="font-medium text-primary-strong underline">
              Chamada de outro dia
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

function TeacherHome({ stats }: { stats: DashboardProfessor }) {
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
              : 'Você ainda não é responsável por nenhuma turma.'}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {stats.turmas.map((turma) => (
              <li key={turma.id} className="rounded-lg border border-gray-200 p-3 text-sm">
                <p className="font-semibold text-gray-900">{turma.nome}</p>
                <p className="text-gray-600">
                  {turma.serie} · {turnoLabels[turma.turno] ?? turma.turno}
                </p>
                <p className="text-gray-600">
                  {turma.alunos_count}/{turma.capacidade_maxima} alunos
                </p>
                <p
                  className={
                    turma.frequencia !== null && turma.frequencia < FREQUENCIA_MINIMA
                      ? 'text-red-700'
                      : 'text-gray-700'
                  }
                >
                  Frequência: {formatPercent(turma.frequencia)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-4">
          <Link to={paths.attendance} className="text-sm font-medium text-primary-strong underline">
            Fazer chamada
          </Link>
          <Link to={paths.grades} className="text-sm font-medium text-primary-strong underline">
            Lançar notas
          </Link>
          <Link to={paths.classes} className="text-sm font-medium text-primary-strong underline">
            Ver turmas
          </Link>
        </div>
      </Panel>
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
    </div>
  );
}

type Child = DashboardResponsavel['filhos'][number];

/**
 * What a child's attendance means, beside the figure: the rule is the % of the lessons given so far
 * (one absence on the first day is 0,0 %, and below 75 %), so the note puts it against the year — how
 * many absences the year's lessons allow and how many are left. Amber while the year can still end
 * at 75 % or more; red when the year's limit is reached or passed. Null: nothing to say.
 */
export function attendanceNote(filho: Child): { tone: 'amber' | 'red'; text: string } | null {
  const { faltas, previstas_ano: previstas, limite_faltas_ano: limite } = filho;
  const unit = filho.por_dia ? 'dias letivos' : 'aulas';
  const expected =
    previstas === null ? '' : `${String(previstas)} ${unit} ${filho.por_dia ? 'previstos' : 'previstas'}`;
  const absences = (count: number) => `${String(count)} ${count === 1 ? 'falta' : 'faltas'}`;
  if (filho.abaixo_minimo) {
    if (limite === null || previstas === null)
      return { tone: 'amber', text: `Abaixo de ${String(FREQUENCIA_MINIMA)} % das ${unit} dadas até agora.` };
    if (faltas < limite)
      return {
        tone: 'amber',
        text: `Abaixo de ${String(FREQUENCIA_MINIMA)} % até agora. No ano (${expected}), até ${absences(limite)} mantêm os ${String(FREQUENCIA_MINIMA)} %: ainda ${limite - faltas === 1 ? 'cabe 1' : `cabem ${String(limite - faltas)}`}.`,
      };
    if (faltas === limite)
      return {
        tone: 'red',
        text: `Abaixo de ${String(FREQUENCIA_MINIMA)} % até agora, e o limite do ano (${absences(limite)} em ${expected}) já foi atingido: nenhuma falta a mais.`,
      };
    return {
      tone: 'red',
      text: `Abaixo de ${String(FREQUENCIA_MINIMA)} %: ${absences(faltas)} passam do limite do ano (${String(limite)} em ${expected}). Fale com a escola.`,
    };
  }
  // Above the line but close to the year's limit (a fifth of it or less left): said before it is too late.
  if (limite === null || previstas === null || faltas === 0) return null;
  const left = limite - faltas;
  if (left > Math.max(1, Math.floor(limite / 5))) return null;
  return {
    tone: left <= 0 ? 'red' : 'amber',
    text:
      left <= 0
        ? `Chegou ao limite de faltas do ano (${String(limite)} em ${expected}): nenhuma falta a mais.`
        : `${left === 1 ? 'Resta 1 falta' : `Restam ${String(left)} faltas`} até o limite do ano (${String(limite)} em ${expected}).`,
  };
}

function GuardianHome({ stats }: { stats: DashboardResponsavel }) {
  return (
    <div className="space-y-6">
      <Panel title="Meus filhos">
        {stats.filhos.length === 0 ? (
          <p className="text-sm text-gray-500">Nenhum aluno vinculado à sua conta. Procure a secretaria.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {stats.filhos.map((filho) => (
              <li key={filho.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span>
                  <span className="block font-medium text-gray-900">{filho.nome}</span>
                  <span className="text-gray-600">{filho.turma_nome ?? 'Sem turma'}</span>
                  <Link
                    to={`${paths.students}?aluno=${filho.id}`}
                    className="mt-1 block font-medium text-primary-strong underline"
                    aria-label={`Boletim e faltas de ${filho.nome}`}
                  >
                    Boletim e faltas
                  </Link>
                </span>
                <ChildAttendance filho={filho} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <GuardianTuition stats={stats} />
    </div>
  );
}

/**
 * The family's tuition at a glance: what is overdue ('vencida', with what it costs today), then the next
 * one due — never an overdue one called 'próxima' — and 'em aberto' counting only what is owed now
 * (overdue or due this month), not the months generated ahead.
 */
function GuardianTuition({ stats }: { stats: DashboardResponsavel }) {
  const next = stats.proxima_mensalidade;
  const nothingYet = stats.mensalidades_em_aberto === 0 && !next;
  return (
    <Panel title="Mensalidades">
      <div className="space-y-2 text-sm" data-testid="familia-mensalidades-card">
        {stats.mensalidades_vencidas > 0 && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-900">
            <strong>
              {formatCount(stats.mensalidades_vencidas, 'mensalidade vencida', 'mensalidades vencidas')}
            </strong>{' '}
            · {formatCentavos(stats.valor_vencido)} hoje, com multa e juros.
          </p>
        )}
        {next && (
          <p className="text-gray-900">
            <span className="text-gray-600">Próxima:</span> {next.aluno_nome} ·{' '}
            {formatMesReferencia(next.mes_referencia)} · vence em {formatDate(next.data_vencimento)} ·{' '}
            <strong>{formatCentavos(next.valor_atualizado)}</strong>
          </p>
        )}
        <p className="text-gray-600">
          {nothingYet
            ? 'Nenhuma mensalidade a pagar.'
            : stats.mensalidades_em_aberto === 0
              ? 'Nada em aberto agora.'
              : `Em aberto agora: ${formatCount(stats.mensalidades_em_aberto, 'mensalidade', 'mensalidades')}.`}
        </p>
        {!nothingYet && (
          <Link to={paths.finance} className="inline-block font-medium text-primary-strong underline">
            {stats.mensalidades_em_aberto > 0 ? 'Ver mensalidades e pagar com PIX' : 'Ver mensalidades'}
          </Link>
        )}
      </div>
    </Panel>
  );
}

/** A child's frequency, how many absences in how many lessons (or days), and what it means for the year. */
function ChildAttendance({ filho }: { filho: Child }) {
  const note = attendanceNote(filho);
  const tone =
    note?.tone === 'red' ? 'text-red-700' : note?.tone === 'amber' ? 'text-amber-800' : 'text-gray-700';
  return (
    <span className={`w-full sm:w-auto sm:max-w-sm sm:text-right ${tone}`}>
      <span className={`block ${note ? 'font-semibold' : ''}`}>
        Frequência {formatPercent(filho.frequencia)}
      </span>
      <span className="block text-xs text-gray-600">
        {filho.aulas_dadas === 0 ? 'Nenhuma chamada ainda' : absencesText(filho)}
      </span>
      {note && <span className="mt-0.5 block text-xs">{note.text}</span>}
    </span>
  );
}

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const { data: stats, isLoading, isError } = useDashboardStats();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="saudacao">
        <h1 id="saudacao" className="text-2xl font-bold text-gray-900">
          {greeting(new Date())}, {user.nome}!
        </h1>
        <p className="mt-1 text-gray-600">
          Você está conectado como {nivelLabels[user.nivel].toLowerCase()}.
        </p>
      </section>
      {isLoading ? (
        <Spinner />
      ) : isError || !stats ? (
        <ErrorBanner>Erro ao carregar o painel.</ErrorBanner>
      ) : stats.escopo === 'escola' ? (
        <SchoolHome stats={stats} nivel={user.nivel} />
      ) : stats.escopo === 'professor' ? (
        <TeacherHome stats={stats} />
      ) : (
        <GuardianHome stats={stats} />
      )}
    </div>
  );
}

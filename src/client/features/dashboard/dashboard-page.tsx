import { Navigate } from 'react-router';
import { nivelLabels, permissionsOf } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useCurrentUser } from '../../lib/current-user';
import { useDashboardStats } from './dashboard.api';
import { SchoolHome } from './dashboard-school-home';
import { TeacherHome } from './dashboard-teacher-home';
import { FamilyDashboard } from './family-home';
export { attendanceNote } from './dashboard-guardian-home';

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

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const {
    data: stats,
    isLoading,
    isError,
  } = useDashboardStats(user !== undefined && user !== null && user.nivel !== 'aluno');
  if (!user) return null;
  // A student's account has no dashboard: its home is the Portal do Aluno (issue 31 §4, ADR 0029).
  if (user.nivel === 'aluno') return <Navigate to={paths.studentPortal} replace />;
  return (
    <div className="space-y-6">
      <section aria-labelledby="saudacao">
        <h1 id="saudacao" className="text-2xl font-bold text-gray-900">
          {greeting(new Date())}, {user.nome}!
        </h1>
        <p className="mt-1 text-gray-600">
          Você está conectado como{' '}
          {user.perfis && user.perfis.length > 0
            ? user.perfis.join(', ')
            : nivelLabels[user.nivel].toLowerCase()}
          .
        </p>
      </section>
      {isLoading ? (
        <Spinner />
      ) : isError || !stats ? (
        <ErrorBanner>Erro ao carregar o painel.</ErrorBanner>
      ) : stats.escopo === 'escola' ? (
        <SchoolHome stats={stats} permissoes={permissionsOf(user)} />
      ) : stats.escopo === 'professor' ? (
        <TeacherHome stats={stats} />
      ) : (
        // The family's home (issue 32 §1): the feed first, then each child's figures and the tuition.
        <FamilyDashboard stats={stats} />
      )}
    </div>
  );
}

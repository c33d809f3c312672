import { nivelLabels } from '../../../shared/permissions';
import { useCurrentUser } from '../auth/auth.api';

function greeting(now: Date): string {
  const hour = Number(
    new Intl.DateTimeFormat('pt-BR', {
      hour: 'numeric',
      hour12: false,
      timeZone: 'America/Sao_Paulo',
    }).format(now),
  );
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <section aria-labelledby="saudacao">
      <h1 id="saudacao" className="text-2xl font-bold text-gray-900">
        {greeting(new Date())}, {user.nome}!
      </h1>
      <p className="mt-1 text-gray-600">
        Você está conectado como {nivelLabels[user.nivel].toLowerCase()}. Use o menu para navegar pelo portal.
      </p>
    </section>
  );
}

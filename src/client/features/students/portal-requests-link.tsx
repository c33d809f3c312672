/** On the Alunos page, for the staff who manage students' accounts: the families' pending requests. */
import { useQuery } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import { ButtonLink } from '../../components/button';
import { disableRequestsQuery } from '../../domain/contas-aluno.api';

export function PortalRequestsLink() {
  const requests = useQuery(disableRequestsQuery());
  const count = requests.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <ButtonLink
      variant="secondary"
      to="/dashboard/alunos?pedidos=portal"
      aria-label={`Pedidos do Portal do Aluno: ${formatCount(count, 'pendente', 'pendentes')}`}
    >
      <UserX className="h-4 w-4" aria-hidden="true" /> Pedidos do Portal
      <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">{count}</span>
    </ButtonLink>
  );
}

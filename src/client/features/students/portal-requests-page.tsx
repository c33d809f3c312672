/**
 * 'Pedidos do Portal do Aluno' (issue 31 §4, ADR 0038): the guardians' requests to disable a student's
 * own account, for the staff who manage students' accounts (`students.write`). Disabling answers the
 * request (it leaves this list) and the family is told.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, UserX } from 'lucide-react';
import type { StudentAccount } from '../../../shared/contas-aluno.schemas';
import { formatCount, formatDateTime } from '../../../shared/format';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { disableRequestsQuery, useDisableRequested } from '../../domain/contas-aluno.api';

function RequestCard({ conta, onDisable }: { conta: StudentAccount; onDisable: () => void }) {
  const pedido = conta.pedido_desativacao!;
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm text-gray-700">
          <h2 className="text-base font-semibold text-gray-900">{conta.aluno_nome}</h2>
          <p className="break-all">{conta.email}</p>
          <p>
            Pedido por <strong>{pedido.por ?? 'responsável'}</strong> em {formatDateTime(pedido.em)}
          </p>
          {pedido.motivo && <p className="italic text-gray-600">“{pedido.motivo}”</p>}
          <p className="text-gray-600">Consentimento da conta: {conta.consentimento.responsavel_nome}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ButtonLink variant="secondary" to={`/dashboard/alunos?aluno=${conta.aluno_id}`}>
            Abrir ficha
          </ButtonLink>
          <Button variant="danger" onClick={onDisable}>
            Desativar acesso
          </Button>
        </div>
      </div>
    </li>
  );
}

export function PortalRequestsPage() {
  const requests = useQuery(disableRequestsQuery());
  const disable = useDisableRequested();
  const [confirming, setConfirming] = useState<StudentAccount | null>(null);
  const count = requests.data?.length ?? 0;
  return (
    <div>
      <PageHeader
        title="Pedidos do Portal do Aluno"
        subtitle={
          requests.data
            ? count === 0
              ? 'Nenhum pedido de desativação pendente'
              : `${formatCount(count, 'pedido pendente', 'pedidos pendentes')} de desativação`
            : 'Pedidos das famílias para desativar o acesso do aluno'
        }
        actions={
          <ButtonLink variant="secondary" to="/dashboard/alunos">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Alunos
          </ButtonLink>
        }
      />
      {requests.isPending ? (
        <Spinner label="Carregando pedidos..." />
      ) : requests.isError ? (
        <ErrorBanner>Não foi possível carregar os pedidos.</ErrorBanner>
      ) : count === 0 ? (
        <EmptyState
          icon={UserX}
          title="Nenhum pedido pendente"
          hint="Quando um responsável pedir para desativar o acesso do aluno, o pedido aparece aqui."
        />
      ) : (
        <ul className="space-y-3" aria-label="Pedidos de desativação">
          {requests.data.map((conta) => (
            <RequestCard key={conta.aluno_id} conta={conta} onDisable={() => setConfirming(conta)} />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmAction
          title={`Desativar acesso: ${confirming.aluno_nome}`}
          message="O aluno deixa de entrar no Portal do Aluno e as sessões abertas terminam. A conta e o histórico ficam guardados, o pedido é encerrado e a família é avisada."
          confirmLabel="Desativar acesso"
          action={() => disable.mutateAsync(confirming.aluno_id)}
          success="Acesso desativado; a família foi avisada."
          failure="Erro ao desativar o acesso"
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

/**
 * The guardian's view of their children's own portal accounts (issue 31 §4, ADR 0029): that the account
 * exists, and a request to the school to disable it (the staff see it on the student's record).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { StudentAccount } from '../../../shared/contas-aluno.schemas';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { familyAccountsQuery, useRequestDisable } from '../../domain/contas-aluno.api';
import { ApiError } from '../../lib/api-client';
import { Panel } from './dashboard-panel';

function AccountRow({ conta }: { conta: StudentAccount }) {
  const request = useRequestDisable();
  const [asking, setAsking] = useState(false);
  const [motivo, setMotivo] = useState('');
  const fieldId = `motivo-${conta.aluno_id}`;
  return (
    <li className="py-2 text-sm">
      <span className="block font-medium text-gray-900">{conta.aluno_nome}</span>
      <span className="block text-gray-600">
        {conta.email} · {conta.status === 'ativo' ? 'acesso ativo' : 'acesso desativado'} · criado em{' '}
        {formatDate(conta.criada_em)} com o consentimento de {conta.consentimento.responsavel_nome}
      </span>
      {conta.pedido_desativacao ? (
        <span className="mt-1 block text-amber-800" role="status">
          Pedido de desativação enviado em {formatDate(conta.pedido_desativacao.em)}: a escola vai atender.
        </span>
      ) : conta.status === 'ativo' && !asking ? (
        <Button variant="secondary" className="mt-2" onClick={() => setAsking(true)}>
          Pedir à escola para desativar
        </Button>
      ) : conta.status === 'ativo' ? (
        <form
          className="mt-2 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate(
              { alunoId: conta.aluno_id, motivo: motivo.trim() },
              {
                onSuccess: () => {
                  toast.success('Pedido enviado à escola.');
                  setAsking(false);
                },
                onError: (error) =>
                  toast.error(error instanceof ApiError ? error.message : 'Erro ao enviar o pedido'),
              },
            );
          }}
        >
          <label htmlFor={fieldId} className="block text-sm font-medium text-gray-700">
            Motivo (opcional)
          </label>
          <textarea
            id={fieldId}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
            rows={2}
            maxLength={500}
            value={motivo}
            onChange={(event) => setMotivo(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" loading={request.isPending}>
              Enviar pedido
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

/** The children's accounts; `alunoId`: only that child's (the child chosen on the home). */
export function GuardianStudentAccounts({ alunoId = null }: { alunoId?: string | null }) {
  const accounts = useQuery(familyAccountsQuery());
  const shown = (accounts.data ?? []).filter((conta) => alunoId === null || conta.aluno_id === alunoId);
  if (shown.length === 0) return null;
  return (
    <Panel title="Portal do Aluno">
      <ul className="divide-y divide-gray-100">
        {shown.map((conta) => (
          <AccountRow key={conta.aluno_id} conta={conta} />
        ))}
      </ul>
    </Panel>
  );
}

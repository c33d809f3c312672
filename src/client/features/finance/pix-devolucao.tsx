/**
 * 'Devolver pelo banco' (ADR 0092, docs/pix.md): the dialog that asks the school's bank to return a Pix
 * a conciliar to the payer, where a requested devolução stands, and asking the bank again.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { RefreshCw } from 'lucide-react';
import type { PixAConciliar } from '../../../shared/pix-recebidos.schemas';
import { formatCentavos, formatDateTime } from '../../../shared/format';
import { ActionModal, settleAction } from '../../components/action-modal';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { usePixAction } from './pix-recebidos.api';

/** A Pix a conciliar in one line: amount, when and who paid (the dialogs' description). */
export const describePix = (item: PixAConciliar) =>
  `${formatCentavos(item.valor)} · ${formatDateTime(item.horario)}${item.pagador_nome ? ` · ${item.pagador_nome}` : ''}`;

export function DevolverDialog({ item, onClose }: { item: PixAConciliar; onClose: () => void }) {
  const action = usePixAction();
  const [descricao, setDescricao] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const text = descricao.trim();
    action.mutate(
      { id: item.id, kind: 'devolver', body: text ? { descricao: text } : {} },
      settleAction('Devolução pedida ao banco.', onClose, setError),
    );
  };
  return (
    <ActionModal
      onClose={onClose}
      busy={action.isPending}
      error={error}
      title="Devolver pelo banco"
      description={describePix(item)}
      actionLabel={`Devolver ${formatCentavos(item.valor)}`}
      onAction={confirm}
    >
      <p className="text-gray-700">
        O banco da escola devolve {formatCentavos(item.valor)} a{' '}
        {item.pagador_nome ? <strong>{item.pagador_nome}</strong> : 'quem pagou'}, na mesma conta de origem.
        Depois de pedida, a devolução não pode ser cancelada.
      </p>
      <InputField
        label="Mensagem ao pagador (opcional)"
        value={descricao}
        maxLength={140}
        onChange={(e) => setDescricao(e.target.value)}
        hint="Aparece no extrato de quem pagou. Até 140 caracteres."
      />
    </ActionModal>
  );
}

/** Where the devolução the school asked its bank for stands (ADR 0092). */
export function DevolucaoStatus({ devolucao }: { devolucao: NonNullable<PixAConciliar['devolucao']> }) {
  const quando = formatDateTime(devolucao.solicitada_em);
  if (devolucao.status === 'NAO_REALIZADO')
    return (
      <p className="text-red-700">
        O banco não realizou a devolução pedida em {quando}: {devolucao.motivo}
      </p>
    );
  return (
    <p className="text-gray-700">
      Devolução pedida ao banco em {quando}. O Pix sai da lista quando o banco confirmar; para saber agora,
      toque em “Consultar o banco”.
    </p>
  );
}

/**
 * Asks the bank where a requested devolução stands (sent again, with its id, if the bank never received
 * it); never a new devolução. The list is refreshed with the bank's answer.
 */
export function AskBankButton({ item }: { item: PixAConciliar }) {
  const action = usePixAction();
  const ask = () =>
    action.mutate(
      { id: item.id, kind: 'consultar-devolucao', body: {} },
      {
        onSuccess: (result) => toast.success(result.message ?? 'Consulta feita.'),
        onError: (failure) => toast.error(failure.message),
      },
    );
  return (
    <Button variant="secondary" className="min-h-9 px-3" loading={action.isPending} onClick={ask}>
      <RefreshCw className="h-4 w-4" aria-hidden="true" /> Consultar o banco
    </Button>
  );
}

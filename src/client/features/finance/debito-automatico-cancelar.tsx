/** 'Cancelar débito automático', with a confirmation: the family (their child) or the school. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCancelarDebito } from './debito-automatico.api';

export function CancelarDebito({
  aluno,
  pedido,
  escola,
}: {
  aluno: { id: string; nome: string };
  /** Still waiting for the authorisation: the request is withdrawn. */
  pedido: boolean;
  /** The secretaria cancels for the family: whose account it debits ('da conta de Ana Souza'). */
  escola?: { daConta: string };
}) {
  const [confirmando, setConfirmando] = useState(false);
  const cancelar = useCancelarDebito(aluno.id);
  const label = pedido ? 'Cancelar pedido de débito automático' : 'Cancelar débito automático';
  const message = pedido
    ? `O pedido de débito automático de ${aluno.nome} é retirado no banco. Você pode pedir de novo quando quiser.`
    : `As próximas mensalidades de ${aluno.nome} deixam de ser debitadas ${escola ? escola.daConta : 'da sua conta'}, e um débito já agendado é cancelado. ${escola ? 'A família' : 'Você'} paga pelo Pix de cada mensalidade.`;
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirmando(true)} className="w-full sm:w-auto">
        {label}
      </Button>
      <ConfirmDialog
        open={confirmando}
        title={`${label}?`}
        message={message}
        confirmLabel={label}
        cancelLabel="Manter"
        busy={cancelar.isPending}
        onCancel={() => setConfirmando(false)}
        onConfirm={() =>
          cancelar.mutate(undefined, {
            onSuccess: (result) => {
              toast.success(result.message ?? 'Débito automático cancelado.');
              setConfirmando(false);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </>
  );
}

import { useState } from 'react';
import {
  cancelarMensalidadeInputSchema,
  estornarPagamentoInputSchema,
  formaPagamentoLabels,
  type Mensalidade,
  type Pagamento,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ReasonModal } from '../../components/reason-modal';
import { useMensalidadeDetail, useReactivateMensalidade, useReversePayment } from './finance.api';
import { which } from './mensalidade-columns';

const describe = (pagamento: Pagamento) =>
  `${formatCentavos(pagamento.valor_pago)} em ${formaPagamentoLabels[pagamento.forma].toLowerCase()}, pago em ${formatDate(pagamento.data_pagamento)}`;

/**
 * A tuition's payments, one per line, and the estorno of one the school registered by mistake (the wrong
 * sibling or month, a cheque that bounced). The bank's confirmations are shown, not reversible here.
 */
export function PagamentosModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const detail = useMensalidadeDetail(mensalidade.id);
  const reverse = useReversePayment();
  const [estornando, setEstornando] = useState<Pagamento | null>(null);

  if (estornando)
    return (
      <ReasonModal
        title="Estornar pagamento"
        description={`${describe(estornando)}, na mensalidade de ${which(mensalidade)}. Ele sai do caixa e a mensalidade volta a ficar em aberto, com multa e juros desde o vencimento. A família é avisada.`}
        formId="estorno-form"
        submitLabel="Estornar pagamento"
        reasonLabel="Motivo do estorno"
        hint="Fica na auditoria. A família recebe só o aviso de que o pagamento foi estornado."
        schema={estornarPagamentoInputSchema}
        success="Pagamento estornado."
        action={(motivo) => reverse.mutateAsync({ id: mensalidade.id, pagamentoId: estornando.id, motivo })}
        onClose={() => setEstornando(null)}
      />
    );

  const pagamentos = detail.data?.pagamentos ?? [];
  return (
    <Modal
      open
      onClose={onClose}
      title="Pagamentos"
      description={which(mensalidade)}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {detail.isLoading ? (
        <Spinner />
      ) : detail.isError ? (
        <ErrorBanner>{detail.error.message}</ErrorBanner>
      ) : pagamentos.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum pagamento registrado nesta mensalidade.</p>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {pagamentos.map((pagamento) => (
              <li
                key={pagamento.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              >
                <div>
                  <p className="font-medium text-gray-900">
                    {formatCentavos(pagamento.valor_pago)} · {formaPagamentoLabels[pagamento.forma]}
                  </p>
                  <p className="text-gray-600">
                    Pago em {formatDate(pagamento.data_pagamento)}
                    {pagamento.multa + pagamento.juros > 0 &&
                      ` · multa e juros ${formatCentavos(pagamento.multa + pagamento.juros)}`}
                  </p>
                  {pagamento.pagador && <p className="text-gray-600">Pago por {pagamento.pagador.nome}</p>}
                  {pagamento.origem === 'banco' && (
                    <p className="text-xs text-gray-500">
                      Confirmado pelo banco: só o banco devolve este valor à família.
                    </p>
                  )}
                </div>
                {pagamento.origem === 'escola' && (
                  <Button
                    variant="secondary"
                    aria-label={`Estornar pagamento de ${describe(pagamento)}`}
                    onClick={() => setEstornando(pagamento)}
                  >
                    Estornar
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <p className="text-xs text-gray-500">
            Estorne um pagamento registrado por engano — no aluno ou no mês errado, ou um cheque devolvido — e
            registre-o de novo onde for o caso.
          </p>
        </div>
      )}
    </Modal>
  );
}

/** Brings back a tuition cancelled by mistake: open again, with the reason audited. */
export function ReativarModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const reactivate = useReactivateMensalidade();
  const motivo = mensalidade.motivo_cancelamento ? ` (${mensalidade.motivo_cancelamento})` : '';
  return (
    <ReasonModal
      title="Reativar mensalidade"
      description={`${which(mensalidade)}, cancelada${motivo}. Ao reativar, ela volta a ficar em aberto para a família, com multa e juros desde o vencimento.`}
      formId="reativar-form"
      submitLabel="Reativar mensalidade"
      reasonLabel="Motivo da reativação"
      hint="Fica na auditoria; a família não vê este texto."
      schema={cancelarMensalidadeInputSchema}
      success="Mensalidade reativada."
      action={(texto) => reactivate.mutateAsync({ id: mensalidade.id, motivo: texto })}
      onClose={onClose}
    />
  );
}

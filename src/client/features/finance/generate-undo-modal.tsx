/** Undoing a tuition generation ('Desfazer'): the batch's unpaid tuition cancelled with one reason. */
import { cancelarLoteInputSchema } from '../../../shared/mensalidades.schemas';
import { formatCount } from '../../../shared/format';
import { ReasonModal } from '../../components/reason-modal';
import { useCancelLote } from './finance.api';

/** 'Desfazer': the batch's unpaid tuition cancelled with one reason. */
export function UndoModal({
  loteId,
  criadas,
  onClose,
}: {
  loteId: string;
  criadas: number;
  onClose: () => void;
}) {
  const cancel = useCancelLote();
  return (
    <ReasonModal
      title="Desfazer geração"
      description={`${formatCount(criadas, 'mensalidade gerada agora será cancelada', 'mensalidades geradas agora serão canceladas')}; as que já tiverem pagamento registrado ficam como estão.`}
      formId="undo-batch-form"
      submitLabel="Desfazer geração"
      reasonLabel="Motivo"
      hint="Fica registrado na auditoria e em cada mensalidade cancelada."
      schema={cancelarLoteInputSchema}
      success="Geração desfeita."
      action={(motivo) => cancel.mutateAsync({ loteId, motivo })}
      onClose={onClose}
    />
  );
}

import { negociacaoInputSchema } from '../../../shared/lembretes.schemas';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { ReasonModal } from '../../components/reason-modal';
import { useNegociacao } from './lembretes.api';

/**
 * 'Em negociação' on a tuition (ADR 0043): marked with the reason while the school negotiates with the
 * family — no automatic reminder goes out — and cleared, with the reason, when it ends. Both audited.
 */
export function NegociacaoModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const negociacao = useNegociacao();
  const em = mensalidade.negociacao === null;
  const which = `${mensalidade.aluno_nome}, ${referenciaCobranca(mensalidade)}`;
  const kind = mensalidade.tipo === 'taxa_matricula' ? 'taxa de matrícula' : 'mensalidade';
  return (
    <ReasonModal
      title={em ? 'Marcar em negociação' : 'Encerrar negociação'}
      description={
        em
          ? `${which}: enquanto estiver em negociação, a família não recebe lembretes automáticos desta ${kind}.`
          : `${which}, em negociação: ${mensalidade.negociacao?.motivo ?? ''}. Ao encerrar, os lembretes automáticos voltam a valer.`
      }
      formId="negociacao-form"
      submitLabel={em ? 'Marcar em negociação' : 'Encerrar negociação'}
      reasonLabel={em ? 'O que foi combinado' : 'Motivo do encerramento'}
      hint="Fica na auditoria e na lista da escola; a família não vê este texto."
      schema={negociacaoInputSchema}
      success={
        em ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)} em negociação.` : 'Negociação encerrada.'
      }
      action={async (motivo) => negociacao.mutateAsync({ id: mensalidade.id, em, motivo })}
      onClose={onClose}
    />
  );
}

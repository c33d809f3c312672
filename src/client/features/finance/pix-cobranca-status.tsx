import { pixCobrancaStatusLabels, type PixCobrancaStatus } from '../../../shared/pix-cobranca.schemas';
import { formatDate } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/feedback';
import { useMensalidadeDetail } from './finance.api';

const tones: Record<PixCobrancaStatus, BadgeTone> = {
  pendente: 'yellow',
  ativa: 'green',
  erro: 'red',
  concluida: 'blue',
  removida: 'gray',
};

const hints: Record<PixCobrancaStatus, string> = {
  pendente: 'A cobrança será enviada ao banco em instantes.',
  ativa: 'A família paga pelo código da cobrança; o pagamento é confirmado sozinho.',
  erro: 'O banco não aceitou a cobrança. Nova tentativa automática em breve.',
  concluida: 'Paga pelo Pix da cobrança.',
  removida: 'Cobrança retirada do banco (mensalidade cancelada ou paga por outro meio).',
};

/**
 * The staff's view of a tuition's Pix charge (issue 33, ADR 0041): its state at the bank and, when it
 * failed, the bank's reason. Nothing while Pix automático is off.
 */
export function PixCobrancaStatus({ mensalidadeId }: { mensalidadeId: string }) {
  const detail = useMensalidadeDetail(mensalidadeId);
  const pix = detail.data?.pix;
  if (!pix) return null;
  return (
    <div
      className="space-y-1 rounded-lg border border-gray-200 bg-gray-50 p-3 text-left text-sm"
      data-testid="pix-cobranca"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-900">Cobrança Pix</span>
        {pix.expirou_em ? (
          <Badge tone="gray">Expirada no banco</Badge>
        ) : (
          <Badge tone={tones[pix.status]}>{pixCobrancaStatusLabels[pix.status]}</Badge>
        )}
      </p>
      <p className="text-gray-600">
        {pix.expirou_em
          ? `O banco aceitou a cobrança até ${formatDate(pix.expirou_em)}. Agora a família paga pelo código Pix fixo da escola, que não se confirma sozinho: confira o extrato e registre o pagamento.`
          : (pix.erro ?? hints[pix.status])}
      </p>
      <p className="font-mono text-xs break-all text-gray-500">txid {pix.txid}</p>
    </div>
  );
}

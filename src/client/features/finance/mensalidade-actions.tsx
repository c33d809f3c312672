import { BadgePercent, Barcode, FileText, Handshake, History, QrCode, RotateCcw, Wallet } from 'lucide-react';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { IconButton } from '../../components/button';
import { BoletoButton, isOpen, PixButton, ReceiptButton, which } from './mensalidade-columns';

/**
 * A tuition's buttons: pay and adjust for the school; PIX while open and the receipt once paid for all.
 * The school's row keeps compact icons; a family's row, on a phone as on a computer, names its two
 * actions in words ('Pagar com Pix', 'Recibo'): an icon alone is a guess for the one thing they came to do.
 */
export function MensalidadeActions({
  mensalidade,
  manage,
  onPay,
  onPix,
  onReceipt,
  onAdjust,
  onNegociacao,
  onBoleto,
  onPagamentos,
  onReativar,
}: {
  mensalidade: Mensalidade;
  manage: boolean;
  onPay: () => void;
  onPix: () => void;
  onReceipt: () => void;
  onAdjust: () => void;
  /** 'Em negociação': mark or clear (the school's; stops the automatic reminders). */
  onNegociacao?: () => void;
  /** The boleto (only when the school issues boletos). */
  onBoleto?: (() => void) | undefined;
  /** The payments, and the estorno of one the school registered (the school's). */
  onPagamentos?: () => void;
  /** A cancelled tuition brought back (the school's). */
  onReativar?: () => void;
}) {
  const open = isOpen(mensalidade);
  if (!manage)
    return (
      <>
        {open && <PixButton mensalidade={mensalidade} onClick={onPix} />}
        {open && onBoleto && <BoletoButton mensalidade={mensalidade} onClick={onBoleto} />}
        {mensalidade.valor_pago > 0 && <ReceiptButton mensalidade={mensalidade} onClick={onReceipt} />}
      </>
    );
  return (
    <>
      {open && (
        <IconButton label={`Registrar pagamento de ${mensalidade.aluno_nome}`} onClick={onPay}>
          <Wallet className="h-4 w-4 text-green-700" aria-hidden="true" />
        </IconButton>
      )}
      {open && (
        <IconButton label={`Pix de ${mensalidade.aluno_nome}`} onClick={onPix}>
          <QrCode className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {open && onBoleto && (
        <IconButton label={`Boleto de ${mensalidade.aluno_nome}`} onClick={onBoleto}>
          <Barcode className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {mensalidade.valor_pago > 0 && (
        <IconButton label={`Recibo de ${mensalidade.aluno_nome}`} onClick={onReceipt}>
          <FileText className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {mensalidade.valor_pago > 0 && onPagamentos && (
        <IconButton label={`Pagamentos: ${which(mensalidade)}`} onClick={onPagamentos}>
          <History className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {mensalidade.status === 'cancelado' && onReativar && (
        <IconButton label={`Reativar mensalidade: ${which(mensalidade)}`} onClick={onReativar}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {open && mensalidade.status !== 'em_confirmacao' && onNegociacao && (
        <IconButton
          label={`${mensalidade.negociacao ? 'Encerrar negociação' : 'Marcar em negociação'}: ${which(mensalidade)}`}
          onClick={onNegociacao}
        >
          <Handshake
            className={`h-4 w-4 ${mensalidade.negociacao ? 'text-purple-700' : ''}`}
            aria-hidden="true"
          />
        </IconButton>
      )}
      {open && (
        <IconButton label={`Cancelar ou dar desconto para ${mensalidade.aluno_nome}`} onClick={onAdjust}>
          <BadgePercent className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
    </>
  );
}

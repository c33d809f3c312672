import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { PontualidadeNote } from './pontualidade-note';
import { formatCentavos } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { useEncargosSentence, usePix } from './finance.api';
import { PixCobrancaStatus } from './pix-cobranca-status';
import { DebitoNaMensalidade } from './debito-automatico-mensalidade';
import { useSimulacaoUrl } from './banco-simulado';
import { PixAguardando, PixConfirmado, usePixConfirmation } from './pix-confirmacao';
import { copyText } from '../../lib/copy-text';

/**
 * Pix copia e cola and QR code for what is open today (amount with multa and juros when late): the
 * tuition's own charge (dynamic code) when Pix automático is on, the school's key otherwise. The staff
 * (`staff`) also see the charge's state at the bank. Open, it follows the tuition: when the bank's
 * notice pays it, the code gives way to 'Pagamento confirmado'.
 */
export function PixModal({
  mensalidade,
  onClose,
  staff = false,
}: {
  mensalidade: Mensalidade;
  onClose: () => void;
  staff?: boolean;
}) {
  const pix = usePix(mensalidade.id);
  // Watched only when the code confirms itself; the school's static key says the school confirms it.
  const confirmaSozinho = !!pix.data && (pix.data.dinamico || pix.data.confirmacao_automatica);
  const paga = usePixConfirmation(mensalidade.id, confirmaSozinho);
  const encargos = useEncargosSentence();
  const simulacaoUrl = useSimulacaoUrl(pix.data?.simulacao_url);
  // The enrolment fee is the family's first charge: named as a fee, not as a month's tuition.
  const oQue = mensalidade.tipo === 'taxa_matricula' ? 'taxa de matrícula' : 'mensalidade';

  const handleCopy = async () => {
    if (!pix.data) return;
    try {
      await copyText(pix.data.copia_e_cola);
      toast.success('Código Pix copiado!');
    } catch {
      toast.error('Não foi possível copiar. Selecione o código e copie manualmente.');
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Pagar com Pix"
      description={`${mensalidade.aluno_nome} · ${referenciaCobranca(mensalidade)}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {staff && (
        <div className="mb-4">
          <PixCobrancaStatus mensalidadeId={mensalidade.id} />
        </div>
      )}
      <div className="mb-4 empty:hidden">
        <DebitoNaMensalidade mensalidade={mensalidade} staff={staff} />
      </div>
      {paga ? (
        <PixConfirmado mensalidade={paga} staff={staff} />
      ) : pix.isLoading ? (
        <Spinner />
      ) : pix.isError ? (
        <ErrorBanner>{pix.error.message}</ErrorBanner>
      ) : pix.data ? (
        <div className="space-y-4 text-center">
          <p className="text-lg font-semibold text-gray-900">{formatCentavos(pix.data.valor)}</p>
          <PontualidadeNote mensalidade={mensalidade} />
          <img
            src={pix.data.qrcode}
            alt={`QR code Pix da ${oQue}`}
            className="mx-auto h-56 w-56 rounded-lg border border-gray-200"
          />
          <label className="block text-left text-sm font-medium text-gray-700" htmlFor="pix-code">
            Pix copia e cola
          </label>
          <textarea
            id="pix-code"
            readOnly
            value={pix.data.copia_e_cola}
            rows={4}
            className="w-full rounded-lg border border-gray-300 bg-gray-50 p-2 font-mono text-xs break-all"
            onFocus={(event) => event.target.select()}
          />
          <Button onClick={() => void handleCopy()} className="w-full">
            <Copy className="h-4 w-4" aria-hidden="true" /> Copiar código Pix
          </Button>
          {confirmaSozinho && <PixAguardando />}
          {simulacaoUrl && (
            <a
              href={simulacaoUrl}
              className="block w-full rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-sm font-medium text-violet-800 hover:bg-violet-100"
            >
              Pagar no banco simulado (demonstração)
            </a>
          )}
          {pix.data.dinamico ? (
            <p className="text-xs text-gray-500" data-testid="pix-dinamico">
              Este é o código da cobrança desta {oQue}: o valor do dia, com multa e juros, aparece no app do
              banco. O pagamento é confirmado sozinho.
            </p>
          ) : (
            <p className="text-xs text-gray-500" data-testid="pix-estatico">
              O valor vale para pagamento hoje.{encargos && ` Depois do vencimento há ${encargos}.`}{' '}
              {pix.data.confirmacao_automatica
                ? 'Pago hoje com este valor, o pagamento é confirmado sozinho; em outro dia, abra o código de novo.'
                : 'Este código vai para a chave Pix da escola e não se confirma sozinho: a escola confirma o pagamento quando ele chega (a família pode enviar o comprovante em Já paguei).'}
            </p>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

import { useState } from 'react';
import toast from 'react-hot-toast';
import { Copy, FileDown } from 'lucide-react';
import { boletoSituacaoLabels } from '../../../shared/boleto.schemas';
import { formatCentavos, formatDate, todayIso } from '../../../shared/format';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { downloadBoleto, useBoleto } from './boleto.api';
import { copyText } from '../../lib/copy-text';

/**
 * A mensalidade's boleto (issued the first time it is opened): the PDF to print or save, and the linha
 * digitável to copy into a bank's app. What stops it (boleto off, no CPF for the payer) is said here.
 */
export function BoletoModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const boleto = useBoleto(mensalidade.id);
  const [downloading, setDownloading] = useState(false);
  // Past its due date, the dialog speaks of today's amount only (it said 'até o vencimento' beside 'venceu').
  const overdue = boleto.data !== undefined && boleto.data.vencimento < todayIso();
  // Issued after the month's due date (ADR 0131): its own near due date, multa and juros in the value.
  const vencidaEm = boleto.data?.vencimento_mensalidade ?? null;

  const handleCopy = async () => {
    if (!boleto.data) return;
    try {
      await copyText(boleto.data.linha_digitavel);
      toast.success('Linha digitável copiada!');
    } catch {
      toast.error('Não foi possível copiar. Selecione os números e copie manualmente.');
    }
  };

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await downloadBoleto(mensalidade.id);
    } catch {
      toast.error('Erro ao gerar o boleto');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Boleto"
      description={`${mensalidade.aluno_nome} · ${referenciaCobranca(mensalidade)}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {boleto.isLoading ? (
        <Spinner />
      ) : boleto.isError ? (
        <ErrorBanner>{boleto.error.message}</ErrorBanner>
      ) : boleto.data ? (
        <div className="space-y-4" data-testid="boleto">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-gray-500">{overdue ? 'Valor impresso' : 'Valor'}</dt>
              <dd className="text-lg font-semibold text-gray-900">{formatCentavos(boleto.data.valor)}</dd>
              {vencidaEm && (
                <dd className="text-gray-700">
                  <span className="whitespace-nowrap">
                    {formatCentavos(boleto.data.valor - boleto.data.multa - boleto.data.juros)}
                  </span>{' '}
                  + <span className="whitespace-nowrap">multa {formatCentavos(boleto.data.multa)}</span> +{' '}
                  <span className="whitespace-nowrap">juros {formatCentavos(boleto.data.juros)}</span>
                </dd>
              )}
              {overdue && mensalidade.valor_atualizado > boleto.data.valor && (
                <dd className="text-gray-700">
                  Hoje, com multa e juros: {formatCentavos(mensalidade.valor_atualizado)}
                </dd>
              )}
            </div>
            <div>
              <dt className="text-gray-500">{vencidaEm ? 'Vencimento do boleto' : 'Vencimento'}</dt>
              <dd className="text-lg font-semibold text-gray-900">{formatDate(boleto.data.vencimento)}</dd>
            </div>
            <div>
              <dt className="text-gray-500">Banco</dt>
              <dd className="text-gray-900">{boleto.data.banco_nome}</dd>
            </div>
            <div>
              <dt className="text-gray-500">Nosso número</dt>
              <dd className="font-mono text-gray-900">{boleto.data.nosso_numero}</dd>
            </div>
          </dl>
          <div>
            <label className="block text-sm font-medium text-gray-700" htmlFor="linha-digitavel">
              Linha digitável
            </label>
            <textarea
              id="linha-digitavel"
              readOnly
              rows={2}
              value={boleto.data.linha_digitavel_formatada}
              className="mt-1 w-full rounded-lg border border-gray-300 bg-gray-50 p-2 font-mono text-sm break-all"
              onFocus={(event) => event.target.select()}
            />
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button onClick={() => void handleDownload()} loading={downloading}>
              <FileDown className="h-4 w-4" aria-hidden="true" /> Baixar boleto (PDF)
            </Button>
            <Button variant="secondary" onClick={() => void handleCopy()}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copiar linha digitável
            </Button>
          </div>
          {overdue ? (
            <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Este boleto venceu em {formatDate(boleto.data.vencimento)}. Pago hoje, o banco soma{' '}
              {vencidaEm ? 'os juros dos dias a mais' : 'a multa e os juros'} ao valor impresso. Se o seu
              banco não aceitar, pague pelo Pix, que já traz o valor do dia.
            </p>
          ) : (
            vencidaEm && (
              <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                A mensalidade venceu em {formatDate(vencidaEm)}. Este boleto vence em{' '}
                {formatDate(boleto.data.vencimento)} e já traz a multa e os juros até esse dia. Se o seu banco
                ainda não encontrar o boleto, ele está sendo registrado: tente mais tarde ou pague pelo Pix.
              </p>
            )
          )}
          <p className="text-xs text-gray-500">
            {overdue
              ? 'Pague em qualquer banco, lotérica ou no app do seu banco.'
              : vencidaEm
                ? 'Pague em qualquer banco, lotérica ou no app do seu banco até o vencimento do boleto. Depois dele, o banco cobra só os juros de cada dia a mais.'
                : 'Pague em qualquer banco, lotérica ou no app do seu banco até o vencimento. Depois dele, o banco cobra a multa e os juros escritos no boleto.'}
            {boleto.data.situacao !== 'a_registrar' && boleto.data.situacao !== 'registrado'
              ? ` Situação no banco: ${boletoSituacaoLabels[boleto.data.situacao]}.`
              : ''}
          </p>
          {boleto.data.motivo_rejeicao && (
            <ErrorBanner>O banco recusou este boleto: {boleto.data.motivo_rejeicao}</ErrorBanner>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

/** The recurrence waits for the guardian: the PSP's QR and copia e cola, to authorise in the bank app. */
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import type { Recorrencia } from '../../../shared/pix-automatico.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { useSimulacaoUrl } from './banco-simulado';
import { copyText } from '../../lib/copy-text';

/** The QR of a code, drawn in the browser (the library is loaded only when a QR is shown). */
function useQrCode(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (text)
      void import('qrcode')
        .then(({ default: QRCode }) => QRCode.toDataURL(text, { margin: 1, width: 320 }))
        .then((data) => live && setUrl(data))
        .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

export function AutorizarNoBanco({ recorrencia }: { recorrencia: Recorrencia }) {
  const qr = useQrCode(recorrencia.copia_e_cola);
  const codeId = `rec-code-${recorrencia.id}`;
  const simulacaoUrl = useSimulacaoUrl(recorrencia.simulacao_url);
  const copiar = async () => {
    try {
      await copyText(recorrencia.copia_e_cola);
      toast.success('Código copiado! Cole no app do seu banco, em Pix Copia e Cola.');
    } catch {
      toast.error('Não foi possível copiar. Selecione o código e copie manualmente.');
    }
  };
  return (
    <div className="space-y-3 text-sm text-gray-700">
      <p className="font-medium text-gray-900">Autorize no app do seu banco</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>Abra o app do banco e escolha Pix › Ler QR code (ou Pix Copia e Cola).</li>
        <li>Leia o QR abaixo ou cole o código.</li>
        <li>Confira a escola, o valor máximo e a data, e confirme o débito automático.</li>
      </ol>
      <p>
        Até {formatCentavos(recorrencia.valor_maximo)} por mês, a partir de{' '}
        {formatDate(recorrencia.data_inicial)} · contrato {recorrencia.contrato}.
      </p>
      {recorrencia.copia_e_cola ? (
        <>
          {qr && (
            <img
              src={qr}
              alt="QR code para autorizar o débito automático no app do banco"
              className="mx-auto h-56 w-56 rounded-lg border border-gray-200"
            />
          )}
          <label className="block text-sm font-medium text-gray-700" htmlFor={codeId}>
            Pix Copia e Cola da autorização
          </label>
          <textarea
            id={codeId}
            readOnly
            value={recorrencia.copia_e_cola}
            rows={3}
            className="w-full rounded-lg border border-gray-300 bg-gray-50 p-2 font-mono text-xs break-all"
            onFocus={(event) => event.target.select()}
          />
          <Button onClick={() => void copiar()} className="w-full sm:w-auto">
            <Copy className="h-4 w-4" aria-hidden="true" /> Copiar código
          </Button>
        </>
      ) : (
        <p>O banco da escola enviará o pedido de autorização ao app do seu banco.</p>
      )}
      {simulacaoUrl && (
        <a
          href={simulacaoUrl}
          className="block w-full rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-center text-sm font-medium text-violet-800 hover:bg-violet-100 sm:w-auto"
        >
          Autorizar no banco simulado (demonstração)
        </a>
      )}
      <p className="text-xs text-gray-500">
        Esta tela se atualiza sozinha quando o banco confirmar a autorização.
      </p>
    </div>
  );
}

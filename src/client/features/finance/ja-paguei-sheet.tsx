/** 'Já paguei' (ADR 0035): the family attaches the comprovante of a tuition (a photo or a PDF). */
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Camera, Paperclip } from 'lucide-react';
import { formatMesReferencia, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { useSendComprovante } from './comprovantes.api';

const MAX_BYTES = 10 * 1024 * 1024;

export function JaPagueiSheet({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const send = useSendComprovante();

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setError('O comprovante deve ter no máximo 10 MB.');
      return;
    }
    setFile(chosen);
  };

  const submit = () => {
    if (!file) {
      setError('Tire uma foto do comprovante ou escolha o arquivo.');
      return;
    }
    send.mutate(
      { id: mensalidade.id, file },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Comprovante enviado!');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={send.isPending}
      title="Já paguei"
      description={`${mensalidade.aluno_nome} · ${formatMesReferencia(mensalidade.mes_referencia)} · ${formatCentavos(mensalidade.valor_atualizado)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={send.isPending}>
            Enviar comprovante
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-800">
        <p>
          Envie o comprovante do Pix ou da transferência. A escola confere e confirma o pagamento; até lá a
          mensalidade fica <strong>em confirmação</strong> e o valor não aumenta.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => camera.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            Tirar foto
          </Button>
          <Button variant="secondary" onClick={() => picker.current?.click()}>
            <Paperclip className="h-4 w-4" aria-hidden="true" />
            Escolher arquivo
          </Button>
        </div>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <input
          ref={picker}
          type="file"
          accept="image/*,application/pdf"
          className="sr-only"
          aria-label="Comprovante (foto ou PDF)"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {file && (
          <p data-testid="comprovante-escolhido" className="rounded-lg bg-gray-50 px-3 py-2">
            Arquivo: <span className="font-medium">{file.name}</span>
          </p>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </div>
    </Modal>
  );
}

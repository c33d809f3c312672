/** 'Já paguei' (ADR 0035): the family attaches the comprovante of a tuition (a photo or a PDF). */
import { useState } from 'react';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { ActionModal, settleAction } from '../../components/action-modal';
import { PaperPicker } from '../../components/paper-picker';
import { useSendComprovante } from './comprovantes.api';

export function JaPagueiSheet({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendComprovante();

  const submit = () => {
    if (!file) {
      setError('Tire uma foto do comprovante ou escolha o arquivo.');
      return;
    }
    send.mutate({ id: mensalidade.id, file }, settleAction('Comprovante enviado!', onClose, setError));
  };

  return (
    <ActionModal
      onClose={onClose}
      busy={send.isPending}
      error={error}
      title="Já paguei"
      description={`${mensalidade.aluno_nome} · ${referenciaCobranca(mensalidade)} · ${formatCentavos(mensalidade.valor_atualizado)}`}
      actionLabel="Enviar comprovante"
      onAction={submit}
      className="space-y-4 text-sm text-gray-800"
    >
      <p>
        Envie o comprovante do Pix ou da transferência. A escola confere e confirma o pagamento; até lá a
        mensalidade fica <strong>em confirmação</strong> e o valor não aumenta.
      </p>
      <PaperPicker
        heading="Comprovante"
        noun="o comprovante"
        file={file}
        onChange={(chosen) => {
          setError(null);
          setFile(chosen);
        }}
        tooLarge="O comprovante deve ter no máximo 10 MB."
        hint="Foto (JPEG, PNG ou WebP) ou PDF, até 10 MB."
        inputLabel="Comprovante (foto ou PDF)"
        chosenTestId="comprovante-escolhido"
      />
    </ActionModal>
  );
}

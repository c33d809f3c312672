import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate, todayIso } from '../../../shared/format';
import { justificativaFormSchema, tooLateToJustify } from '../../../shared/justificativas.schemas';
import { Button } from '../../components/button';
import { FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { PaperPicker } from '../../components/paper-picker';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSendJustificativa } from './justificativas.api';

/**
 * 'Justificar' a child's absent day: the reason and, if there is one, the atestado — a photo taken now
 * (the phone's camera opens) or a file (photo or PDF) already on the device. A day past the portal's
 * limit (a feed item or link from weeks ago) says so at once, as the server would, with no form to fill.
 */
export function JustifyAbsenceModal({
  aluno,
  data,
  onClose,
}: {
  aluno: { id: string; nome: string };
  data: string;
  onClose: () => void;
}) {
  const late = tooLateToJustify(data, todayIso());
  if (late)
    return (
      <Modal
        open
        onClose={onClose}
        title="Justificar falta"
        description={`${aluno.nome} · ${formatDate(data)}`}
        footer={<Button onClick={onClose}>Entendi</Button>}
      >
        <p role="alert" className="text-sm text-gray-800">
          {late}
        </p>
      </Modal>
    );
  return <JustifyForm aluno={aluno} data={data} onClose={onClose} />;
}

function JustifyForm({
  aluno,
  data,
  onClose,
}: {
  aluno: { id: string; nome: string };
  data: string;
  onClose: () => void;
}) {
  const send = useSendJustificativa();
  const form = useSchemaForm(justificativaFormSchema, { motivo: '' });
  const [arquivo, setArquivo] = useState<File | null>(null);
  return (
    <FormModal
      title="Justificar falta"
      description={`${aluno.nome} · ${formatDate(data)}. A escola responde pelo portal; aceita, a falta é abonada e deixa de contar.`}
      formId="justificativa-form"
      submitLabel="Enviar justificativa"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ motivo }) => {
        const result = await send.mutateAsync({ alunoId: aluno.id, data, motivo, arquivo });
        toast.success(result.message ?? 'Justificativa enviada à escola.');
        onClose();
      })}
    >
      <FormTextArea
        name="motivo"
        label="Motivo da falta"
        required
        rows={3}
        hint="Ex.: febre, consulta médica, exame."
      />
      <PaperPicker
        heading="Atestado (opcional)"
        noun="o atestado"
        file={arquivo}
        onChange={setArquivo}
        tooLarge="O atestado deve ter no máximo 10 MB."
        hint="Foto (JPEG, PNG ou WebP) ou PDF, até 10 MB. Só a escola e a família veem."
        inputLabel="Atestado (foto ou PDF)"
        inputTestId="atestado-arquivo"
      />
    </FormModal>
  );
}

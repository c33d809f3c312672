import { Camera, Paperclip, X } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate } from '../../../shared/format';
import { justificativaFormSchema } from '../../../shared/justificativas.schemas';
import { Button } from '../../components/button';
import { FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSendJustificativa } from './justificativas.api';

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * 'Justificar' a child's absent day: the reason and, if there is one, the atestado — a photo taken now
 * (the phone's camera opens) or a file (photo or PDF) already on the device.
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
  const send = useSendJustificativa();
  const form = useSchemaForm(justificativaFormSchema, { motivo: '' });
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const choose = (files: FileList | null) => {
    const file = files?.[0] ?? null;
    if (file && file.size > MAX_BYTES) {
      setFileError('O atestado deve ter no máximo 10 MB.');
      return;
    }
    setFileError(null);
    setArquivo(file);
  };
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
      <div className="space-y-2">
        <p className="text-sm font-medium text-gray-800">Atestado (opcional)</p>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          aria-label="Tirar foto do atestado"
          onChange={(event) => choose(event.target.files)}
        />
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          className="sr-only"
          aria-label="Escolher arquivo do atestado"
          data-testid="atestado-arquivo"
          onChange={(event) => choose(event.target.files)}
        />
        {arquivo ? (
          <p className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm">
            <span className="min-w-0 truncate">
              <Paperclip className="mr-1 inline h-4 w-4" aria-hidden="true" />
              {arquivo.name}
            </span>
            <Button variant="secondary" onClick={() => setArquivo(null)} aria-label="Remover o atestado">
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="secondary" onClick={() => camera.current?.click()}>
              <Camera className="h-4 w-4" aria-hidden="true" /> Tirar foto
            </Button>
            <Button variant="secondary" onClick={() => picker.current?.click()}>
              <Paperclip className="h-4 w-4" aria-hidden="true" /> Escolher arquivo
            </Button>
          </div>
        )}
        <p
          className={`text-xs ${fileError ? 'text-red-700' : 'text-gray-600'}`}
          role={fileError ? 'alert' : undefined}
        >
          {fileError ?? 'Foto (JPEG, PNG ou WebP) ou PDF, até 10 MB. Só a escola e a família veem.'}
        </p>
      </div>
    </FormModal>
  );
}

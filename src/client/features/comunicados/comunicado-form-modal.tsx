import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  COMUNICADO_LIMITS,
  comunicadoFieldsSchema,
  type Anexo,
  type Comunicado,
  type PublicoTipo,
} from '../../../shared/comunicados.schemas';
import { FormCheckbox, FormInput } from '../../components/form-fields';
import { FormRichTextArea } from '../../components/form-rich-text';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveComunicado } from './comunicados.api';
import { AudienceFields } from './comunicado-audience-fields';
import { AttachmentsField } from './comunicado-attachments-field';
import { PublishConfirm } from './publish-confirm';

/** `datetime-local` text (the school's clock on this device) ↔ the API's ISO instant. */
const localDateTime = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'Data e hora inválidas' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const formSchema = comunicadoFieldsSchema
  .extend({ publicar_em: localDateTime, expira_em: localDateTime })
  .superRefine((input, context) => {
    if (input.expira_em && input.expira_em <= (input.publicar_em ?? new Date().toISOString()))
      context.addIssue({
        code: 'custom',
        path: ['expira_em'],
        message: 'A expiração deve ser depois da publicação',
      });
  });

function toLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether a family confirmed some version: the server keeps every text from then on. */
function confirmedBefore(comunicado: Comunicado): boolean {
  return comunicado.versao_texto > 1 || (comunicado.contagem?.cientes ?? 0) > 0;
}

/** 'Novo comunicado' and 'Editar comunicado'. */
export function ComunicadoFormModal({
  comunicado,
  tipos,
  onClose,
}: {
  comunicado: Comunicado | null;
  tipos: PublicoTipo[];
  onClose: () => void;
}) {
  const save = useSaveComunicado();
  const [anexos, setAnexos] = useState<Anexo[]>(comunicado?.anexos ?? []);
  const published = Boolean(comunicado?.publicado_em);
  /** A new notice's values, waiting for 'Publicar' in the confirmation. */
  const [pending, setPending] = useState<z.output<typeof formSchema> | null>(null);
  const form = useSchemaForm(formSchema, {
    titulo: comunicado?.titulo ?? '',
    corpo: comunicado?.corpo ?? '',
    publico: comunicado?.publico ?? {
      tipo: tipos[0] ?? 'turmas',
      segmentos: [],
      series: [],
      turmas: [],
      alunos: [],
      destinatarios: 'familias',
    },
    exige_ciente: comunicado?.exige_ciente ?? false,
    publicar_em: published ? '' : toLocal(comunicado?.publicar_em ?? null),
    expira_em: toLocal(comunicado?.expira_em ?? null),
    anexos: (comunicado?.anexos ?? []).map((item) => item.id),
  });
  // A new notice asks first (PublishConfirm); confirmed, this same submit saves it, so the server's field
  // errors land on their fields as for an edit.
  const submit = form.submit(
    async (values) => {
      if (!comunicado && !pending) return setPending(values);
      setPending(null);
      const result = await save.mutateAsync({
        id: comunicado?.id ?? null,
        input: { ...values, ...(comunicado ? { version: comunicado.version } : {}) },
      });
      toast.success(result.message ?? 'Comunicado salvo');
      onClose();
    },
    (message) => toast.error(message),
  );
  return (
    <FormModal
      title={comunicado ? 'Editar comunicado' : 'Novo comunicado'}
      formId="comunicado-form"
      submitLabel={comunicado ? 'Salvar' : 'Publicar'}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    >
      <PublishConfirm
        values={pending}
        busy={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void submit()}
      />
      {comunicado && confirmedBefore(comunicado) && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Famílias já deram ciente neste comunicado. Mudar o título, a mensagem, os anexos ou a exigência de
          ciente cria a <strong>versão {comunicado.versao_texto + 1}</strong>: o texto atual fica guardado,
          quem confirmou é avisado e precisa confirmar de novo. Mudar só a expiração não cria versão.
        </p>
      )}
      <FormInput name="titulo" label="Título" required maxLength={COMUNICADO_LIMITS.tituloMax} />
      <FormRichTextArea name="corpo" label="Mensagem" required rows={7} />
      {published ? (
        <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          Publicado para: <strong>{comunicado?.publico_descricao}</strong>. O público de um comunicado
          publicado não muda.
        </p>
      ) : (
        <AudienceFields tipos={tipos} alunosIniciais={comunicado?.alunos_escolhidos ?? []} />
      )}
      <FormCheckbox name="exige_ciente" label="Exige ciente (a família confirma a leitura)" />
      <div className="grid gap-4 sm:grid-cols-2">
        {!published && (
          <FormInput name="publicar_em" label="Publicar em (vazio: agora)" type="datetime-local" />
        )}
        <FormInput name="expira_em" label="Expira em (opcional)" type="datetime-local" />
      </div>
      <AttachmentsField anexos={anexos} setAnexos={setAnexos} />
    </FormModal>
  );
}

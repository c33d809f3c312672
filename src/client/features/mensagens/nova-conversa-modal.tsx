import { useFormContext, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  conversaInputSchema,
  destinoLabels,
  type ConversaInput,
  type DestinosOpcoes,
} from '../../../shared/mensagens.schemas';
import { FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useStartConversa } from './mensagens.api';

function TeacherSelect({ destinos }: { destinos: DestinosOpcoes }) {
  const alunoId = useWatch({ name: 'aluno_id' }) as string;
  const destino = useWatch({ name: 'destino' }) as string;
  const { setValue } = useFormContext();
  if (destino !== 'professor') return null;
  const destinoDoAluno = destinos.find((item) => item.aluno.id === alunoId);
  const professores = destinoDoAluno?.professores ?? [];
  // No teacher of the child's class signs in to the portal: a select with nothing to choose and an
  // 'Enviar' that fails would be a dead end. The secretaria passes a message on.
  if (professores.length === 0)
    return (
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Nenhum professor de {destinoDoAluno?.aluno.nome ?? 'este estudante'} ainda usa o portal. Escreva para
        a secretaria, que leva o recado ao professor.{' '}
        <button
          type="button"
          className="font-medium underline underline-offset-2"
          onClick={() => setValue('destino', 'secretaria', { shouldValidate: true })}
        >
          Escrever para a secretaria
        </button>
      </p>
    );
  return (
    <FormSelect
      name="professor_id"
      label="Professor"
      empty="Escolha"
      emptyAsNull
      options={Object.fromEntries(professores.map((teacher) => [teacher.id, teacher.nome]))}
    />
  );
}

/**
 * A guardian starts a conversation about one child with the secretaria or one of the child's teachers.
 * Closed before sending (Escape, a tap beside the dialog, Cancelar), what was typed comes back in
 * `onClose` as the draft the page opens the next one with: a mother's long message was lost to one
 * mistaken tap.
 */
export function NovaConversaModal({
  destinos,
  draft = null,
  onClose,
  onStarted,
}: {
  destinos: DestinosOpcoes;
  draft?: ConversaInput | null;
  onClose: (draft: ConversaInput | null) => void;
  onStarted: (id: string) => void;
}) {
  const start = useStartConversa();
  const form = useSchemaForm(
    conversaInputSchema,
    draft ?? {
      aluno_id: destinos[0]?.aluno.id ?? '',
      destino: 'secretaria',
      professor_id: null,
      assunto: '',
      texto: '',
    },
  );
  const close = () => {
    const values = form.getValues();
    onClose(values.assunto.trim() || values.texto.trim() ? values : null);
  };
  return (
    <FormModal
      title="Nova mensagem"
      formId="nova-conversa"
      submitLabel="Enviar"
      form={form}
      onClose={close}
      onSubmit={form.submit(
        async (values) => {
          const result = await start.mutateAsync(values);
          toast.success(result.message ?? 'Mensagem enviada');
          onStarted(result.data.id);
        },
        (message) => toast.error(message),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect
          name="aluno_id"
          label="Sobre qual estudante"
          options={Object.fromEntries(destinos.map((item) => [item.aluno.id, item.aluno.nome]))}
        />
        <FormSelect name="destino" label="Para" options={destinoLabels} />
      </div>
      <TeacherSelect destinos={destinos} />
      <FormInput name="assunto" label="Assunto" required />
      <FormTextArea name="texto" label="Mensagem" rows={5} required />
    </FormModal>
  );
}

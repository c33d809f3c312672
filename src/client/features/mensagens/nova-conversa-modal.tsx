import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { conversaInputSchema, destinoLabels, type DestinosOpcoes } from '../../../shared/mensagens.schemas';
import { FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useStartConversa } from './mensagens.api';

function TeacherSelect({ destinos }: { destinos: DestinosOpcoes }) {
  const alunoId = useWatch({ name: 'aluno_id' }) as string;
  const destino = useWatch({ name: 'destino' }) as string;
  if (destino !== 'professor') return null;
  const professores = destinos.find((item) => item.aluno.id === alunoId)?.professores ?? [];
  return (
    <FormSelect
      name="professor_id"
      label="Professor"
      empty={professores.length === 0 ? 'Nenhum professor com acesso ao portal' : 'Escolha'}
      emptyAsNull
      options={Object.fromEntries(professores.map((teacher) => [teacher.id, teacher.nome]))}
    />
  );
}

/** A guardian starts a conversation about one child with the secretaria or one of the child's teachers. */
export function NovaConversaModal({
  destinos,
  onClose,
  onStarted,
}: {
  destinos: DestinosOpcoes;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  const start = useStartConversa();
  const form = useSchemaForm(conversaInputSchema, {
    aluno_id: destinos[0]?.aluno.id ?? '',
    destino: 'secretaria',
    professor_id: null,
    assunto: '',
    texto: '',
  });
  return (
    <FormModal
      title="Nova mensagem"
      formId="nova-conversa"
      submitLabel="Enviar"
      form={form}
      onClose={onClose}
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

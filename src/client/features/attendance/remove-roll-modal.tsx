import toast from 'react-hot-toast';
import { rollDeleteInputSchema, type Roll } from '../../../shared/academics.schemas';
import { formatDate } from '../../../shared/format';
import { FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useDeleteRoll } from './attendance.api';

/**
 * 'Remover chamada': a roll taken on the wrong class, lesson or day goes, with its absences, and stops
 * counting as a lesson given. Asks first and takes the reason the audit keeps.
 */
export function RemoveRollModal({
  roll,
  lesson,
  onClose,
}: {
  roll: Roll & { chamada: NonNullable<Roll['chamada']> };
  /** Per-lesson classes: 'Matemática (2ª aula)'. */
  lesson?: string | undefined;
  onClose: () => void;
}) {
  const remove = useDeleteRoll();
  const form = useSchemaForm(rollDeleteInputSchema, { motivo: '' });
  const faltas = roll.alunos.filter((aluno) => aluno.falta).length;
  const what = `a chamada ${lesson ? `de ${lesson} ` : ''}de ${roll.turma.nome} em ${formatDate(roll.data)}`;
  return (
    <FormModal
      title="Remover chamada"
      description={`Remover ${what}${
        faltas > 0
          ? ` e ${faltas === 1 ? 'a falta registrada nela' : `as ${String(faltas)} faltas registradas nela`}`
          : ''
      }? A aula deixa de contar na frequência dos alunos; a remoção fica na auditoria com o motivo.`}
      formId="remover-chamada-form"
      submitLabel="Remover chamada"
      submitVariant="danger"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ motivo }) => {
        const result = await remove.mutateAsync({ chamadaId: roll.chamada.id, motivo });
        toast.success(result.message ?? 'Chamada removida.');
        onClose();
      })}
    >
      <FormTextArea
        name="motivo"
        label="Motivo da remoção"
        required
        rows={3}
        hint="Ex.: chamada feita na turma, na aula ou na data errada."
      />
    </FormModal>
  );
}

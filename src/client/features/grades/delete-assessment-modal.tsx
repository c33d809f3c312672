import toast from 'react-hot-toast';
import { assessmentDeleteReasonSchema, type Assessment } from '../../../shared/grades.schemas';
import { FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useDeleteAssessment } from './grades.api';

/**
 * The administrator deletes an avaliação with grades of a closed or published period: the grades leave
 * the boletim, so the reason is required, and the audit keeps it with every grade and its history.
 */
export function DeleteAssessmentModal({
  assessment,
  periodo,
  onClose,
}: {
  assessment: Assessment;
  /** '1º bimestre' */
  periodo: string;
  onClose: () => void;
}) {
  const remove = useDeleteAssessment();
  const form = useSchemaForm(assessmentDeleteReasonSchema, { motivo: '' });
  const count = assessment.notas_lancadas;
  return (
    <FormModal
      title="Excluir avaliação"
      description={`Excluir “${assessment.nome}” e ${
        count === 1 ? 'a nota lançada nela' : `as ${String(count)} notas lançadas nela`
      }? O ${periodo} está fechado ou publicado: as notas saem do boletim. A auditoria guarda o motivo, cada nota com o nome do aluno e o histórico dela.`}
      formId="excluir-avaliacao-form"
      submitLabel="Excluir avaliação"
      submitVariant="danger"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ motivo }) => {
        const result = await remove.mutateAsync({ id: assessment.id, motivo });
        toast.success(result.message ?? 'Avaliação excluída.');
        onClose();
      })}
    >
      <FormTextArea
        name="motivo"
        label="Motivo da exclusão"
        required
        rows={3}
        hint="Ex.: avaliação lançada na turma ou na disciplina errada."
      />
    </FormModal>
  );
}

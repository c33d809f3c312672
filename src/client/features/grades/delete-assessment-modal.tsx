import { assessmentDeleteReasonSchema, type Assessment } from '../../../shared/assessments.schemas.js';
import { ReasonModal } from '../../components/reason-modal';
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
  const count = assessment.notas_lancadas;
  return (
    <ReasonModal
      title="Excluir avaliação"
      description={`Excluir “${assessment.nome}” e ${
        count === 1 ? 'a nota lançada nela' : `as ${String(count)} notas lançadas nela`
      }? O ${periodo} está fechado ou publicado: as notas saem do boletim. A auditoria guarda o motivo, cada nota com o nome do aluno e o histórico dela.`}
      formId="excluir-avaliacao-form"
      submitLabel="Excluir avaliação"
      reasonLabel="Motivo da exclusão"
      hint="Ex.: avaliação lançada na turma ou na disciplina errada."
      schema={assessmentDeleteReasonSchema}
      success="Avaliação excluída."
      action={(motivo) => remove.mutateAsync({ id: assessment.id, motivo })}
      onClose={onClose}
    />
  );
}

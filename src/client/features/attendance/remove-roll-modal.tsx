import { rollDeleteInputSchema, type Roll } from '../../../shared/attendance.schemas';
import { formatDate } from '../../../shared/format';
import { ReasonModal } from '../../components/reason-modal';
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
  const faltas = roll.alunos.filter((aluno) => aluno.falta).length;
  const what = `a chamada ${lesson ? `de ${lesson} ` : ''}de ${roll.turma.nome} em ${formatDate(roll.data)}`;
  return (
    <ReasonModal
      title="Remover chamada"
      description={`Remover ${what}${
        faltas > 0
          ? ` e ${faltas === 1 ? 'a falta registrada nela' : `as ${String(faltas)} faltas registradas nela`}`
          : ''
      }? A aula deixa de contar na frequência dos alunos; a remoção fica na auditoria com o motivo.`}
      formId="remover-chamada-form"
      submitLabel="Remover chamada"
      reasonLabel="Motivo da remoção"
      hint="Ex.: chamada feita na turma, na aula ou na data errada."
      schema={rollDeleteInputSchema}
      success="Chamada removida."
      action={(motivo) => remove.mutateAsync({ chamadaId: roll.chamada.id, motivo })}
      onClose={onClose}
    />
  );
}

import type { StudentStatus } from '../../../shared/students.schemas';
import { ConfirmAction } from '../../components/confirm-dialog';
import { StudentDepartureModal, type DepartingStudent } from './student-departure-modal';
import { statusActions } from './student-status';
import { useSetStudentStatus } from './students.api';

/**
 * A status change asked from the list or the card: leaving (Inativar, Transferir) asks the day and
 * what goes with it; graduating or coming back only asks to confirm.
 */
export function StudentStatusDialog({
  student,
  status,
  canCancelTuition,
  onClose,
}: {
  student: DepartingStudent;
  status: StudentStatus;
  canCancelTuition: boolean;
  onClose: () => void;
}) {
  const setStatus = useSetStudentStatus();
  if (status === 'inativo' || status === 'transferido')
    return (
      <StudentDepartureModal
        student={student}
        status={status}
        canCancelTuition={canCancelTuition}
        onClose={onClose}
      />
    );
  const action = statusActions.find((item) => item.status === status);
  return (
    <ConfirmAction
      title={`${action?.label ?? 'Alterar'}: ${student.nome}`}
      message={action?.message ?? ''}
      confirmLabel={action?.label ?? 'Confirmar'}
      danger={status !== 'ativo'}
      action={() => setStatus.mutateAsync({ id: student.id, status, version: student.version })}
      success="Status alterado"
      failure="Erro ao atualizar aluno"
      onClose={onClose}
    />
  );
}

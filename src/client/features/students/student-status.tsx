import { studentStatusLabels, type StudentStatus } from '../../../shared/students.schemas';
import { Badge, type BadgeTone } from '../../components/feedback';

const statusTones: Record<StudentStatus, BadgeTone> = {
  ativo: 'green',
  inativo: 'red',
  transferido: 'yellow',
  formado: 'blue',
};

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return <Badge tone={statusTones[status]}>{studentStatusLabels[status]}</Badge>;
}

/**
 * The status changes an administrator can make. Leaving (inativo, transferido) opens the departure
 * form (student-departure-modal); the others ask to confirm with their message.
 */
export const statusActions: { status: StudentStatus; label: string; message?: string }[] = [
  { status: 'inativo', label: 'Inativar' },
  { status: 'transferido', label: 'Transferir' },
  { status: 'formado', label: 'Marcar como formado', message: 'O aluno será marcado como formado.' },
  {
    status: 'ativo',
    label: 'Reativar',
    message:
      'O aluno volta a ocupar uma vaga na turma a partir de hoje. Mensalidades ou taxa de matrícula canceladas na saída não voltam sozinhas: reative-as ou gere as que faltarem no Financeiro.',
  },
];

/**
 * What can follow a status: an active student leaves (inativo, transferido, formado); one who left only
 * comes back (a transferred student is not 'formado' here, nor an inactive one transferred).
 */
export function statusActionsFrom(status: StudentStatus) {
  return statusActions.filter((action) =>
    status === 'ativo' ? action.status !== 'ativo' : action.status === 'ativo',
  );
}

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

/** The status changes an administrator can make, with what each one means. */
export const statusActions: { status: StudentStatus; label: string; message: string }[] = [
  {
    status: 'inativo',
    label: 'Inativar',
    message: 'O aluno deixará de contar nas turmas e listas de ativos.',
  },
  {
    status: 'transferido',
    label: 'Transferir',
    message:
      'O aluno sai da turma hoje, transferido para outra escola, e a conta dele no Portal do Aluno é desativada. As mensalidades em aberto continuam no Financeiro: cancele lá as que vencem depois da saída.',
  },
  { status: 'formado', label: 'Marcar como formado', message: 'O aluno será marcado como formado.' },
  { status: 'ativo', label: 'Reativar', message: 'O aluno voltará a ocupar uma vaga na turma.' },
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

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
    message: 'O aluno será marcado como transferido para outra escola.',
  },
  { status: 'formado', label: 'Marcar como formado', message: 'O aluno será marcado como formado.' },
  { status: 'ativo', label: 'Reativar', message: 'O aluno voltará a ocupar uma vaga na turma.' },
];

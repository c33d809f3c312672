import { formatDate, formatPhone } from '../../../shared/format';
import { Eye, Pencil, Power } from 'lucide-react';
import type { StudentListItem, StudentStatus } from '../../../shared/students.schemas';
import { IconButton } from '../../components/button';
import type { Column } from '../../components/data-table';
import { StudentStatusBadge } from './student-status';

/** The students list: table columns on a desktop, card lines on a phone. */
export const studentColumns: Column<StudentListItem>[] = [
  {
    id: 'nome',
    header: 'Aluno',
    sortable: true,
    cell: (student) => (
      <>
        <p className="font-medium text-gray-900">{student.nome}</p>
        <p className="text-gray-600">
          {student.idade} anos{student.email ? ` · ${student.email}` : ''}
        </p>
      </>
    ),
  },
  {
    id: 'matricula',
    header: 'Matrícula',
    sortable: true,
    cell: (student) => (
      <>
        <p className="font-mono text-gray-900">{student.matricula}</p>
        <p className="text-xs text-gray-500">desde {formatDate(student.data_matricula)}</p>
      </>
    ),
  },
  {
    id: 'turma',
    header: 'Turma',
    sortable: true,
    cell: (student) =>
      student.turma ? (
        <>
          <p className="text-gray-900">{student.turma.nome}</p>
          <p className="text-xs text-gray-500">{student.turma.serie}</p>
        </>
      ) : (
        <span className="text-gray-500">Sem turma</span>
      ),
  },
  {
    id: 'responsavel',
    header: 'Responsável',
    hideBelow: 'lg',
    cell: (student) =>
      student.responsavel ? (
        <>
          <p className="text-gray-900">{student.responsavel.nome}</p>
          <p className="text-xs text-gray-500">{formatPhone(student.responsavel.telefone)}</p>
        </>
      ) : (
        '—'
      ),
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    cell: (student) => <StudentStatusBadge status={student.status} />,
  },
];

/** A row's buttons: details for everyone; edit and (in)activate for who may write. */
export function StudentActions({
  student,
  canWrite,
  onDetails,
  onEdit,
  onStatus,
}: {
  student: StudentListItem;
  canWrite: boolean;
  onDetails: () => void;
  onEdit: () => void;
  onStatus: (status: StudentStatus) => void;
}) {
  const active = student.status === 'ativo';
  // Two students may share a name: the matrícula (unique) tells their buttons apart to a screen reader.
  const who = `${student.nome}, matrícula ${student.matricula}`;
  return (
    <>
      <IconButton label={`Ver detalhes de ${who}`} onClick={onDetails}>
        <Eye className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      {canWrite && (
        <>
          <IconButton label={`Editar ${who}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            label={`${active ? 'Inativar' : 'Reativar'} ${who}`}
            onClick={() => onStatus(active ? 'inativo' : 'ativo')}
          >
            <Power className={`h-4 w-4 ${active ? 'text-red-600' : 'text-green-600'}`} aria-hidden="true" />
          </IconButton>
        </>
      )}
    </>
  );
}

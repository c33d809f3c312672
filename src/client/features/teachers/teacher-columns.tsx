import { Calendar, KeyRound, Mail, Phone } from 'lucide-react';
import { formatDate, formatPhone } from '../../../shared/format';
import {
  MAX_SUBJECTS_SHOWN,
  teacherReachesClasses,
  teacherStatusLabels,
  type Teacher,
  type TeacherStatus,
} from '../../../shared/teachers.schemas';
import type { Column } from '../../components/data-table';
import { Badge, type BadgeTone } from '../../components/feedback';

const statusTones: Record<TeacherStatus, BadgeTone> = { ativo: 'green', inativo: 'red', afastado: 'yellow' };

/** The staff list is all in memory: these columns sort in the browser. */
export const teacherSortColumns = ['nome', 'status', 'data_contratacao'] as const;

export const teacherColumns: Column<Teacher>[] = [
  {
    id: 'nome',
    header: 'Professor',
    sortValue: (teacher) => teacher.nome,
    cell: (teacher) => (
      <>
        <p className="font-medium text-gray-900">{teacher.nome}</p>
        <p className="flex flex-wrap gap-x-4 text-gray-600">
          <span className="inline-flex items-center gap-1">
            <Mail className="h-3.5 w-3.5" aria-hidden="true" />
            {teacher.email}
          </span>
          {teacher.telefone && (
            <span className="inline-flex items-center gap-1">
              <Phone className="h-3.5 w-3.5" aria-hidden="true" />
              {formatPhone(teacher.telefone)}
            </span>
          )}
        </p>
      </>
    ),
  },
  {
    id: 'disciplinas',
    header: 'Disciplinas',
    cell: (teacher) => (
      <p className="flex flex-wrap gap-1">
        {teacher.disciplinas.slice(0, MAX_SUBJECTS_SHOWN).map((item) => (
          <Badge key={item} tone="blue">
            {item}
          </Badge>
        ))}
        {teacher.disciplinas.length > MAX_SUBJECTS_SHOWN && (
          <Badge tone="gray">+{teacher.disciplinas.length - MAX_SUBJECTS_SHOWN} mais</Badge>
        )}
        {teacher.disciplinas.length === 0 && <span className="text-gray-500">—</span>}
      </p>
    ),
  },
  {
    // Shown to those who manage the staff (the page drops it for the others).
    id: 'acesso',
    header: 'Acesso ao portal',
    hideBelow: 'lg',
    cell: (teacher) => (
      <>
        {/* The header already says 'Acesso ao portal' (the phone card's label too): the cell names the
            account, and an address breaks only when it does not fit a line of its own. */}
        <span className="inline-flex items-center gap-1 text-xs [overflow-wrap:anywhere] text-gray-600">
          <KeyRound className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {teacher.tem_acesso ? `Conta: ${teacher.acesso_email ?? ''}` : 'Sem acesso ao portal'}
        </span>
        {teacher.tem_acesso && !teacherReachesClasses(teacher.status) && (
          <span className="block text-xs font-medium text-amber-800">
            Sem acesso a turmas, notas e chamadas enquanto {teacherStatusLabels[teacher.status].toLowerCase()}
          </span>
        )}
      </>
    ),
  },
  {
    id: 'data_contratacao',
    header: 'Contratação',
    hideBelow: 'lg',
    sortValue: (teacher) => teacher.data_contratacao,
    cell: (teacher) =>
      teacher.data_contratacao ? (
        <span className="inline-flex items-center gap-1 whitespace-nowrap text-gray-700">
          <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
          {formatDate(teacher.data_contratacao)}
        </span>
      ) : (
        <span className="text-gray-500">—</span>
      ),
  },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    sortValue: (teacher) => teacherStatusLabels[teacher.status],
    cell: (teacher) => (
      <Badge tone={statusTones[teacher.status]}>{teacherStatusLabels[teacher.status]}</Badge>
    ),
  },
];

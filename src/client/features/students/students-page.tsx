import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  ArrowRightLeft,
  Download,
  Eye,
  GraduationCap,
  Pencil,
  Plus,
  Power,
  Search,
  UserCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { formatDate, formatPhone } from '../../../shared/format';
import { can } from '../../../shared/permissions';
import {
  parentescoLabels,
  STUDENT_PAGE_SIZE,
  studentStatuses,
  studentStatusLabels,
  type Student,
  type StudentStatus,
} from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InputField, SelectField } from '../../components/field';
import {
  Badge,
  EmptyState,
  ErrorBanner,
  PageHeader,
  Spinner,
  StatCard,
  type BadgeTone,
} from '../../components/feedback';
import { Modal } from '../../components/modal';
import { Pagination } from '../../components/pagination';
import { useCurrentUser } from '../../lib/current-user';
import { AddGuardianForm } from './add-guardian-form';
import { OwnContactCard } from './own-contact-card';
import { StudentFormModal } from './student-form-modal';
import {
  exportStudents,
  useClassOptions,
  useSetStudentStatus,
  useStudent,
  useStudents,
  type StudentFilters,
} from './students.api';

const statusTones: Record<StudentStatus, BadgeTone> = {
  ativo: 'green',
  inativo: 'red',
  transferido: 'yellow',
  formado: 'blue',
};

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return <Badge tone={statusTones[status]}>{studentStatusLabels[status]}</Badge>;
}

const statusActions: { status: StudentStatus; label: string; message: string }[] = [
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

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; student: Student }
  | { kind: 'details'; student: Student }
  | { kind: 'status'; student: Student; status: StudentStatus }
  | null;

export function StudentsPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(me?.nivel, 'students.write');
  // A guardian sees their own children: no school-wide counters and no spreadsheet export.
  const isGuardian = me?.nivel === 'responsavel';
  const [draft, setDraft] = useState({ q: '', status: 'todos' as StudentFilters['status'], turma_id: '' });
  const [filters, setFilters] = useState<StudentFilters>({ q: '', status: 'todos', turma_id: '', page: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useStudents(filters);
  const classes = useClassOptions();
  const setStatus = useSetStudentStatus();
  const filtered = filters.q !== '' || filters.status !== 'todos' || filters.turma_id !== '';

  const applyFilters = () => setFilters({ ...draft, q: draft.q.trim(), page: 1 });

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await exportStudents(format, { q: filters.q, status: filters.status, turma_id: filters.turma_id });
    } catch {
      toast.error('Erro ao exportar alunos');
    } finally {
      setExporting(false);
    }
  };

  const handleStatus = (student: Student, status: StudentStatus) => {
    setStatus.mutate(
      { id: student.id, status, version: student.version },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Status alterado');
          setDialog(null);
        },
        onError: (error) => toast.error(error.message || 'Erro ao atualizar aluno'),
      },
    );
  };

  return (
    <div>
      <PageHeader
        title="Gestão de Alunos"
        subtitle={
          isGuardian
            ? 'Seus filhos matriculados na escola'
            : me?.nivel === 'professor'
              ? 'Alunos das suas turmas'
              : 'Cadastro de alunos e responsáveis'
        }
        actions={
          <>
            {!isGuardian && (
              <>
                <Button variant="secondary" loading={exporting} onClick={() => void handleExport('csv')}>
                  <Download className="h-4 w-4" aria-hidden="true" /> Exportar CSV
                </Button>
                <Button variant="secondary" disabled={exporting} onClick={() => void handleExport('xlsx')}>
                  <Download className="h-4 w-4" aria-hidden="true" /> Exportar XLSX
                </Button>
              </>
            )}
            {canWrite && (
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Novo Aluno
              </Button>
            )}
          </>
        }
      />

      {isError && (
        <ErrorBanner>
          Erro ao carregar dados.{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Tentar novamente
          </button>
        </ErrorBanner>
      )}

      {isGuardian && <OwnContactCard />}

      <div className={isGuardian ? 'hidden' : 'mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4'}>
        <StatCard label="Total de Alunos" value={data?.counts.total ?? '—'} icon={Users} tone="blue" />
        <StatCard label="Alunos Ativos" value={data?.counts.ativos ?? '—'} icon={UserCheck} tone="green" />
        <StatCard
          label="Novos este Mês"
          value={data?.counts.novosEsteMes ?? '—'}
          icon={UserPlus}
          tone="purple"
        />
        <StatCard
          label="Transferidos"
          value={data?.counts.transferidos ?? '—'}
          icon={ArrowRightLeft}
          tone="yellow"
        />
      </div>

      <form
        className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters();
        }}
      >
        <InputField
          label="Buscar"
          type="search"
          placeholder="Nome, matrícula ou e-mail"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
        />
        <SelectField
          label="Status"
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as StudentFilters['status'] })}
        >
          <option value="todos">Todos os status</option>
          {studentStatuses.map((value) => (
            <option key={value} value={value}>
              {studentStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Turma"
          value={draft.turma_id}
          onChange={(event) => setDraft({ ...draft, turma_id: event.target.value })}
        >
          <option value="">Todas as turmas</option>
          {(classes.data ?? []).map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.nome}
            </option>
          ))}
        </SelectField>
        <Button type="submit">Filtrar</Button>
      </form>

      {isLoading ? (
        <Spinner />
      ) : data && data.items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          <EmptyState
            icon={Users}
            title="Nenhum aluno encontrado"
            hint={
              filtered
                ? 'Tente ajustar os filtros de busca'
                : canWrite
                  ? 'Cadastre o primeiro aluno'
                  : undefined
            }
          />
        </div>
      ) : data ? (
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white" aria-busy={isFetching}>
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Alunos</caption>
              <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Aluno
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Matrícula
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Turma
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Responsável
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.items.map((student) => (
                  <tr key={student.id} className="hover:bg-gray-50">
                    <td className="px-4 py-3">
                      <p className="font-medium text-gray-900">{student.nome}</p>
                      <p className="text-gray-600">
                        {student.idade} anos{student.email ? ` · ${student.email}` : ''}
                      </p>
                    </td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      <p className="font-mono text-gray-900">{student.matricula}</p>
                      <p className="text-xs text-gray-500">desde {formatDate(student.data_matricula)}</p>
                    </td>
                    <td className="hidden px-4 py-3 md:table-cell">
                      {student.turma ? (
                        <>
                          <p className="text-gray-900">{student.turma.nome}</p>
                          <p className="text-xs text-gray-500">{student.turma.serie}</p>
                        </>
                      ) : (
                        <span className="text-gray-500">Sem turma</span>
                      )}
                    </td>
                    <td className="hidden px-4 py-3 lg:table-cell">
                      {student.responsavel ? (
                        <>
                          <p className="text-gray-900">{student.responsavel.nome}</p>
                          <p className="text-xs text-gray-500">{formatPhone(student.responsavel.telefone)}</p>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <StudentStatusBadge status={student.status} />
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <IconButton
                          label={`Ver detalhes de ${student.nome}`}
                          onClick={() => setDialog({ kind: 'details', student })}
                        >
                          <Eye className="h-4 w-4" aria-hidden="true" />
                        </IconButton>
                        {canWrite && (
                          <>
                            <IconButton
                              label={`Editar ${student.nome}`}
                              onClick={() => setDialog({ kind: 'edit', student })}
                            >
                              <Pencil className="h-4 w-4" aria-hidden="true" />
                            </IconButton>
                            {student.status === 'ativo' ? (
                              <IconButton
                                label={`Inativar ${student.nome}`}
                                onClick={() => setDialog({ kind: 'status', student, status: 'inativo' })}
                              >
                                <Power className="h-4 w-4 text-red-600" aria-hidden="true" />
                              </IconButton>
                            ) : (
                              <IconButton
                                label={`Reativar ${student.nome}`}
                                onClick={() => setDialog({ kind: 'status', student, status: 'ativo' })}
                              >
                                <Power className="h-4 w-4 text-green-600" aria-hidden="true" />
                              </IconButton>
                            )}
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={filters.page}
            pageSize={STUDENT_PAGE_SIZE}
            total={data.total}
            onChange={(page) => setFilters({ ...filters, page })}
          />
        </div>
      ) : null}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <StudentFormModal
          student={dialog.kind === 'edit' ? dialog.student : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'details' && (
        <StudentDetailsModal
          student={dialog.student}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
          onStatus={(status, current) => setDialog({ kind: 'status', student: current, status })}
        />
      )}
      {dialog?.kind === 'status' && (
        <ConfirmDialog
          open
          title={`${statusActions.find((action) => action.status === dialog.status)?.label ?? 'Alterar'}: ${dialog.student.nome}`}
          message={statusActions.find((action) => action.status === dialog.status)?.message ?? ''}
          confirmLabel={statusActions.find((action) => action.status === dialog.status)?.label ?? 'Confirmar'}
          danger={dialog.status !== 'ativo'}
          busy={setStatus.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => handleStatus(dialog.student, dialog.status)}
        />
      )}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-gray-900">{children || '—'}</dd>
    </div>
  );
}

function StudentDetailsModal({
  student: snapshot,
  canWrite,
  onClose,
  onStatus,
}: {
  student: Student;
  canWrite: boolean;
  onClose: () => void;
  onStatus: (status: StudentStatus, current: Student) => void;
}) {
  // Fresh from the server, so a guardian added here shows at once.
  const fresh = useStudent(snapshot.id);
  const student = fresh.data ?? snapshot;
  const [adding, setAdding] = useState(false);
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={student.nome}
      description={`Matrícula ${student.matricula}`}
      footer={
        <>
          {canWrite &&
            statusActions
              .filter((action) => action.status !== student.status)
              .map((action) => (
                <Button
                  key={action.status}
                  variant="secondary"
                  onClick={() => onStatus(action.status, student)}
                >
                  {action.status === 'formado' && <GraduationCap className="h-4 w-4" aria-hidden="true" />}
                  {action.label}
                </Button>
              ))}
          <Button onClick={onClose}>Fechar</Button>
        </>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Status">
          <StudentStatusBadge status={student.status} />
        </Detail>
        <Detail label="Nascimento">
          {formatDate(student.data_nascimento)} ({student.idade} anos)
        </Detail>
        <Detail label="Turma">
          {student.turma ? `${student.turma.nome} — ${student.turma.serie}` : 'Sem turma'}
        </Detail>
        <Detail label="Matriculado em">{formatDate(student.data_matricula)}</Detail>
        <Detail label="E-mail">{student.email}</Detail>
        <Detail label="Telefone">{formatPhone(student.telefone)}</Detail>
        {student.cpf && <Detail label="CPF">{formatCpf(student.cpf)}</Detail>}
        <Detail label="Endereço">{student.endereco}</Detail>
        {student.observacoes && <Detail label="Observações">{student.observacoes}</Detail>}
      </dl>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-gray-800">Responsáveis</h3>
      {student.responsaveis.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum responsável cadastrado.</p>
      ) : (
        <ul className="space-y-2">
          {student.responsaveis.map((guardian) => (
            <li key={guardian.id} className="rounded-lg border border-gray-200 p-3 text-sm">
              <p className="font-medium text-gray-900">
                {guardian.nome}{' '}
                <span className="text-gray-600">({parentescoLabels[guardian.parentesco]})</span>
                {guardian.eh_principal && (
                  <span className="ml-2">
                    <Badge tone="blue">Principal</Badge>
                  </span>
                )}
              </p>
              <p className="text-gray-600">
                {formatPhone(guardian.telefone)}
                {guardian.email ? ` · ${guardian.email}` : ''}
                {guardian.cpf ? ` · CPF ${formatCpf(guardian.cpf)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite &&
        (adding ? (
          <AddGuardianForm alunoId={student.id} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => setAdding(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Adicionar responsável
          </Button>
        ))}
    </Modal>
  );
}

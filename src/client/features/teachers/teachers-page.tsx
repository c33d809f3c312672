import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import {
  BookOpen,
  Calendar,
  GraduationCap,
  KeyRound,
  Mail,
  Pencil,
  Phone,
  Plus,
  Search,
  Trash2,
  UserCheck,
  UserX,
} from 'lucide-react';
import { formatDate, formatPhone, todayIso } from '../../../shared/format';
import { can } from '../../../shared/permissions';
import {
  disciplinas,
  MAX_SUBJECTS_SHOWN,
  teacherStatuses,
  teacherStatusLabels,
  type Disciplina,
  type Teacher,
  type TeacherStatus,
} from '../../../shared/teachers.schemas';
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
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../auth/auth.api';
import { GeneratedPassword } from '../users/generated-password';
import { useDeleteTeacher, useSaveTeacher, useTeachers } from './teachers.api';

const statusTones: Record<TeacherStatus, BadgeTone> = { ativo: 'green', inativo: 'red', afastado: 'yellow' };

function normalise(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

type Dialog = { kind: 'form'; teacher: Teacher | null } | { kind: 'delete'; teacher: Teacher } | null;

export function TeachersPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(me?.nivel, 'teachers.write');
  const { data, isLoading, isError, refetch } = useTeachers();
  const remove = useDeleteTeacher();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TeacherStatus | 'todos'>('todos');
  const [dialog, setDialog] = useState<Dialog>(null);
  const all = data ?? [];
  const term = normalise(q.trim());
  const shown = all.filter(
    (teacher) =>
      (status === 'todos' || teacher.status === status) &&
      (term === '' ||
        normalise(teacher.nome).includes(term) ||
        normalise(teacher.email).includes(term) ||
        teacher.disciplinas.some((item) => normalise(item).includes(term))),
  );
  const subjects = new Set(all.flatMap((teacher) => teacher.disciplinas));

  const handleDelete = (teacher: Teacher) => {
    remove.mutate(teacher.id, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Professor excluído com sucesso!');
        setDialog(null);
      },
      onError: (error) => {
        toast.error(error.message || 'Erro ao excluir professor');
        setDialog(null);
      },
    });
  };

  return (
    <div>
      <PageHeader
        title="Professores"
        subtitle="Gerencie o corpo docente da escola"
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ kind: 'form', teacher: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Novo Professor
            </Button>
          )
        }
      />
      {isError && (
        <ErrorBanner>
          Erro ao carregar lista de professores.{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Tentar novamente
          </button>
        </ErrorBanner>
      )}
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total" value={data ? all.length : '—'} icon={GraduationCap} tone="blue" />
        <StatCard
          label="Ativos"
          value={data ? all.filter((t) => t.status === 'ativo').length : '—'}
          icon={UserCheck}
          tone="green"
        />
        <StatCard
          label="Afastados"
          value={data ? all.filter((t) => t.status === 'afastado').length : '—'}
          icon={UserX}
          tone="yellow"
        />
        <StatCard label="Disciplinas" value={data ? subjects.size : '—'} icon={BookOpen} tone="purple" />
      </div>
      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_auto]">
        <InputField
          label="Buscar"
          type="search"
          placeholder="Buscar por nome, e-mail ou disciplina..."
          value={q}
          onChange={(event) => setQ(event.target.value)}
          trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TeacherStatus | 'todos')}
        >
          <option value="todos">Todos</option>
          {teacherStatuses.map((value) => (
            <option key={value} value={value}>
              {teacherStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      {isLoading ? (
        <Spinner />
      ) : data && shown.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          {all.length === 0 ? (
            <EmptyState
              icon={GraduationCap}
              title="Nenhum professor cadastrado"
              hint={canWrite ? 'Adicione o primeiro professor.' : undefined}
            />
          ) : (
            <EmptyState
              icon={Search}
              title="Nenhum professor encontrado"
              hint="Tente ajustar os filtros de pesquisa."
            />
          )}
        </div>
      ) : data ? (
        <section className="rounded-xl border border-gray-200 bg-white">
          <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
            Lista de Professores ({shown.length})
          </h2>
          <ul className="divide-y divide-gray-100">
            {shown.map((teacher) => (
              <li
                key={teacher.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    {teacher.nome}{' '}
                    <Badge tone={statusTones[teacher.status]}>{teacherStatusLabels[teacher.status]}</Badge>
                  </p>
                  <p className="flex flex-wrap gap-x-4 text-sm text-gray-600">
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
                    {teacher.data_contratacao && (
                      <span className="inline-flex items-center gap-1">
                        <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
                        Desde {formatDate(teacher.data_contratacao)}
                      </span>
                    )}
                  </p>
                  {canWrite && (
                    <p className="mt-1 inline-flex items-center gap-1 text-xs text-gray-600">
                      <KeyRound className="h-3.5 w-3.5" aria-hidden="true" />
                      {teacher.tem_acesso
                        ? `Acesso ao portal: ${teacher.acesso_email ?? ''}`
                        : 'Sem acesso ao portal'}
                    </p>
                  )}
                  <p className="mt-1 flex flex-wrap gap-1">
                    {teacher.disciplinas.slice(0, MAX_SUBJECTS_SHOWN).map((item) => (
                      <Badge key={item} tone="blue">
                        {item}
                      </Badge>
                    ))}
                    {teacher.disciplinas.length > MAX_SUBJECTS_SHOWN && (
                      <Badge tone="gray">+{teacher.disciplinas.length - MAX_SUBJECTS_SHOWN} mais</Badge>
                    )}
                  </p>
                </div>
                {canWrite && (
                  <div className="flex gap-1">
                    <IconButton
                      label={`Editar ${teacher.nome}`}
                      onClick={() => setDialog({ kind: 'form', teacher })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={`Excluir ${teacher.nome}`}
                      onClick={() => setDialog({ kind: 'delete', teacher })}
                    >
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                    </IconButton>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {dialog?.kind === 'form' && (
        <TeacherFormModal teacher={dialog.teacher} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Excluir professor"
          message="Tem certeza que deseja excluir este professor?"
          confirmLabel="Excluir"
          danger
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => handleDelete(dialog.teacher)}
        />
      )}
    </div>
  );
}

function TeacherFormModal({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const save = useSaveTeacher();
  const [values, setValues] = useState({
    nome: teacher?.nome ?? '',
    email: teacher?.email ?? '',
    telefone: formatPhone(teacher?.telefone),
    data_contratacao: teacher ? (teacher.data_contratacao ?? '') : todayIso(),
    status: teacher?.status ?? 'ativo',
  });
  const [selected, setSelected] = useState<string[]>(teacher?.disciplinas ?? []);
  const [criarAcesso, setCriarAcesso] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean } | null>(null);

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (values.nome.trim() === '') local.nome = 'Nome é obrigatório';
    if (values.email.trim() === '') local.email = 'Email é obrigatório';
    setErrors(local);
    if (Object.keys(local).length > 0) {
      toast.error('Nome e e-mail são obrigatórios');
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: teacher?.id ?? null,
        input: {
          ...values,
          disciplinas: selected as Disciplina[],
          criar_acesso: criarAcesso,
          ...(teacher ? { version: teacher.version } : {}),
        },
      });
      toast.success(result.message ?? 'Professor salvo');
      if (result.data.senhaGerada)
        setCreated({ senha: result.data.senhaGerada, emailEnviado: result.data.emailEnviado });
      else onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        if (Object.keys(next).length === 0) next.form = error.message;
        setErrors(next);
      }
      toast.error(error instanceof ApiError ? error.message : 'Erro ao salvar professor');
    }
  };

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Acesso criado"
        footer={<Button onClick={onClose}>Concluir</Button>}
      >
        <GeneratedPassword password={created.senha} emailEnviado={created.emailEnviado} />
      </Modal>
    );
  }

  const field = (name: 'nome' | 'email' | 'telefone' | 'data_contratacao') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <FormModal
      title={teacher ? 'Editar Professor' : 'Novo Professor'}
      formId="teacher-form"
      submitLabel={teacher ? 'Atualizar Professor' : 'Adicionar Professor'}
      busy={save.isPending}
      error={errors.form}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Nome Completo" required {...field('nome')} />
        <InputField label="E-mail" type="email" required {...field('email')} />
        <InputField label="Telefone" type="tel" placeholder="(11) 91234-5678" {...field('telefone')} />
        <InputField label="Data de Contratação" type="date" {...field('data_contratacao')} />
        <SelectField
          label="Status"
          value={values.status}
          onChange={(event) => setValues({ ...values, status: event.target.value as TeacherStatus })}
        >
          {teacherStatuses.map((value) => (
            <option key={value} value={value}>
              {teacherStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">Disciplinas que Leciona</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {disciplinas.map((item) => (
            <label key={item} className="flex items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-gray-300"
                checked={selected.includes(item)}
                onChange={(event) =>
                  setSelected(
                    event.target.checked ? [...selected, item] : selected.filter((value) => value !== item),
                  )
                }
              />
              {item}
            </label>
          ))}
        </div>
      </fieldset>
      {teacher?.tem_acesso ? (
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <KeyRound className="h-4 w-4 text-green-700" aria-hidden="true" />
          Acesso ao portal pela conta {teacher.acesso_email}
        </p>
      ) : (
        <div>
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300"
              checked={criarAcesso}
              onChange={(event) => setCriarAcesso(event.target.checked)}
            />
            Criar acesso ao portal (senha gerada, enviada por e-mail)
          </label>
          <p className="mt-1 text-xs text-gray-500">
            Se já existir em Usuários uma conta de professor com este e-mail, ela é vinculada automaticamente.
          </p>
        </div>
      )}
    </FormModal>
  );
}

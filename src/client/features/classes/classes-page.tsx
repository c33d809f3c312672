import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { BookOpen, Pencil, Plus, School, Trash2, UserMinus, Users } from 'lucide-react';
import { formatDate, formatPhone, todayIso } from '../../../shared/format';
import { can } from '../../../shared/permissions';
import {
  classNiveis,
  classStatuses,
  classStatusLabels,
  DEFAULT_CAPACITY,
  turnoLabels,
  turnos,
  type ClassStatus,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import { parentescoLabels, studentStatusLabels } from '../../../shared/students.schemas';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import {
  Badge,
  EmptyState,
  ErrorBanner,
  PageHeader,
  Spinner,
  type BadgeTone,
} from '../../components/feedback';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import {
  useClasses,
  useClassStudents,
  useDeleteClass,
  useEnrol,
  useSaveClass,
  useStudentSearch,
  useTeacherOptions,
  useUnenrol,
} from './classes.api';

const statusTones: Record<ClassStatus, BadgeTone> = { ativo: 'green', inativo: 'red', concluido: 'gray' };

type Dialog =
  | { kind: 'form'; turma: SchoolClass | null }
  | { kind: 'students'; turma: SchoolClass }
  | { kind: 'delete'; turma: SchoolClass }
  | null;

export function ClassesPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(me?.nivel, 'classes.write');
  const { data, isLoading, isError, refetch } = useClasses();
  const remove = useDeleteClass();
  const [dialog, setDialog] = useState<Dialog>(null);

  const handleDelete = (turma: SchoolClass) => {
    remove.mutate(turma.id, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Turma excluída com sucesso!');
        setDialog(null);
      },
      onError: (error) => {
        toast.error(error.message || 'Erro ao excluir turma');
        setDialog(null);
      },
    });
  };

  return (
    <div>
      <PageHeader
        title="Turmas"
        subtitle={me?.nivel === 'administrador' ? 'Gerencie as turmas e classes da escola' : 'Suas turmas'}
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ kind: 'form', turma: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nova Turma
            </Button>
          )
        }
      />
      {isError && (
        <ErrorBanner>
          Erro ao carregar turmas.{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Tentar novamente
          </button>
        </ErrorBanner>
      )}
      {isLoading ? (
        <Spinner />
      ) : data && data.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          <EmptyState
            icon={School}
            title="Nenhuma turma encontrada"
            hint={canWrite ? 'Comece criando sua primeira turma' : undefined}
          />
        </div>
      ) : data ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((turma) => (
            <li
              key={turma.id}
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
              data-testid="turma-card"
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold text-gray-900">{turma.nome}</h2>
                  <p className="text-sm text-gray-600">
                    {turma.nivel} · {turma.serie}
                  </p>
                </div>
                <Badge tone={statusTones[turma.status]}>{classStatusLabels[turma.status]}</Badge>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-gray-500">Turno</dt>
                  <dd className="text-gray-900">{turnoLabels[turma.turno]}</dd>
                </div>
                <div>
                  <dt className="text-gray-500">Alunos</dt>
                  <dd className="text-gray-900">
                    {turma.alunos_count}/{turma.capacidade_maxima}
                  </dd>
                </div>
                <div>
                  <dt className="text-gray-500">Ano Letivo</dt>
                  <dd className="text-gray-900">{turma.ano_letivo}</dd>
                </div>
                <div>
                  <dt className="text-gray-500">Professor</dt>
                  <dd className="text-gray-900">{turma.professor_responsavel?.nome ?? 'Não atribuído'}</dd>
                </div>
              </dl>
              <div className="mt-auto flex flex-wrap gap-2 pt-4">
                {canWrite && (
                  <Button variant="secondary" onClick={() => setDialog({ kind: 'form', turma })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setDialog({ kind: 'students', turma })}>
                  <Users className="h-4 w-4" aria-hidden="true" /> Ver Alunos
                </Button>
                {canWrite && (
                  <IconButton
                    label={`Excluir ${turma.nome}`}
                    onClick={() => setDialog({ kind: 'delete', turma })}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                  </IconButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {dialog?.kind === 'form' && <ClassFormModal turma={dialog.turma} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'students' && (
        <ClassStudentsModal turma={dialog.turma} canWrite={canWrite} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Excluir turma"
          message="Tem certeza que deseja excluir esta turma?"
          confirmLabel="Excluir"
          danger
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => handleDelete(dialog.turma)}
        />
      )}
    </div>
  );
}

function ClassFormModal({ turma, onClose }: { turma: SchoolClass | null; onClose: () => void }) {
  const save = useSaveClass();
  const teachers = useTeacherOptions(true);
  const [values, setValues] = useState({
    nome: turma?.nome ?? '',
    nivel: turma?.nivel ?? '',
    serie: turma?.serie ?? '',
    turno: turma?.turno ?? 'manha',
    ano_letivo: turma?.ano_letivo ?? todayIso().slice(0, 4),
    capacidade_maxima: String(turma?.capacidade_maxima ?? DEFAULT_CAPACITY),
    professor_responsavel_id: turma?.professor_responsavel_id ?? '',
    observacoes: turma?.observacoes ?? '',
    status: turma?.status ?? 'ativo',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (values.nome.trim() === '') local.nome = 'Nome da turma é obrigatório';
    if (values.nivel === '') local.nivel = 'Nível é obrigatório';
    if (values.serie.trim() === '') local.serie = 'Série é obrigatória';
    if (!/^\d{4}$/.test(values.ano_letivo)) local.ano_letivo = 'Ano letivo inválido';
    const capacity = Number.parseInt(values.capacidade_maxima, 10);
    if (!Number.isInteger(capacity) || capacity < 1) local.capacidade_maxima = 'A capacidade mínima é 1';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const result = await save.mutateAsync({
        id: turma?.id ?? null,
        input: {
          ...values,
          nivel: values.nivel as (typeof classNiveis)[number],
          capacidade_maxima: capacity,
          professor_responsavel_id:
            values.professor_responsavel_id === '' ? null : values.professor_responsavel_id,
          ...(turma ? { version: turma.version } : {}),
        },
      });
      toast.success(result.message ?? 'Turma salva');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        if (Object.keys(next).length === 0) next.form = error.message;
        setErrors(next);
      }
      toast.error(turma ? 'Erro ao atualizar turma' : 'Erro ao criar turma');
    }
  };

  return (
    <FormModal
      title={turma ? 'Editar Turma' : 'Nova Turma'}
      formId="class-form"
      submitLabel={turma ? 'Salvar' : 'Criar Turma'}
      busy={save.isPending}
      error={errors.form}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Nome da Turma" required {...field('nome')} />
        <SelectField label="Nível" required {...field('nivel')}>
          <option value="">Selecione</option>
          {classNiveis.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <InputField label="Série" required placeholder="Ex: 1º ano" {...field('serie')} />
        <SelectField label="Turno" required {...field('turno')}>
          {turnos.map((value) => (
            <option key={value} value={value}>
              {turnoLabels[value]}
            </option>
          ))}
        </SelectField>
        {!turma && <InputField label="Ano Letivo" required inputMode="numeric" {...field('ano_letivo')} />}
        <InputField
          label="Capacidade Máxima"
          type="number"
          min={1}
          required
          {...field('capacidade_maxima')}
        />
        <SelectField label="Professor responsável" {...field('professor_responsavel_id')}>
          <option value="">Não atribuído</option>
          {(teachers.data ?? []).map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.nome}
            </option>
          ))}
        </SelectField>
        {turma && (
          <SelectField label="Status" {...field('status')}>
            {classStatuses.map((value) => (
              <option key={value} value={value}>
                {classStatusLabels[value]}
              </option>
            ))}
          </SelectField>
        )}
        <div className="sm:col-span-2">
          <TextAreaField label="Observações" rows={2} {...field('observacoes')} />
        </div>
      </div>
    </FormModal>
  );
}

function ClassStudentsModal({
  turma,
  canWrite,
  onClose,
}: {
  turma: SchoolClass;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { data, isLoading, isError } = useClassStudents(turma.id);
  const enrol = useEnrol();
  const unenrol = useUnenrol();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const candidates = useStudentSearch(search, canWrite);

  const handleEnrol = (alunoId: string) => {
    enrol.mutate(
      { id: turma.id, alunoId },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Aluno matriculado');
          setSearch('');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Alunos - ${turma.nome}`}
      footer={<Button onClick={onClose}>Fechar</Button>}
    >
      <dl className="mb-4 grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-gray-500">Professor</dt>
          <dd>{turma.professor_responsavel?.nome ?? 'Não atribuído'}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Turno</dt>
          <dd>{turnoLabels[turma.turno]}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Capacidade</dt>
          <dd>
            {turma.alunos_count}/{turma.capacidade_maxima}
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">Ano Letivo</dt>
          <dd>{turma.ano_letivo}</dd>
        </div>
      </dl>
      {canWrite && (
        <div className="mb-4">
          <InputField
            label="Matricular aluno"
            type="search"
            placeholder="Buscar aluno ativo por nome ou matrícula"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {candidates.data && search.trim().length >= 2 && (
            <ul className="mt-2 max-h-40 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
              {candidates.data.items
                .filter((student) => student.turma_id !== turma.id)
                .map((student) => (
                  <li key={student.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span>
                      {student.nome}{' '}
                      <span className="text-gray-500">({student.turma?.nome ?? 'sem turma'})</span>
                    </span>
                    <Button
                      variant="secondary"
                      loading={enrol.isPending}
                      onClick={() => handleEnrol(student.id)}
                    >
                      Matricular
                    </Button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
      <h3 className="mb-2 text-sm font-semibold text-gray-800">Lista de Alunos</h3>
      {isError && <ErrorBanner>Erro ao carregar alunos</ErrorBanner>}
      {isLoading ? (
        <Spinner />
      ) : data && data.length === 0 ? (
        <EmptyState icon={BookOpen} title="Nenhum aluno matriculado nesta turma" />
      ) : (
        <ul className="space-y-2" aria-label="Lista de Alunos">
          {(data ?? []).map((student) => (
            <li
              key={student.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-gray-200 p-3 text-sm"
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium text-gray-900">
                  {student.nome}
                  {student.status !== 'ativo' && (
                    <span className="ml-2">
                      <Badge tone="gray">{studentStatusLabels[student.status]}</Badge>
                    </span>
                  )}
                </p>
                <p className="text-gray-600">
                  {student.email ?? 'sem e-mail'} · Nasc. {formatDate(student.data_nascimento)}
                </p>
                {student.responsavel && (
                  <p className="text-gray-600">
                    Responsável: {student.responsavel.nome} (
                    {parentescoLabels[student.responsavel.parentesco]})
                    {student.responsavel.email ? ` · ${student.responsavel.email}` : ''} ·{' '}
                    <span className="whitespace-nowrap">{formatPhone(student.responsavel.telefone)}</span>
                  </p>
                )}
              </div>
              {canWrite &&
                (removing === student.id ? (
                  <div className="ml-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
                    <span className="text-xs text-gray-700">Remover da turma?</span>
                    <div className="flex gap-1">
                      <Button variant="secondary" onClick={() => setRemoving(null)}>
                        Não
                      </Button>
                      <Button
                        variant="danger"
                        loading={unenrol.isPending}
                        onClick={() =>
                          unenrol.mutate(
                            { id: turma.id, alunoId: student.id },
                            {
                              onSuccess: (result) => {
                                toast.success(result.message ?? 'Aluno removido da turma');
                                setRemoving(null);
                              },
                              onError: (error) => toast.error(error.message),
                            },
                          )
                        }
                      >
                        Remover
                      </Button>
                    </div>
                  </div>
                ) : (
                  <IconButton
                    label={`Remover ${student.nome} da turma`}
                    onClick={() => setRemoving(student.id)}
                  >
                    <UserMinus className="h-4 w-4 text-red-600" aria-hidden="true" />
                  </IconButton>
                ))}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

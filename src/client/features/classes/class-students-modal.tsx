import { useState } from 'react';
import toast from 'react-hot-toast';
import { BookOpen, UserMinus } from 'lucide-react';
import { formatDate, formatPhone } from '../../../shared/format';
import { turnoLabels } from '../../../shared/classes.schemas';
import { parentescoLabels, studentStatusLabels } from '../../../shared/students.schemas';
import { Button, IconButton } from '../../components/button';
import { InputField } from '../../components/field';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { useClassStudents, useEnrol, useStudentSearch, useUnenrol } from './classes.api';
import type { ClassDialogProps } from './class-dialog';

/** 'Ver Alunos': the class's students, with enrol and remove for who may write. */
export function ClassStudentsModal({ turma, canWrite, onClose }: ClassDialogProps) {
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
      title={`Alunos — ${turma.nome}`}
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

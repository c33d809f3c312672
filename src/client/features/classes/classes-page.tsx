import { useEffect } from 'react';
import { BookOpen, ClipboardList, Pencil, Route, School, Trash2, Users } from 'lucide-react';
import toast from 'react-hot-toast';
import { formatCount } from '../../../shared/format';
import { buildsCurriculum, can, permissionsOf } from '../../../shared/permissions';
import {
  classStatusLabels,
  isInfantil,
  turnoLabels,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import { Button, IconButton } from '../../components/button';
import { ImportAndAddButtons } from '../../components/list-actions';
import { ClassReportCardsButton } from '../../domain/class-report-cards-button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { DataList } from '../../components/data-list';
import { PageHeader } from '../../components/feedback';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useListState, useUrlParams } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { ImportModal } from '../../domain/import-modal';
import { ClassAction, classColumns, classSortColumns } from './class-columns';
import { ClassFormModal } from './class-form-modal';
import { ClassCurriculumModal } from './class-curriculum-modal';
import { ClassStudentsModal } from './class-students-modal';
import { ClassItinerariosModal } from './class-itinerarios-modal';
import { isEnsinoMedio } from '../../../shared/ensino-medio';
import { useClasses, useDeleteClass } from './classes.api';
import { ClassCensoDialog } from './class-censo-dialog';

/**
 * Names the class and says what goes with it. The server refuses a class that still has students
 * (of any status), a roll or grades: those are the school's records, kept by marking it concluded.
 */
function classDeletionMessage(turma: SchoolClass): string {
  return `Tem certeza que deseja excluir a turma ${turma.nome} (${turma.serie}, ${turma.ano_letivo})? A grade curricular dela (disciplinas, professores e horários) e o valor de mensalidade configurado para ela serão apagados; as mensalidades já geradas continuam. Uma turma com chamadas ou notas registradas não pode ser excluída: marque-a como concluída em Editar.`;
}

/** A class with students cannot be deleted: the dialog says so and leads to them instead of offering Excluir. */
function ClassNotEmpty({
  turma,
  onStudents,
  onClose,
}: {
  turma: SchoolClass;
  onStudents: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Excluir a turma ${turma.nome}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={onStudents}>
            <Users className="h-4 w-4" aria-hidden="true" /> Ver Alunos
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">
        A turma {turma.nome} ({turma.serie}, {turma.ano_letivo}) tem{' '}
        {formatCount(turma.alunos_count, 'aluno ativo', 'alunos ativos')} e só pode ser excluída sem alunos.
        Tire-os da turma em Ver Alunos (eles não são excluídos) ou, para encerrá-la, marque-a como concluída
        em Editar.
      </p>
    </Modal>
  );
}

export function ClassesPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(permissionsOf(me), 'classes.write');
  const canReportCards = can(permissionsOf(me), 'academics.manage');
  const canCenso = can(permissionsOf(me), 'censo.manage');
  const classes = useClasses();
  const remove = useDeleteClass();
  const list = useListState({ defaults: { q: '', turno: '', status: '' }, sortable: classSortColumns });
  const dialog = useRowDialog<{
    form: SchoolClass | null;
    students: SchoolClass;
    itinerarios: SchoolClass;
    delete: SchoolClass;
    import: null;
  }>();
  // The open grade curricular is in the URL (`?grade=<id>`): Notas and Frequência link to a class's
  // grade when it still lacks subjects, and a reload or Back shows the same dialog.
  const [params, updateParams] = useUrlParams();
  const gradeId = params.get('grade');
  const gradeClass = gradeId ? classes.data?.find((turma) => turma.id === gradeId) : undefined;
  const gradeMissing = gradeId !== null && classes.isSuccess && !gradeClass;
  useEffect(() => {
    if (!gradeMissing) return;
    toast.error('Turma não encontrada.');
    updateParams({ grade: null }, { replace: true });
  }, [gradeMissing, updateParams]);
  // The class's census dialog is in the URL too (`?censo=<id>`): the Censo's pending list links to it.
  const censoId = canCenso ? params.get('censo') : null;
  const { q, turno, status } = list.filters;
  const term = q.toLocaleLowerCase('pt-BR');
  const shown = classes.data?.filter(
    (turma) =>
      (turno === '' || turma.turno === turno) &&
      (status === '' || turma.status === status) &&
      (term === '' || `${turma.nome} ${turma.serie}`.toLocaleLowerCase('pt-BR').includes(term)),
  );
  return (
    <div>
      <PageHeader
        title="Turmas"
        subtitle={me?.nivel === 'administrador' ? 'Gerencie as turmas e classes da escola' : 'Suas turmas'}
        actions={
          canWrite && (
            <ImportAndAddButtons
              onImport={() => dialog.show('import')}
              onAdd={() => dialog.show('form', null)}
              addLabel="Nova Turma"
            />
          )
        }
      />
      <FilterBar columns="sm:grid-cols-[1fr_auto_auto]">
        <SearchFilter list={list} name="q" placeholder="Nome ou série" />
        <SelectFilter list={list} name="turno" label="Turno" options={turnoLabels} all="Todos os turnos" />
        <SelectFilter
          list={list}
          name="status"
          label="Status"
          options={classStatusLabels}
          all="Todos os status"
        />
      </FilterBar>
      <DataList
        label="Turmas"
        layout="cards"
        query={classes}
        rows={shown}
        list={list}
        columns={classColumns}
        rowKey={(turma) => turma.id}
        rowProps={() => ({ 'data-testid': 'turma-card' })}
        errorMessage="Erro ao carregar turmas"
        empty={{
          icon: School,
          title: 'Nenhuma turma encontrada',
          hint: list.isFiltered
            ? 'Tente ajustar os filtros de busca'
            : canWrite
              ? 'Comece criando sua primeira turma'
              : undefined,
        }}
        actions={(turma) => (
          <>
            {canWrite && (
              <ClassAction turma={turma} de={false} onClick={() => dialog.show('form', turma)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
              </ClassAction>
            )}
            <ClassAction turma={turma} onClick={() => dialog.show('students', turma)}>
              <Users className="h-4 w-4" aria-hidden="true" /> Ver Alunos
            </ClassAction>
            <ClassAction turma={turma} onClick={() => updateParams({ grade: turma.id })}>
              <BookOpen className="h-4 w-4" aria-hidden="true" /> Grade curricular
            </ClassAction>
            {isEnsinoMedio(turma.nivel) && (
              <ClassAction turma={turma} onClick={() => dialog.show('itinerarios', turma)}>
                <Route className="h-4 w-4" aria-hidden="true" /> Itinerários
              </ClassAction>
            )}
            {canCenso && (
              <ClassAction turma={turma} onClick={() => updateParams({ censo: turma.id })}>
                <ClipboardList className="h-4 w-4" aria-hidden="true" /> Censo
              </ClassAction>
            )}
            {/* Educação Infantil has pareceres, not boletins: the PDF would only answer with an error. */}
            {canReportCards && !isInfantil(turma.nivel) && (
              <ClassReportCardsButton turmaId={turma.id} turmaNome={`${turma.nome} de ${turma.ano_letivo}`} />
            )}
            {canWrite && (
              <IconButton label={`Excluir ${turma.nome}`} onClick={() => dialog.show('delete', turma)}>
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </IconButton>
            )}
          </>
        )}
      />
      {dialog.render('import', () => (
        <ImportModal kind="turmas" onClose={dialog.close} />
      ))}
      {dialog.render('form', (turma) => (
        <ClassFormModal turma={turma} onClose={dialog.close} />
      ))}
      {dialog.render('students', (turma) => (
        <ClassStudentsModal turma={turma} canWrite={canWrite} onClose={dialog.close} />
      ))}
      {dialog.render('itinerarios', (turma) => (
        <ClassItinerariosModal
          turma={turma}
          canWrite={can(permissionsOf(me), 'students.write')}
          onClose={dialog.close}
        />
      ))}
      {gradeClass && (
        <ClassCurriculumModal
          turma={gradeClass}
          canWrite={can(permissionsOf(me), buildsCurriculum)}
          onClose={() => updateParams({ grade: null }, { replace: true })}
        />
      )}
      {censoId && (
        <ClassCensoDialog
          key={censoId}
          turmaId={censoId}
          onClose={() => updateParams({ censo: null }, { replace: true })}
        />
      )}
      {dialog.render('delete', (turma) =>
        turma.alunos_count > 0 ? (
          <ClassNotEmpty
            turma={turma}
            onClose={dialog.close}
            onStudents={() => dialog.show('students', turma)}
          />
        ) : (
          <ConfirmAction
            title={`Excluir a turma ${turma.nome}`}
            message={classDeletionMessage(turma)}
            confirmLabel="Excluir"
            action={() => remove.mutateAsync(turma.id)}
            success="Turma excluída com sucesso!"
            failure="Erro ao excluir turma"
            closeOnError
            onClose={dialog.close}
          />
        ),
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { BookOpen, ClipboardList, Pencil, Route, School, Trash2, Users } from 'lucide-react';
import toast from 'react-hot-toast';
import { buildsCurriculum, can, permissionsOf } from '../../../shared/permissions';
import {
  classStatusLabels,
  isInfantil,
  turnoLabels,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import { IconButton } from '../../components/button';
import { ImportAndAddButtons } from '../../components/list-actions';
import { ClassReportCardsButton } from '../../domain/class-report-cards-button';
import { ConfirmAction } from '../../components/confirm-dialog';
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
import { ClassNotEmpty, classDeletionMessage } from './class-delete';

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
              <ClassAction turma={turma} de={false} label="Editar" onClick={() => dialog.show('form', turma)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </ClassAction>
            )}
            <ClassAction turma={turma} label="Ver Alunos" onClick={() => dialog.show('students', turma)}>
              <Users className="h-4 w-4" aria-hidden="true" />
            </ClassAction>
            <ClassAction
              turma={turma}
              label="Grade curricular"
              onClick={() => updateParams({ grade: turma.id })}
            >
              <BookOpen className="h-4 w-4" aria-hidden="true" />
            </ClassAction>
            {isEnsinoMedio(turma.nivel) && (
              <ClassAction
                turma={turma}
                label="Itinerários"
                onClick={() => dialog.show('itinerarios', turma)}
              >
                <Route className="h-4 w-4" aria-hidden="true" />
              </ClassAction>
            )}
            {canCenso && (
              <ClassAction turma={turma} label="Censo" onClick={() => updateParams({ censo: turma.id })}>
                <ClipboardList className="h-4 w-4" aria-hidden="true" />
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

import {
  BookOpen,
  ClipboardList,
  GraduationCap,
  Pencil,
  Search,
  Trash2,
  UserCheck,
  UserX,
} from 'lucide-react';
import { can, permissionsOf } from '../../../shared/permissions';
import { teacherStatusLabels, type Teacher } from '../../../shared/teachers.schemas';
import { IconButton } from '../../components/button';
import { ImportAndAddButtons } from '../../components/list-actions';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { PageHeader, StatGrid } from '../../components/feedback';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useSearchParams } from 'react-router';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { ImportModal } from '../../domain/import-modal';
import { CensoProfissionaisSection } from './censo-profissionais-section';
import { teacherColumns, teacherSortColumns } from './teacher-columns';
import { TeacherFormModal } from './teacher-form-modal';
import { useDeleteTeacher, useTeachers } from './teachers.api';

/** Accents and case do not matter in the search ('joao' finds 'João'). */
function normalise(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Names the teacher and says what goes with the record: the families' conversations with them
 * (Mensagens) are deleted with it; the portal account is not. The server refuses a teacher who is
 * still responsible for a class or teaches in a grade curricular.
 */
function teacherDeletionMessage(teacher: Teacher): string {
  const account = teacher.acesso_email
    ? ` A conta de acesso ao portal (${teacher.acesso_email}) não é excluída: desative-a em Usuários.`
    : '';
  return `Tem certeza que deseja excluir ${teacher.nome} de Professores? O cadastro e as conversas das famílias com este professor em Mensagens serão apagados.${account} Quem ainda é responsável por uma turma ou leciona na grade de alguma não pode ser excluído; para quem só deixou a escola, prefira o status Inativo em Editar.`;
}

export function TeachersPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(permissionsOf(me), 'teachers.write');
  // Censo Escolar: each teacher's 'Dados do Censo' and the gestor list, for census managers only.
  const canCenso = can(permissionsOf(me), 'censo.manage');
  const [, setParams] = useSearchParams();
  const teachers = useTeachers();
  const remove = useDeleteTeacher();
  const list = useListState({ defaults: { q: '', status: '' }, sortable: teacherSortColumns });
  const dialog = useRowDialog<{ form: Teacher | null; delete: Teacher; import: null }>();
  const all = teachers.data;
  const term = normalise(list.filters.q);
  // The whole staff comes in one answer: the filters run here.
  const shown = all?.filter(
    (teacher) =>
      (list.filters.status === '' || teacher.status === list.filters.status) &&
      (term === '' ||
        normalise(teacher.nome).includes(term) ||
        normalise(teacher.email).includes(term) ||
        teacher.disciplinas.some((item) => normalise(item).includes(term))),
  );
  const subjects = new Set(all?.flatMap((teacher) => teacher.disciplinas));
  return (
    <div>
      <PageHeader
        title="Professores"
        subtitle="Gerencie o corpo docente da escola"
        actions={
          canWrite && (
            <ImportAndAddButtons
              onImport={() => dialog.show('import')}
              onAdd={() => dialog.show('form', null)}
              addLabel="Novo Professor"
            />
          )
        }
      />
      <StatGrid
        stats={[
          { label: 'Total', value: all?.length, icon: GraduationCap, tone: 'blue' },
          {
            label: 'Ativos',
            value: all?.filter((t) => t.status === 'ativo').length,
            icon: UserCheck,
            tone: 'green',
          },
          {
            label: 'Afastados',
            value: all?.filter((t) => t.status === 'afastado').length,
            icon: UserX,
            tone: 'yellow',
          },
          { label: 'Disciplinas', value: all && subjects.size, icon: BookOpen, tone: 'purple' },
        ]}
      />
      <FilterBar columns="sm:grid-cols-[1fr_auto]">
        <SearchFilter list={list} name="q" placeholder="Buscar por nome, e-mail ou disciplina..." />
        <SelectFilter list={list} name="status" label="Status" options={teacherStatusLabels} all="Todos" />
      </FilterBar>
      <DataList
        label="Lista de Professores"
        header={
          shown && <h2 className="font-semibold text-gray-900">Lista de Professores ({shown.length})</h2>
        }
        query={teachers}
        rows={shown}
        list={list}
        columns={canWrite ? teacherColumns : teacherColumns.filter((column) => column.id !== 'acesso')}
        rowKey={(teacher) => teacher.id}
        errorMessage="Erro ao carregar lista de professores"
        empty={
          all?.length === 0
            ? {
                icon: GraduationCap,
                title: 'Nenhum professor cadastrado',
                hint: canWrite ? 'Adicione o primeiro professor.' : undefined,
              }
            : {
                icon: Search,
                title: 'Nenhum professor encontrado',
                hint: 'Tente ajustar os filtros de pesquisa.',
              }
        }
        actions={
          canWrite || canCenso
            ? (teacher) => (
                <>
                  {canCenso && (
                    <IconButton
                      label={`Dados do Censo de ${teacher.nome}`}
                      onClick={() =>
                        setParams((atuais) => {
                          atuais.set('censo', teacher.id);
                          return atuais;
                        })
                      }
                    >
                      <ClipboardList className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  )}
                  {canWrite && (
                    <>
                      <IconButton
                        label={`Editar ${teacher.nome}`}
                        onClick={() => dialog.show('form', teacher)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={`Excluir ${teacher.nome}`}
                        onClick={() => dialog.show('delete', teacher)}
                      >
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                      </IconButton>
                    </>
                  )}
                </>
              )
            : undefined
        }
      />
      {canCenso && <CensoProfissionaisSection />}
      {dialog.render('import', () => (
        <ImportModal kind="professores" onClose={dialog.close} />
      ))}
      {dialog.render('form', (teacher) => (
        <TeacherFormModal teacher={teacher} onClose={dialog.close} />
      ))}
      {dialog.render('delete', (teacher) => (
        <ConfirmAction
          title={`Excluir ${teacher.nome}`}
          message={teacherDeletionMessage(teacher)}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(teacher.id)}
          success="Professor excluído com sucesso!"
          failure="Erro ao excluir professor"
          closeOnError
          onClose={dialog.close}
        />
      ))}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ArrowRightLeft, Download, UserCheck, UserPlus, Users } from 'lucide-react';
import { can, permissionsOf } from '../../../shared/permissions';
import {
  STUDENT_PAGE_SIZE,
  studentSortColumns,
  studentStatusLabels,
  type StudentListItem,
  type StudentStatus,
} from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { ImportAndAddButtons } from '../../components/list-actions';
import { DataList } from '../../components/data-list';
import { PageHeader, StatGrid } from '../../components/feedback';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useListState, useUrlParams } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { ImportModal } from '../../domain/import-modal';
import { PortalRequestsLink } from './portal-requests-link';
import { PortalRequestsPage } from './portal-requests-page';
import { OwnContactCard } from '../../domain/own-contact-card';
import { StudentActions, studentColumns } from './student-columns';
import { StudentDetailsModal } from './student-details-modal';
import { StudentEditModal, StudentFormModal } from './student-form-modal';
import { StudentStatusDialog } from './student-status-dialog';
import {
  exportStudents,
  studentFilterDefaults,
  useClassOptions,
  useStudent,
  useStudents,
} from './students.api';
import { CappedSearchNotice } from './capped-search-notice';

/** Alunos; with `?pedidos=portal`, the families' requests to disable a student's portal account. */
export function StudentsPage() {
  const { data: me } = useCurrentUser();
  const [params] = useUrlParams();
  if (params.get('pedidos') === 'portal' && can(permissionsOf(me), 'students.write'))
    return <PortalRequestsPage />;
  return <StudentsList />;
}

function StudentsList() {
  const { data: me } = useCurrentUser();
  const canWrite = can(permissionsOf(me), 'students.write');
  // A guardian sees their own children: no school-wide counters and no spreadsheet export.
  const isGuardian = me?.nivel === 'responsavel';
  // The school's staff also find a student by the student's or a guardian's CPF (only they see CPFs).
  const searchHint = `Nome, matrícula${me?.nivel === 'administrador' ? ', e-mail ou CPF' : ' ou e-mail'}`;
  const list = useListState({ defaults: studentFilterDefaults, sortable: studentSortColumns });
  // The filter's options first: the bar is complete before the rows arrive.
  const classes = useClassOptions();
  const students = useStudents(list.query);
  const dialog = useRowDialog<{
    create: null;
    import: null;
    edit: StudentListItem;
    status: { student: StudentListItem; status: StudentStatus; fromDetails?: boolean };
  }>();
  const [exporting, setExporting] = useState(false);
  const data = students.data;
  // The open card is in the URL (`?aluno=<id>`, the boletim's year beside it as `?ano=`): a reload,
  // Back or a pasted link (a notification's: boletim published, absence) shows the same card. A card
  // is the whole record, read on its own (a row of the list carries only what the list shows).
  const [params, updateParams] = useUrlParams();
  const openId = params.get('aluno');
  const fetched = useStudent(openId);
  const openStudent = fetched.data;
  const openDetails = (student: StudentListItem, options?: { replace?: boolean }) =>
    updateParams({ aluno: student.id, ano: null, falta: null, secao: null }, options);
  const closeDetails = useCallback(
    (options?: { replace?: boolean }) =>
      updateParams({ aluno: null, ano: null, falta: null, secao: null }, options),
    [updateParams],
  );
  // A link to a student this user does not see (or no longer exists) closes quietly, with a word.
  const missing = fetched.isError;
  useEffect(() => {
    if (!missing) return;
    toast.error('Aluno não encontrado.');
    closeDetails({ replace: true });
  }, [missing, closeDetails]);

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await exportStudents(format, list.filters);
    } catch {
      toast.error('Erro ao exportar alunos');
    } finally {
      setExporting(false);
    }
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
                <Button
                  variant="secondary"
                  aria-disabled={exporting}
                  onClick={() => void handleExport('xlsx')}
                >
                  <Download className="h-4 w-4" aria-hidden="true" /> Exportar XLSX
                </Button>
              </>
            )}
            {canWrite && <PortalRequestsLink />}
            {canWrite && (
              <ImportAndAddButtons
                onImport={() => dialog.show('import')}
                onAdd={() => dialog.show('create')}
                addLabel="Novo Aluno"
              />
            )}
          </>
        }
      />

      {isGuardian && <OwnContactCard />}

      <StatGrid
        hidden={isGuardian}
        stats={[
          { label: 'Total de Alunos', value: data?.counts.total, icon: Users, tone: 'blue' },
          { label: 'Alunos Ativos', value: data?.counts.ativos, icon: UserCheck, tone: 'green' },
          { label: 'Novos este Mês', value: data?.counts.novosEsteMes, icon: UserPlus, tone: 'purple' },
          { label: 'Transferidos', value: data?.counts.transferidos, icon: ArrowRightLeft, tone: 'yellow' },
        ]}
      />

      <FilterBar columns="sm:grid-cols-[1fr_auto_auto_auto]" submitLabel="Filtrar">
        <SearchFilter list={list} name="q" placeholder={searchHint} />
        <SelectFilter
          list={list}
          name="status"
          label="Status"
          options={studentStatusLabels}
          all="Todos os status"
        />
        <SelectFilter
          list={list}
          name="turma_id"
          label="Turma"
          options={optionsOf(
            classes.data,
            (turma) => turma.id,
            (turma) => `${turma.nome} (${turma.ano_letivo})`,
          )}
          all="Todas as turmas"
        />
      </FilterBar>

      <DataList
        label="Alunos"
        query={students}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: STUDENT_PAGE_SIZE, capped: data.totalCapped }}
        header={data?.totalCapped && <CappedSearchNotice total={data.total} />}
        columns={studentColumns}
        rowKey={(student) => student.id}
        errorMessage="Erro ao carregar dados"
        empty={{
          icon: Users,
          title: 'Nenhum aluno encontrado',
          hint: list.isFiltered
            ? 'Tente ajustar os filtros de busca'
            : canWrite
              ? 'Cadastre o primeiro aluno'
              : undefined,
        }}
        actions={(student) => (
          <StudentActions
            student={student}
            canWrite={canWrite}
            onDetails={() => openDetails(student)}
            onEdit={() => dialog.show('edit', student)}
            onStatus={(status) => dialog.show('status', { student, status })}
          />
        )}
      />

      {dialog.render('create', () => (
        <StudentFormModal student={null} onClose={dialog.close} />
      ))}
      {dialog.render('import', () => (
        <ImportModal kind="alunos" onClose={dialog.close} />
      ))}
      {dialog.render('edit', (student) => (
        <StudentEditModal id={student.id} onClose={dialog.close} />
      ))}
      {openStudent && (
        <StudentDetailsModal
          student={openStudent}
          canWrite={canWrite}
          canExcuse={can(permissionsOf(me), 'academics.manage')}
          canAnonymise={can(permissionsOf(me), 'privacy.manage')}
          censo={
            can(permissionsOf(me), 'students.sensitive') ? { aberta: params.get('secao') === 'censo' } : null
          }
          documents={
            can(permissionsOf(me), 'documents.manage')
              ? 'manage'
              : can(permissionsOf(me), 'documents.issue')
                ? 'self'
                : 'none'
          }
          onClose={() => closeDetails()}
          onStatus={(status, current) => {
            closeDetails({ replace: true });
            dialog.show('status', { student: current, status, fromDetails: true });
          }}
        />
      )}
      {dialog.render('status', ({ student, status, fromDetails }) => (
        <StudentStatusDialog
          student={student}
          status={status}
          canCancelTuition={can(permissionsOf(me), 'finance.manage')}
          onClose={() => {
            dialog.close(); // back to the card it was asked from, if it was
            if (fromDetails) openDetails(student, { replace: true });
          }}
        />
      ))}
    </div>
  );
}

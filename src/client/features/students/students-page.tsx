import { useState } from 'react';
import toast from 'react-hot-toast';
import { ArrowRightLeft, Download, Plus, UserCheck, UserPlus, Users } from 'lucide-react';
import { can } from '../../../shared/permissions';
import {
  STUDENT_PAGE_SIZE,
  studentSortColumns,
  studentStatusLabels,
  type Student,
  type StudentStatus,
} from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { PageHeader, StatCard } from '../../components/feedback';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { OwnContactCard } from './own-contact-card';
import { StudentActions, studentColumns } from './student-columns';
import { StudentDetailsModal } from './student-details-modal';
import { StudentFormModal } from './student-form-modal';
import { statusActions } from './student-status';
import {
  exportStudents,
  studentFilterDefaults,
  useClassOptions,
  useSetStudentStatus,
  useStudents,
} from './students.api';

export function StudentsPage() {
  const { data: me } = useCurrentUser();
  const canWrite = can(me?.nivel, 'students.write');
  // A guardian sees their own children: no school-wide counters and no spreadsheet export.
  const isGuardian = me?.nivel === 'responsavel';
  const list = useListState({ defaults: studentFilterDefaults, sortable: studentSortColumns });
  // The filter's options first: the bar is complete before the rows arrive.
  const classes = useClassOptions();
  const students = useStudents(list.query);
  const setStatus = useSetStudentStatus();
  const dialog = useRowDialog<{
    create: null;
    edit: Student;
    details: Student;
    status: { student: Student; status: StudentStatus };
  }>();
  const [exporting, setExporting] = useState(false);
  const data = students.data;
  const changing = dialog.rowOf('status');
  const action = changing && statusActions.find((item) => item.status === changing.status);

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

  const handleStatus = ({ student, status }: { student: Student; status: StudentStatus }) => {
    setStatus.mutate(
      { id: student.id, status, version: student.version },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Status alterado');
          dialog.close();
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
              <Button onClick={() => dialog.show('create')}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Novo Aluno
              </Button>
            )}
          </>
        }
      />

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

      <FilterBar columns="sm:grid-cols-[1fr_auto_auto_auto]" submitLabel="Filtrar">
        <SearchFilter list={list} name="q" placeholder="Nome, matrícula ou e-mail" />
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
            (turma) => turma.nome,
          )}
          all="Todas as turmas"
        />
      </FilterBar>

      <DataList
        label="Alunos"
        query={students}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: STUDENT_PAGE_SIZE }}
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
            onDetails={() => dialog.show('details', student)}
            onEdit={() => dialog.show('edit', student)}
            onStatus={(status) => dialog.show('status', { student, status })}
          />
        )}
      />

      {dialog.render('create', () => (
        <StudentFormModal student={null} onClose={dialog.close} />
      ))}
      {dialog.render('edit', (student) => (
        <StudentFormModal student={student} onClose={dialog.close} />
      ))}
      {dialog.render('details', (student) => (
        <StudentDetailsModal
          student={student}
          canWrite={canWrite}
          onClose={dialog.close}
          onStatus={(status, current) => dialog.show('status', { student: current, status })}
        />
      ))}
      {changing && (
        <ConfirmDialog
          open
          title={`${action?.label ?? 'Alterar'}: ${changing.student.nome}`}
          message={action?.message ?? ''}
          confirmLabel={action?.label ?? 'Confirmar'}
          danger={changing.status !== 'ativo'}
          busy={setStatus.isPending}
          onCancel={dialog.close}
          onConfirm={() => handleStatus(changing)}
        />
      )}
    </div>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import { GraduationCap, Link2, UserPlus } from 'lucide-react';
import { formatDate, formatPhone } from '../../../shared/format';
import { formatDestino, type Student, type StudentStatus } from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { ReportCardView } from '../../domain/report-card';
import { ChildPareceres } from '../../domain/parecer-parts';
import { isInfantil } from '../../../shared/classes.schemas';
import { AddGuardianForm } from './add-guardian-form';
import { AnonymiseStudentSection } from './anonymise-student';
import { PriorYearsSection } from './prior-years-section';
import { StudentPortalAccess } from './student-portal-access';
import { StudentDocuments } from './student-documents';
import { GuardianList, LinkGuardianForm } from './guardian-panel';
import { StudentAccesses } from './student-accesses';
import { StudentAttendance } from './student-attendance';
import { StudentCensoSection } from './student-censo-section';
import { useRefocus } from './use-refocus';
import { statusActionsFrom, StudentStatusBadge } from './student-status';
import { useStudent } from './students.api';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-gray-900">{children || '—'}</dd>
    </div>
  );
}

/** 'Em 14/08/2026, para EE Jorge Amado (Campinas/SP)': the day out of class and where to, if known. */
export function departureLine(saida: NonNullable<Student['saida']>): string {
  const where = formatDestino(saida);
  return `Em ${formatDate(saida.data)}${where ? `, para ${where}` : ''}`;
}

/** A student's record with their guardians; 'Adicionar responsável' and the status changes from here. */
export function StudentDetailsModal({
  student: snapshot,
  canWrite,
  canExcuse = false,
  canAnonymise = false,
  censo = null,
  documents = 'none',
  onClose,
  onStatus,
}: {
  student: Student;
  canWrite: boolean;
  /** Administrators exempt absences ('abonar'). */
  canExcuse?: boolean;
  /** Administrators erase a former student's personal data (LGPD). */
  canAnonymise?: boolean;
  /** Holders of students.sensitive: the census section (`aberta` when a pendência's link opened the card). */
  censo?: { aberta: boolean } | null;
  /** 'manage': every document, revocation and the previous schools' years; 'self': a guardian's declarations. */
  documents?: 'manage' | 'self' | 'none';
  onClose: () => void;
  onStatus: (status: StudentStatus, current: Student) => void;
}) {
  // Fresh from the server, so a guardian added here shows at once.
  const fresh = useStudent(snapshot.id);
  const student = fresh.data ?? snapshot;
  const [adding, setAdding] = useState<'new' | 'link' | null>(null);
  // Saved or cancelled, a guardian's form gives the focus back to the button that opened it.
  const addButtons = useRef<HTMLDivElement>(null);
  const refocusAfter = useRefocus(addButtons, adding);
  const closeAdding = (key: 'new' | 'link') => {
    refocusAfter(key);
    setAdding(null);
  };
  return (
    <Modal
      open
      onClose={onClose}
      // Wide enough for the boletim's table (4 bimestres, média, faltas, frequência, situação) on a desk.
      size="xl"
      title={student.nome}
      description={`Matrícula ${student.matricula}`}
      footer={
        <>
          {canWrite &&
            student.saida &&
            (student.status === 'inativo' || student.status === 'transferido') && (
              <Button variant="secondary" onClick={() => onStatus(student.status, student)}>
                Corrigir saída
              </Button>
            )}
          {canWrite &&
            statusActionsFrom(student.status).map((action) => (
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
          {student.turma
            ? `${student.turma.nome} — ${student.turma.serie}${student.data_enturmacao ? ` (desde ${formatDate(student.data_enturmacao)})` : ''}`
            : 'Sem turma'}
        </Detail>
        <Detail label="Data da matrícula">{formatDate(student.data_matricula)}</Detail>
        {student.saida && <Detail label="Saída">{departureLine(student.saida)}</Detail>}
        <Detail label="E-mail">{student.email}</Detail>
        <Detail label="Telefone">{formatPhone(student.telefone)}</Detail>
        {student.cpf && <Detail label="CPF">{formatCpf(student.cpf)}</Detail>}
        <Detail label="Endereço">{student.endereco}</Detail>
        {student.observacoes && <Detail label="Observações">{student.observacoes}</Detail>}
      </dl>
      <div className="mt-6 border-t border-gray-200 pt-4">
        <StudentAttendance alunoId={student.id} canExcuse={canExcuse} />
      </div>
      <div className="mt-6 border-t border-gray-200 pt-4">
        {isInfantil(student.turma?.nivel ?? '') ? (
          <ChildPareceres alunoId={student.id} />
        ) : (
          <ReportCardView alunoId={student.id} />
        )}
      </div>
      {documents !== 'none' && (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <StudentDocuments
            alunoId={student.id}
            studentName={student.nome}
            canManage={documents === 'manage'}
            transferidoEm={student.status === 'transferido' ? (student.saida?.data ?? null) : null}
          />
        </div>
      )}
      {documents === 'manage' && (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <PriorYearsSection alunoId={student.id} />
        </div>
      )}
      <h3 className="mt-6 mb-2 text-sm font-semibold text-gray-800">Responsáveis</h3>
      <GuardianList student={student} canWrite={canWrite} />
      {canWrite && adding === null && (
        <div ref={addButtons} className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" data-refocus="new" onClick={() => setAdding('new')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Adicionar responsável
          </Button>
          <Button variant="secondary" data-refocus="link" onClick={() => setAdding('link')}>
            <Link2 className="h-4 w-4" aria-hidden="true" /> Vincular responsável existente
          </Button>
        </div>
      )}
      {canWrite && adding === 'new' && (
        <AddGuardianForm alunoId={student.id} onDone={() => closeAdding('new')} />
      )}
      {canWrite && adding === 'link' && (
        <LinkGuardianForm student={student} onDone={() => closeAdding('link')} />
      )}
      {canWrite && (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <StudentPortalAccess alunoId={student.id} emailDoCadastro={student.email} />
        </div>
      )}
      {censo && (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <StudentCensoSection alunoId={student.id} aberta={censo.aberta} />
        </div>
      )}
      {documents === 'manage' && (
        <div className="mt-6 border-t border-gray-200 pt-4">
          <StudentAccesses alunoId={student.id} />
        </div>
      )}
      {canAnonymise && <AnonymiseStudentSection student={student} />}
    </Modal>
  );
}

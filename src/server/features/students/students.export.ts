import { formatDate, formatPhone } from '../../../shared/format.js';
import { parentescoLabels, studentStatusLabels, type Student } from '../../../shared/students.schemas.js';
import { formatCpf } from '../../../shared/validators.js';
import { toCsv, toXlsx, type ExportColumn } from '../../lib/spreadsheet.js';

import { seesCpf, type FieldView } from './students.presenter.js';

/** The export's columns follow the role's field view: a teacher's sheet has no contact columns. */
function columnsFor(view: FieldView): ExportColumn<Student>[] {
  const family = view !== 'teacher';
  const columns: ExportColumn<Student>[] = [
    { header: 'Matrícula', value: (s) => s.matricula },
    { header: 'Nome', value: (s) => s.nome },
    { header: 'Data de nascimento', value: (s) => formatDate(s.data_nascimento) },
    { header: 'Idade', value: (s) => s.idade },
    { header: 'Turma', value: (s) => s.turma?.nome ?? '' },
    { header: 'Série', value: (s) => s.turma?.serie ?? '' },
    { header: 'Status', value: (s) => studentStatusLabels[s.status] },
  ];
  if (family)
    columns.push(
      { header: 'E-mail', value: (s) => s.email ?? '' },
      { header: 'Telefone', value: (s) => formatPhone(s.telefone) },
    );
  if (seesCpf(view)) columns.push({ header: 'CPF', value: (s) => formatCpf(s.cpf) });
  columns.push(
    { header: 'Responsável', value: (s) => s.responsavel?.nome ?? '' },
    { header: 'Parentesco', value: (s) => (s.responsavel ? parentescoLabels[s.responsavel.parentesco] : '') },
    { header: 'Telefone do responsável', value: (s) => formatPhone(s.responsavel?.telefone) },
  );
  if (family) columns.push({ header: 'E-mail do responsável', value: (s) => s.responsavel?.email ?? '' });
  columns.push({ header: 'Data de matrícula', value: (s) => formatDate(s.data_matricula) });
  return columns;
}

/** Semicolon CSV with a BOM: what Excel in pt-BR opens directly, and LibreOffice and Sheets detect. */
export function studentsToCsv(students: Student[], view: FieldView): string {
  return toCsv(columnsFor(view), students);
}

export function studentsToXlsx(students: Student[], view: FieldView): Promise<Buffer> {
  return toXlsx('Alunos', columnsFor(view), students);
}

import ExcelJS from 'exceljs';
import { formatDate, formatPhone } from '../../../shared/format.js';
import { parentescoLabels, studentStatusLabels, type Student } from '../../../shared/students.schemas.js';
import { formatCpf } from '../../../shared/validators.js';

interface Column {
  header: string;
  value: (student: Student) => string | number;
}

function columnsFor(showCpf: boolean): Column[] {
  const columns: Column[] = [
    { header: 'Matrícula', value: (s) => s.matricula },
    { header: 'Nome', value: (s) => s.nome },
    { header: 'Data de nascimento', value: (s) => formatDate(s.data_nascimento) },
    { header: 'Idade', value: (s) => s.idade },
    { header: 'Turma', value: (s) => s.turma?.nome ?? '' },
    { header: 'Série', value: (s) => s.turma?.serie ?? '' },
    { header: 'Status', value: (s) => studentStatusLabels[s.status] },
    { header: 'E-mail', value: (s) => s.email ?? '' },
    { header: 'Telefone', value: (s) => formatPhone(s.telefone) },
  ];
  if (showCpf) columns.push({ header: 'CPF', value: (s) => formatCpf(s.cpf) });
  columns.push(
    { header: 'Responsável', value: (s) => s.responsavel?.nome ?? '' },
    { header: 'Parentesco', value: (s) => (s.responsavel ? parentescoLabels[s.responsavel.parentesco] : '') },
    { header: 'Telefone do responsável', value: (s) => formatPhone(s.responsavel?.telefone) },
    { header: 'E-mail do responsável', value: (s) => s.responsavel?.email ?? '' },
    { header: 'Data de matrícula', value: (s) => formatDate(s.data_matricula) },
  );
  return columns;
}

/** A cell that a spreadsheet would run as a formula is prefixed with an apostrophe (CSV injection). */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number): string {
  const text = neutralise(String(value));
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Semicolon-separated with a UTF-8 BOM: what Excel in pt-BR opens directly (the comma is the decimal
 * separator there), and what LibreOffice and Google Sheets detect.
 */
export function studentsToCsv(students: Student[], showCpf: boolean): string {
  const columns = columnsFor(showCpf);
  const lines = [columns.map((column) => csvCell(column.header)).join(';')];
  for (const student of students)
    lines.push(columns.map((column) => csvCell(column.value(student))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function studentsToXlsx(students: Student[], showCpf: boolean): Promise<Buffer> {
  const columns = columnsFor(showCpf);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sistema Escolar';
  const sheet = workbook.addWorksheet('Alunos');
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const student of students) {
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(student);
        return typeof value === 'string' ? neutralise(value) : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

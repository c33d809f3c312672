import { and, asc, eq } from 'drizzle-orm';
import { classImportColumns, teacherImportColumns } from '../../../shared/importacao.kinds.js';
import { importColumns, type ImportColumn } from '../../../shared/importacao.schemas.js';
import { completeCpf, formatCpf } from '../../../shared/validators.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { clock } from '../../lib/clock.js';
import { toCsv, toXlsx, type ExportColumn } from '../../lib/spreadsheet.js';

type TemplateRow = Partial<Record<string, string>>;

const dateColumns = new Set(['data_nascimento', 'data_matricula', 'data_contratacao']);

function columnsOf(list: readonly ImportColumn<string>[]): ExportColumn<TemplateRow>[] {
  return list.map((column) => ({
    header: column.header,
    value: (row) => row[column.key] ?? '',
    date: dateColumns.has(column.key),
    width: Math.max(column.header.length, 16),
  }));
}

/** The template as CSV or XLSX: the columns' headers and example rows that import as they are. */
async function template(
  sheetName: string,
  columns: readonly ImportColumn<string>[],
  rows: TemplateRow[],
  format: 'csv' | 'xlsx',
): Promise<string | Buffer> {
  return format === 'xlsx' ? toXlsx(sheetName, columnsOf(columns), rows) : toCsv(columnsOf(columns), rows);
}

/**
 * Two students that import as they are (the template round-trips): blank matrículas, numbered by the
 * school's pattern; valid CPFs; the first Fundamental I class of this year when the school has one (the
 * children are 9 and 7: the first class by name was often the 1ª série of the Ensino Médio, 'ª' sorting
 * before 'º'), no class otherwise; the first with a second guardian.
 */
export async function studentTemplate(db: DbOrTx, format: 'csv' | 'xlsx'): Promise<string | Buffer> {
  const ano = clock.today().slice(0, 4);
  const [turma] = await db
    .select({ nome: classes.nome })
    .from(classes)
    .where(and(eq(classes.anoLetivo, ano), eq(classes.nivel, 'Fundamental I')))
    .orderBy(asc(classes.nome))
    .limit(1);
  const inClass = turma ? { turma: turma.nome, ano_letivo: ano } : {};
  const mother = {
    responsavel_nome: 'Fernanda Souza Lima',
    responsavel_parentesco: 'Mãe',
    responsavel_cpf: formatCpf(completeCpf('529982247')),
    responsavel_telefone: '(11) 91234-5678',
    // The payer's address in parts (what the boleto needs); the one-line column stays for older sheets.
    responsavel_cep: '01310-100',
    responsavel_logradouro: 'Avenida Paulista',
    responsavel_numero: '1000',
    responsavel_complemento: 'Apto 52',
    responsavel_bairro: 'Bela Vista',
    responsavel_cidade: 'São Paulo',
    responsavel_uf: 'SP',
  };
  const father = {
    responsavel2_nome: 'Ricardo Lima',
    responsavel2_parentesco: 'Pai',
    responsavel2_cpf: formatCpf(completeCpf('111444777')),
    responsavel2_telefone: '(11) 98765-4321',
  };
  return template(
    'Alunos',
    importColumns,
    [
      {
        nome: 'Maria Eduarda Souza Lima',
        data_nascimento: '2017-03-14',
        sexo: 'Feminino',
        ...inClass,
        ...mother,
        ...father,
      },
      {
        nome: 'Pedro Henrique Souza Lima',
        data_nascimento: '2019-08-02',
        sexo: 'Masculino',
        ...inClass,
        observacoes: 'Irmão da Maria Eduarda: os mesmos responsáveis (os mesmos CPFs) ficam ligados aos dois',
        ...mother,
        ...father,
      },
    ],
    format,
  );
}

/** Two teachers with the school's first active subjects (as the catalogue spells them). */
export async function teacherTemplate(db: DbOrTx, format: 'csv' | 'xlsx'): Promise<string | Buffer> {
  const subjects = await db
    .select({ nome: disciplinas.nome })
    .from(disciplinas)
    .where(eq(disciplinas.ativo, true))
    .orderBy(asc(disciplinas.ordem))
    .limit(3);
  const names = subjects.map((row) => row.nome);
  return template(
    'Professores',
    teacherImportColumns,
    [
      {
        nome: 'Beatriz Almeida Rocha',
        cpf: formatCpf(completeCpf('390533447')),
        email: 'beatriz.rocha@escola.exemplo',
        telefone: '(11) 97654-3210',
        disciplinas: names.slice(0, 2).join(', '),
        data_contratacao: `${clock.today().slice(0, 4)}-02-01`,
      },
      {
        nome: 'Carlos Eduardo Menezes',
        email: 'carlos.menezes@escola.exemplo',
        disciplinas: names.slice(2, 3).join(', '),
      },
    ],
    format,
  );
}

/** Two classes of this year (a teacher is named by CPF or e-mail; these leave it blank). */
export async function classTemplate(_db: DbOrTx, format: 'csv' | 'xlsx'): Promise<string | Buffer> {
  const ano = clock.today().slice(0, 4);
  return template(
    'Turmas',
    classImportColumns,
    [
      {
        nome: '1º Ano A',
        ano_letivo: ano,
        nivel: 'Fundamental I',
        serie: '1º ano',
        turno: 'Manhã',
        capacidade_maxima: '25',
      },
      {
        nome: 'Pré II B',
        ano_letivo: ano,
        nivel: 'Educação Infantil',
        serie: 'Pré II',
        turno: 'Tarde',
        capacidade_maxima: '18',
      },
    ],
    format,
  );
}

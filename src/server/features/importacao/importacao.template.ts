import { asc, eq } from 'drizzle-orm';
import { importColumns, type ImportColumnKey } from '../../../shared/importacao.schemas.js';
import { completeCpf, formatCpf } from '../../../shared/validators.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { clock } from '../../lib/clock.js';
import { toCsv, toXlsx, type ExportColumn } from '../../lib/spreadsheet.js';

type TemplateRow = Partial<Record<ImportColumnKey, string>>;

const dateColumns = new Set<ImportColumnKey>(['data_nascimento', 'data_matricula']);
const columns: ExportColumn<TemplateRow>[] = importColumns.map((column) => ({
  header: column.header,
  value: (row) => row[column.key] ?? '',
  date: dateColumns.has(column.key),
  width: Math.max(column.header.length, 16),
}));

/**
 * Two example rows that import as they are (the template round-trips): blank matrículas, numbered by the
 * school's pattern; valid CPFs; the first class of this year when the school has one.
 */
async function exampleRows(db: DbOrTx): Promise<TemplateRow[]> {
  const ano = clock.today().slice(0, 4);
  const [turma] = await db
    .select({ nome: classes.nome })
    .from(classes)
    .where(eq(classes.anoLetivo, ano))
    .orderBy(asc(classes.nome))
    .limit(1);
  const inClass = turma ? { turma: turma.nome, ano_letivo: ano } : {};
  return [
    {
      nome: 'Maria Eduarda Souza Lima',
      data_nascimento: '2017-03-14',
      sexo: 'Feminino',
      ...inClass,
      responsavel_nome: 'Fernanda Souza Lima',
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: formatCpf(completeCpf('529982247')),
      responsavel_telefone: '(11) 91234-5678',
    },
    {
      nome: 'Pedro Henrique Souza Lima',
      data_nascimento: '2019-08-02',
      sexo: 'Masculino',
      ...inClass,
      observacoes: 'Irmão da Maria Eduarda: o mesmo responsável (o mesmo CPF) fica ligado aos dois',
      responsavel_nome: 'Fernanda Souza Lima',
      responsavel_parentesco: 'Mãe',
      responsavel_cpf: formatCpf(completeCpf('529982247')),
      responsavel_telefone: '(11) 91234-5678',
    },
  ];
}

export async function templateCsv(db: DbOrTx): Promise<string> {
  return toCsv(columns, await exampleRows(db));
}

export async function templateXlsx(db: DbOrTx): Promise<Buffer> {
  return toXlsx('Alunos', columns, await exampleRows(db));
}

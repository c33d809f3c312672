import { and, eq, inArray, or } from 'drizzle-orm';
import { teacherInputSchema } from '../../../shared/teachers.schemas.js';
import { formatCpf, optionalCpfSchema } from '../../../shared/validators.js';
import type { DbOrTx } from '../../db/client.js';
import { teachers, type TeacherRow } from '../../db/schema/teachers.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, isUniqueViolation } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { resolveChosenSubjects } from '../disciplinas/index.js';
import { findAccountForTeacher } from '../users/index.js';
import type { SheetRow } from './importacao.parse.js';
import { rowImporter } from './importacao.importer.js';
import type { PlannedBase } from './importacao.result.js';
import { isoDate, reasonByColumn } from './importacao.rows.js';

/** A teacher as the file gives them: what is blank stays as it is on an update. */
interface TeacherFields {
  nome: string;
  email: string;
  cpf: string | null;
  telefone: string | null;
  disciplinas: string[] | null;
  data_contratacao: string | null;
}

interface PlannedTeacher extends PlannedBase {
  fields?: TeacherFields;
  /** The teacher to update (absent: create). */
  current?: TeacherRow;
}

const labels: Record<string, string> = {
  nome: 'Nome',
  email: 'E-mail',
  telefone: 'Telefone',
  data_contratacao: 'Data de contratação',
  disciplinas: 'Disciplinas',
  cpf: 'CPF',
};

/** One row read by the teacher form's schema (and the CPF's), or why it cannot be read. */
function readTeacher(row: SheetRow, thisYear: number): TeacherFields | string {
  const value = (key: string) => row.values[key];
  const subjects = value('disciplinas')
    ?.split(/[,;/|]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const parsed = teacherInputSchema.safeParse({
    nome: value('nome'),
    email: value('email'),
    telefone: value('telefone'),
    disciplinas: subjects ?? [],
    data_contratacao: isoDate(value('data_contratacao'), thisYear),
  });
  const cpfText = value('cpf');
  const cpf = optionalCpfSchema.safeParse(
    cpfText && /^\d{9,10}$/.test(cpfText) ? cpfText.padStart(11, '0') : cpfText,
  );
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(cpf.success ? [] : cpf.error.issues.map((issue) => ({ ...issue, path: ['cpf'] }))),
  ];
  if (problems.length > 0 || !parsed.success || !cpf.success) return reasonByColumn(problems, labels);
  return {
    nome: parsed.data.nome,
    email: parsed.data.email,
    cpf: cpf.data ?? null,
    telefone: parsed.data.telefone ?? null,
    disciplinas: subjects ? parsed.data.disciplinas : null,
    data_contratacao: parsed.data.data_contratacao ?? null,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The row over the teacher kept: what the file gives replaces, what it leaves blank stays. */
function merged(fields: TeacherFields, current: TeacherRow | undefined): TeacherFields {
  if (!current) return fields;
  return {
    nome: fields.nome,
    email: fields.email,
    cpf: fields.cpf ?? current.cpf,
    telefone: fields.telefone ?? current.telefone,
    disciplinas: fields.disciplinas ?? current.disciplinas,
    data_contratacao: fields.data_contratacao ?? current.dataContratacao,
  };
}

function changes(fields: TeacherFields, current: TeacherRow): boolean {
  return (
    fields.nome !== current.nome ||
    fields.email !== current.email ||
    fields.cpf !== current.cpf ||
    fields.telefone !== current.telefone ||
    !sameList(fields.disciplinas ?? [], current.disciplinas) ||
    fields.data_contratacao !== current.dataContratacao
  );
}

/**
 * What each row will do: the same teacher by CPF, else by e-mail; refused: a row the form would refuse,
 * a subject not in the school's catalogue (or inactive), the same teacher twice in the file, an e-mail
 * or a CPF of another teacher.
 */
async function planTeachers(db: DbOrTx, sheet: SheetRow[]): Promise<PlannedTeacher[]> {
  const thisYear = Number(clock.today().slice(0, 4));
  const read = sheet.map((row) => ({
    linha: row.linha,
    nome: row.values.nome ?? '',
    fields: readTeacher(row, thisYear),
  }));
  const valid = read.flatMap((row) => (typeof row.fields === 'string' ? [] : [row.fields]));
  const cpfs = valid.flatMap((fields) => (fields.cpf ? [fields.cpf] : []));
  const emails = valid.map((fields) => fields.email);
  const kept =
    valid.length === 0
      ? []
      : await db
          .select()
          .from(teachers)
          .where(
            cpfs.length > 0
              ? or(inArray(teachers.cpf, cpfs), inArray(teachers.email, emails))
              : inArray(teachers.email, emails),
          );
  const byCpf = new Map(kept.flatMap((row) => (row.cpf ? [[row.cpf, row] as const] : [])));
  const byEmail = new Map(kept.map((row) => [row.email, row]));
  const claimed = new Map<string, number>();
  const planned: PlannedTeacher[] = [];
  for (const row of read) {
    const fields = row.fields;
    const refuse = (motivo: string) =>
      planned.push({
        linha: row.linha,
        aluno: row.nome,
        matricula: typeof fields === 'string' ? null : fields.email,
        acao: 'recusar',
        motivo,
      });
    if (typeof fields === 'string') {
      refuse(fields);
      continue;
    }
    const sameCpf = fields.cpf ? byCpf.get(fields.cpf) : undefined;
    const sameEmail = byEmail.get(fields.email);
    const current = sameCpf ?? sameEmail;
    if (sameCpf && sameEmail && sameCpf.id !== sameEmail.id) {
      refuse(`E-mail já cadastrado para outro professor (${sameEmail.nome})`);
      continue;
    }
    if (!sameCpf && sameEmail?.cpf && fields.cpf && sameEmail.cpf !== fields.cpf) {
      refuse(`O professor com este e-mail (${sameEmail.nome}) tem outro CPF: ${formatCpf(sameEmail.cpf)}`);
      continue;
    }
    const keys = [
      `e:${fields.email}`,
      ...(fields.cpf ? [`c:${fields.cpf}`] : []),
      ...(current ? [`id:${current.id}`] : []),
    ];
    const earlier = keys.map((key) => claimed.get(key)).find((line) => line !== undefined);
    if (earlier !== undefined) {
      refuse(`Professor repetido: é o mesmo da linha ${String(earlier)}`);
      continue;
    }
    let disciplinas = fields.disciplinas;
    if (disciplinas) {
      try {
        disciplinas = [
          ...new Set(
            await resolveChosenSubjects(db, disciplinas, current?.disciplinas ?? [], () => 'disciplinas'),
          ),
        ];
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(`Disciplinas: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`);
        continue;
      }
    }
    for (const key of keys) claimed.set(key, row.linha);
    const data = merged({ ...fields, disciplinas }, current);
    const acao = !current ? 'criar' : changes(data, current) ? 'atualizar' : 'sem_alteracao';
    planned.push({
      linha: row.linha,
      aluno: data.nome,
      matricula: data.email,
      acao,
      motivo: null,
      ...(acao === 'sem_alteracao' ? {} : { fields: data }),
      ...(current ? { current } : {}),
    });
  }
  return planned;
}

/** A row's teacher written: created (linked to the professor account with that e-mail) or updated. */
async function writeTeacher(tx: DbOrTx, row: PlannedTeacher, actor: Actor): Promise<void> {
  const fields = row.fields!;
  const values = {
    nome: fields.nome,
    email: fields.email,
    cpf: fields.cpf,
    telefone: fields.telefone,
    disciplinas: fields.disciplinas ?? [],
    dataContratacao: fields.data_contratacao,
  };
  try {
    if (!row.current) {
      const account = await findAccountForTeacher(tx, fields.email, null);
      const [created] = await tx
        .insert(teachers)
        .values({ ...values, usuarioId: account?.id ?? null })
        .returning({ id: teachers.id });
      await recordAudit(tx, actor, { action: 'criar', entity: 'professor', entityId: created!.id });
      return;
    }
    const current = row.current;
    const [updated] = await tx
      .update(teachers)
      .set({ ...values, version: current.version + 1, updatedAt: new Date() })
      .where(and(eq(teachers.id, current.id), eq(teachers.version, current.version)))
      .returning({ id: teachers.id });
    if (!updated) throw badRequest('O professor foi alterado por outra pessoa durante a importação');
    await recordAudit(tx, actor, { action: 'atualizar', entity: 'professor', entityId: current.id });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error, 'teachers_cpf_unique'))
      throw badRequest('CPF já cadastrado para outro professor');
    if (isUniqueViolation(error, 'teachers_email_unique'))
      throw badRequest('E-mail já cadastrado para outro professor');
    throw error;
  }
}

export const { simulate: simulateTeacherImport, apply: applyTeacherImport } = rowImporter(
  'professor',
  planTeachers,
  writeTeacher,
);

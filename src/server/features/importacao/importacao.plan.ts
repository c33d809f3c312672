import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CreateStudentData, GuardianData, UpdateStudentData } from '../../../shared/students.schemas.js';
import { formatCount, formatList, sameName } from '../../../shared/format.js';
import { formatCpf } from '../../../shared/validators.js';
import { ageSerieWarning } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students, type StudentRow } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { clock } from '../../lib/clock.js';
import { matriculaYear, otherPerson, type MatriculaAllocator } from '../students/index.js';
import { readRow, type ReadRow } from './importacao.rows.js';
import type { SheetRow } from './importacao.parse.js';
import type { PlannedBase } from './importacao.result.js';

/**
 * What one row will do: create a student, update one (and link the guardians it lacks), nothing, or
 * be refused. `segundo`: the second guardian to link.
 */
export interface PlannedRow extends PlannedBase {
  create?: CreateStudentData;
  update?: { id: string; data: UpdateStudentData; linkGuardian: CreateStudentData['responsavel'] | null };
  segundo?: GuardianData;
}

interface ClassInfo {
  id: string;
  nome: string;
  anoLetivo: string;
  serie: string;
  capacidade: number;
}

const CHUNK = 1000;
async function inChunks<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)];
  const out: T[] = [];
  for (let start = 0; start < unique.length; start += CHUNK)
    out.push(...(await read(unique.slice(start, start + CHUNK))));
  return out;
}

/** Everything the rows refer to, read once: classes with their places, students, guardians, accounts. */
async function loadContext(db: DbOrTx, rows: ReadRow[]) {
  const inputs = rows.flatMap((row) => (row.input ? [row.input] : []));
  const classRows = await db
    .select({
      id: classes.id,
      nome: classes.nome,
      anoLetivo: classes.anoLetivo,
      serie: classes.serie,
      capacidade: classes.capacidadeMaxima,
    })
    .from(classes);
  const active = await db
    .select({ turmaId: students.turmaId, total: count() })
    .from(students)
    .where(eq(students.status, 'ativo'))
    .groupBy(students.turmaId);
  const occupancy = new Map(active.map((row) => [row.turmaId ?? '', row.total]));

  const matriculas = inputs.flatMap((input) => (input.matricula ? [input.matricula] : []));
  const cpfs = inputs.flatMap((input) => (input.cpf ? [input.cpf] : []));
  const guardiansOfRows = rows.flatMap((row) =>
    row.input ? [row.input.responsavel, ...(row.segundo ? [row.segundo] : [])] : [],
  );
  const guardianCpfs = guardiansOfRows.flatMap((guardian) => (guardian.cpf ? [guardian.cpf] : []));
  const emails = guardiansOfRows.flatMap((guardian) => (guardian.email ? [guardian.email] : []));
  const byMatricula = new Map<string, StudentRow>();
  const byCpf = new Map<string, StudentRow>();
  for (const row of await inChunks(matriculas, (chunk) =>
    db.select().from(students).where(inArray(students.matricula, chunk)),
  ))
    byMatricula.set(row.matricula, row);
  for (const row of await inChunks(cpfs, (chunk) =>
    db.select().from(students).where(inArray(students.cpf, chunk)),
  ))
    if (row.cpf) byCpf.set(row.cpf, row);
  const guardianByCpf = new Map<string, { id: string; nome: string }>();
  for (const row of await inChunks(guardianCpfs, (chunk) =>
    db
      .select({ id: guardians.id, nome: guardians.nome, cpf: guardians.cpf })
      .from(guardians)
      .where(inArray(guardians.cpf, chunk)),
  ))
    if (row.cpf) guardianByCpf.set(row.cpf, row);
  // Students already linked to a guardian of the file: identity by name + birth + guardian's CPF, and
  // whether an updated student already has the row's guardian.
  const linked = await inChunks(guardianCpfs, (chunk) =>
    db
      .select({ student: students, cpf: guardians.cpf })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .innerJoin(students, eq(students.id, studentGuardians.alunoId))
      .where(inArray(guardians.cpf, chunk)),
  );
  const nonGuardianEmails = new Set(
    (
      await inChunks(emails, (chunk) =>
        db
          .select({ email: users.email })
          .from(users)
          .where(and(inArray(users.email, chunk), sql`${users.nivel} <> 'responsavel'`)),
      )
    ).map((row) => row.email),
  );
  // The guardians of the portal accounts the file names by e-mail: a row is taken for that person only
  // when its name (and CPF, when both have one) agree, as at the desk (`resolveGuardian`'s `desk`).
  const guardianByEmail = new Map<string, { nome: string; cpf: string | null }>();
  for (const row of await inChunks(emails, (chunk) =>
    db
      .select({ email: users.email, nome: guardians.nome, cpf: guardians.cpf })
      .from(users)
      .innerJoin(guardians, eq(guardians.usuarioId, users.id))
      .where(and(inArray(users.email, chunk), eq(users.nivel, 'responsavel'))),
  ))
    guardianByEmail.set(row.email, row);
  return {
    classRows,
    occupancy,
    byMatricula,
    byCpf,
    guardianByCpf,
    linked,
    nonGuardianEmails,
    guardianByEmail,
  };
}

/** Why a guardian of the file new by CPF cannot be the portal account its e-mail belongs to (or null). */
function emailOfAnother(guardian: GuardianData, context: Context, label: string): string | null {
  const owner = guardian.email ? context.guardianByEmail.get(guardian.email) : undefined;
  const other = owner ? otherPerson(owner, guardian) : null;
  if (!owner || !other) return null;
  return other === 'nome'
    ? `E-mail do ${label} já é de ${owner.nome} no cadastro: confira o e-mail ou escreva o nome como no cadastro`
    : `E-mail do ${label} já é de ${owner.nome}, com outro CPF: confira o e-mail e o CPF`;
}

function findClass(classRows: ClassInfo[], turma: { nome: string; ano: string | null }): ClassInfo | string {
  const named = classRows.filter((row) => sameName(row.nome, turma.nome));
  if (turma.ano !== null) {
    const found = named.find((row) => row.anoLetivo === turma.ano);
    return found ?? `Turma "${turma.nome}" não encontrada no ano letivo ${turma.ano}`;
  }
  if (named.length === 1) return named[0]!;
  if (named.length === 0) return `Turma "${turma.nome}" não encontrada`;
  // This year's class over past years' (a school in its second year); but beside next year's (December,
  // both years open) the file does not say which is meant: it must say it.
  const year = clock.today().slice(0, 4);
  const thisYear = named.filter((row) => row.anoLetivo === year);
  const later = named.some((row) => row.anoLetivo > year);
  const years = formatList([...new Set(named.map((row) => row.anoLetivo))].sort());
  return thisYear.length === 1 && !later
    ? thisYear[0]!
    : `Há mais de uma turma "${turma.nome}" (${years}): informe o ano letivo na coluna "Ano letivo"`;
}

/** The record as the file leaves it: what the file gives replaces, what it leaves blank stays. */
function mergedUpdate(
  current: StudentRow,
  input: CreateStudentData,
  turmaId: string | null,
): UpdateStudentData {
  return {
    nome: input.nome,
    data_nascimento: input.data_nascimento,
    sexo: input.sexo ?? current.sexo,
    data_matricula: input.data_matricula ?? current.dataMatricula,
    matricula: current.matricula,
    email: input.email ?? current.email,
    telefone: input.telefone ?? current.telefone,
    endereco: input.endereco ?? current.endereco,
    cpf: input.cpf ?? current.cpf,
    turma_id: turmaId ?? current.turmaId,
    observacoes: input.observacoes ?? current.observacoes,
  };
}

function changes(current: StudentRow, data: UpdateStudentData): boolean {
  return (
    current.nome !== data.nome ||
    current.dataNascimento !== data.data_nascimento ||
    current.sexo !== (data.sexo ?? null) ||
    current.dataMatricula !== data.data_matricula ||
    current.email !== (data.email ?? null) ||
    current.telefone !== (data.telefone ?? null) ||
    current.endereco !== (data.endereco ?? null) ||
    current.cpf !== (data.cpf ?? null) ||
    current.turmaId !== (data.turma_id ?? null) ||
    current.observacoes !== (data.observacoes ?? null)
  );
}

type Context = Awaited<ReturnType<typeof loadContext>>;

/** Why the row's second guardian cannot be taken (same CPF as the first, a CPF kept under another name). */
function secondGuardianProblem(
  segundo: GuardianData,
  firstCpf: string,
  context: Context,
  guardianNames: Map<string, string>,
): string | null {
  if (!segundo.cpf) return emailOfAnother(segundo, context, 'responsável 2');
  if (segundo.cpf === firstCpf) return 'CPF do responsável 2: é o mesmo do responsável principal';
  const name = context.guardianByCpf.get(segundo.cpf)?.nome ?? guardianNames.get(segundo.cpf);
  if (name !== undefined && !sameName(name, segundo.nome))
    return `CPF do responsável 2 ${formatCpf(segundo.cpf)} já cadastrado com outro nome (${name})`;
  if (name === undefined && segundo.email && context.nonGuardianEmails.has(segundo.email))
    return 'E-mail do responsável 2: já pertence a um usuário do portal que não é responsável';
  return name === undefined ? emailOfAnother(segundo, context, 'responsável 2') : null;
}

/**
 * Who the row links to the student, said before anything is written: a guardian already on file (by CPF
 * or by the e-mail of a portal account) by their name on file, a new one as new (`onlyOnFile`: not
 * said). Null when there is nothing to say. The secretaria sees in the dry run that a row gives someone the child in the portal.
 */
function guardiansNote(
  linked: (GuardianData | null)[],
  context: Context,
  onlyOnFile: boolean,
): string | null {
  const names = linked.flatMap((guardian) => {
    if (!guardian) return [];
    const onFile =
      (guardian.cpf ? context.guardianByCpf.get(guardian.cpf)?.nome : undefined) ??
      (guardian.email ? context.guardianByEmail.get(guardian.email)?.nome : undefined);
    if (onFile) return [`${onFile} (já no cadastro)`];
    return onlyOnFile ? [] : [`${guardian.nome} (novo)`];
  });
  return names.length === 0 ? null : `Vincula como responsável: ${formatList(names)}`;
}

/**
 * A row's notes for the preview, joined: the guardians it links and, where it places the student in a
 * class or changes the birth date, the age that does not go with the class's série (ADR 0134: a warning,
 * as on the student form; the row is imported all the same).
 */
function rowNote(guardians: string | null, age: string | null): string | null {
  return [guardians, age].filter(Boolean).join('; ') || null;
}

/** Whether the student already has the second guardian: by CPF, else (no CPF) by name among theirs. */
async function hasSecondGuardian(
  db: DbOrTx,
  alunoId: string,
  segundo: GuardianData,
  context: Context,
): Promise<boolean> {
  if (segundo.cpf)
    return context.linked.some((link) => link.student.id === alunoId && link.cpf === segundo.cpf);
  const theirs = await db
    .select({ nome: guardians.nome })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(eq(studentGuardians.alunoId, alunoId));
  return theirs.some((guardian) => sameName(guardian.nome, segundo.nome));
}

/**
 * What each row will do, decided against the database as `db` sees it and the rows above it: the
 * form's schema, the class (by name and ano letivo, with a free place), the same student (by matrícula,
 * else CPF, else name + birth date + the guardian's CPF), the same student twice in the file, a
 * guardian's CPF already kept under another name. `matriculas` numbers the blank matrículas.
 */
export async function planRows(
  db: DbOrTx,
  sheet: SheetRow[],
  matriculas: MatriculaAllocator,
): Promise<PlannedRow[]> {
  const thisYear = Number(clock.today().slice(0, 4));
  const rows = sheet.map((row) => readRow(row, thisYear));
  const context = await loadContext(db, rows);
  for (const row of rows) if (row.input?.matricula) matriculas.reserve(row.input.matricula);
  const claimed = new Map<string, number>();
  const guardianNames = new Map<string, string>();
  const planned: PlannedRow[] = [];

  for (const row of rows) {
    const refuse = (motivo: string, matricula: string | null = row.input?.matricula ?? null): void => {
      planned.push({ linha: row.linha, aluno: row.nome, matricula, acao: 'recusar', motivo });
    };
    const input = row.input;
    const found = row.turma ? findClass(context.classRows, row.turma) : null;
    // A row is told all that is wrong with it at once: a bad CPF and a class that does not exist are
    // two fixes in one pass over the spreadsheet, not one upload each.
    const classProblem = typeof found === 'string' ? found : null;
    if (!input) {
      refuse([row.problem ?? 'Linha inválida', classProblem].filter(Boolean).join('; '));
      continue;
    }
    if (classProblem) {
      refuse(classProblem);
      continue;
    }
    const turma: ClassInfo | null = typeof found === 'string' ? null : found;
    const guardianCpf = input.responsavel.cpf ?? '';
    const existing = input.matricula
      ? (context.byMatricula.get(input.matricula) ?? null)
      : input.cpf
        ? (context.byCpf.get(input.cpf) ?? null)
        : (context.linked.find(
            (link) =>
              link.cpf === guardianCpf &&
              link.student.dataNascimento === input.data_nascimento &&
              sameName(link.student.nome, input.nome),
          )?.student ?? null);

    const keys = [
      ...(input.matricula ? [`m:${input.matricula}`] : []),
      ...(input.cpf ? [`c:${input.cpf}`] : []),
      ...(existing ? [`id:${existing.id}`] : []),
      ...(!input.matricula && !input.cpf
        ? [`n:${input.nome.toLowerCase()}:${input.data_nascimento}:${guardianCpf}`]
        : []),
    ];
    const earlier = keys.map((key) => claimed.get(key)).find((line) => line !== undefined);
    if (earlier !== undefined) {
      refuse(`Aluno repetido: é o mesmo da linha ${String(earlier)}`);
      continue;
    }
    const cpfOwner = input.cpf ? context.byCpf.get(input.cpf) : undefined;
    if (cpfOwner && cpfOwner.id !== existing?.id) {
      refuse(`CPF do aluno já cadastrado para ${cpfOwner.nome} (matrícula ${cpfOwner.matricula})`);
      continue;
    }
    const keptGuardian = context.guardianByCpf.get(guardianCpf);
    const guardianName = keptGuardian?.nome ?? guardianNames.get(guardianCpf);
    if (guardianName !== undefined && !sameName(guardianName, input.responsavel.nome)) {
      refuse(`CPF do responsável ${formatCpf(guardianCpf)} já cadastrado com outro nome (${guardianName})`);
      continue;
    }
    if (
      guardianName === undefined &&
      input.responsavel.email &&
      context.nonGuardianEmails.has(input.responsavel.email)
    ) {
      refuse('E-mail do responsável: já pertence a um usuário do portal que não é responsável');
      continue;
    }
    const emailProblem =
      guardianName === undefined ? emailOfAnother(input.responsavel, context, 'responsável') : null;
    if (emailProblem) {
      refuse(emailProblem);
      continue;
    }
    const segundo = row.segundo;
    const secondProblem = segundo
      ? secondGuardianProblem(segundo, guardianCpf, context, guardianNames)
      : null;
    if (secondProblem) {
      refuse(secondProblem);
      continue;
    }
    const takesPlace = turma !== null && turma.id !== existing?.turmaId;
    if (turma && takesPlace && (context.occupancy.get(turma.id) ?? 0) >= turma.capacidade) {
      refuse(`Turma "${turma.nome}" lotada (${formatCount(turma.capacidade, 'vaga', 'vagas')})`);
      continue;
    }

    for (const key of keys) claimed.set(key, row.linha);
    guardianNames.set(guardianCpf, guardianName ?? input.responsavel.nome);
    if (segundo?.cpf) guardianNames.set(segundo.cpf, guardianNames.get(segundo.cpf) ?? segundo.nome);
    if (turma && takesPlace) context.occupancy.set(turma.id, (context.occupancy.get(turma.id) ?? 0) + 1);
    const turmaId = turma?.id ?? null;
    if (!existing) {
      const matricula =
        input.matricula ??
        (await matriculas.next(matriculaYear(input.data_matricula ?? clock.today(), turma?.anoLetivo)));
      planned.push({
        linha: row.linha,
        aluno: input.nome,
        matricula,
        acao: 'criar',
        // A new student's new guardians go without saying; one already on file is said.
        motivo: rowNote(
          guardiansNote([input.responsavel, segundo], context, true),
          turma ? ageSerieWarning(input.data_nascimento, turma.serie, turma.anoLetivo) : null,
        ),
        create: { ...input, matricula, turma_id: turmaId },
        ...(segundo ? { segundo } : {}),
      });
      continue;
    }
    const data = mergedUpdate(existing, input, turmaId);
    const placed = context.classRows.find((row) => row.id === data.turma_id) ?? null;
    const hasGuardian = context.linked.some(
      (link) => link.student.id === existing.id && link.cpf === guardianCpf,
    );
    const secondToLink =
      segundo !== null && !(await hasSecondGuardian(db, existing.id, segundo, context)) ? segundo : null;
    const changed = changes(existing, data) || !hasGuardian || secondToLink !== null;
    planned.push({
      linha: row.linha,
      aluno: input.nome,
      matricula: existing.matricula,
      acao: changed ? 'atualizar' : 'sem_alteracao',
      motivo: changed
        ? rowNote(
            guardiansNote([hasGuardian ? null : input.responsavel, secondToLink], context, false),
            placed && (takesPlace || data.data_nascimento !== existing.dataNascimento)
              ? ageSerieWarning(data.data_nascimento, placed.serie, placed.anoLetivo)
              : null,
          )
        : null,
      ...(changed
        ? { update: { id: existing.id, data, linkGuardian: hasGuardian ? null : input.responsavel } }
        : {}),
      ...(secondToLink ? { segundo: secondToLink } : {}),
    });
  }
  return planned;
}

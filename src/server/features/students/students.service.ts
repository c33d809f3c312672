import { and, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreatedStudent,
  CreateStudentData,
  ExportStudentsQuery,
  ListStudentsQuery,
  Student,
  StudentListItem,
  StudentsPage,
  UpdateStudentData,
} from '../../../shared/students.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, isUniqueViolation } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { ENROLMENT_BEFORE_BIRTH, ENROLMENT_DATE_IN_FUTURE } from '../../../shared/students.schemas.js';
import { assertClassHasRoom, classYearStart, firstDayInClass } from './enrolment.rules.js';
import { classes } from '../../db/schema/classes.js';
import { sendWelcomeMail } from '../users/index.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { onlyDigits } from '../../../shared/format.js';
import {
  filteredTotal,
  readStudentsVersion,
  storeTotal,
  studentFiguresOf,
  studentsVersion,
} from './students.figures.js';
import { readPage, turmaColumns } from './students.page.js';
import {
  fieldViewOf,
  seesCpf,
  readerOf,
  toGuardian,
  toStudent,
  toStudentListItem,
  type FieldView,
} from './students.presenter.js';
import {
  scopeOf,
  studentNotFound,
  studentsInScope,
  type RecordsScope,
  type Viewer,
} from './students.scope.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';
import { syncMembership } from './memberships.js';
import { studentEnrolledAtDesk } from './departures.js';
import { assertNoHomonym } from './students.homonimo.js';
import { guardians, studentGuardians, students, type StudentRow } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { loadGuardians, loadListedGuardians, resolveGuardian, linkGuardian } from './guardians.service.js';
import { matriculaAllocator, matriculaYear, type MatriculaAllocator } from './matricula.js';

function studentConflict(error: unknown): never {
  if (isUniqueViolation(error, 'students_matricula_unique'))
    throw new AppError('CONFLICT', 'Já existe um aluno com esta matrícula.', [
      { path: 'matricula', message: 'Matrícula já cadastrada' },
    ]);
  if (isUniqueViolation(error, 'students_cpf_unique'))
    throw new AppError('CONFLICT', 'Já existe um aluno com este CPF.', [
      { path: 'cpf', message: 'CPF já cadastrado' },
    ]);
  throw error;
}

/**
 * The data da matrícula against the server's today (the schema checks the browser's) and the birth
 * date that will be stored: an edit may change either one.
 */
function assertEnrolmentDate(dataMatricula: string, dataNascimento: string): void {
  const message =
    dataMatricula > clock.today()
      ? ENROLMENT_DATE_IN_FUTURE
      : dataMatricula < dataNascimento
        ? ENROLMENT_BEFORE_BIRTH
        : null;
  if (message) throw badRequest(message, [{ path: 'data_matricula', message }]);
}

function listFilters(scope: RecordsScope, query: Omit<ListStudentsQuery, 'page' | 'pageSize'>): SQL[] {
  const filters: SQL[] = [];
  const scoped = studentsInScope(scope);
  if (scoped) filters.push(scoped);
  if (query.q) {
    const cpf = cpfTyped(query.q);
    // A CPF finds the student, or the children of the guardian it belongs to (the parent at the desk gives
    // their own). Only for a reader who sees CPFs: to anyone else a CPF would tell whose it is.
    filters.push(
      cpf && seesCpf(fieldViewOf(scope))
        ? or(matchesText(searchable, query.q), eq(students.cpf, cpf), childOfGuardianWithCpf(cpf))!
        : matchesText(searchable, query.q),
    );
  }
  if (query.status && query.status !== 'todos') filters.push(eq(students.status, query.status));
  if (query.turma_id && query.turma_id !== 'todas') filters.push(eq(students.turmaId, query.turma_id));
  return filters;
}

async function presentListItems(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof readPage>>['rows'],
  scope: RecordsScope,
): Promise<StudentListItem[]> {
  const linked = await loadListedGuardians(
    db,
    rows.map((row) => row.student.id),
  );
  const { view, self } = readerOf(scope);
  return rows.map((row) =>
    toStudentListItem(row.student, row.turma, linked.get(row.student.id) ?? [], view, self),
  );
}

async function presentStudents(
  db: DbOrTx,
  rows: { student: StudentRow; turma: { id: string; nome: string; serie: string; nivel: string } | null }[],
  scope: RecordsScope,
): Promise<Student[]> {
  const linked = await loadGuardians(
    db,
    rows.map((row) => row.student.id),
  );
  const { view, self } = readerOf(scope);
  return rows.map((row) => toStudent(row.student, row.turma, linked.get(row.student.id) ?? [], view, self));
}

function firstOfMonth(): string {
  return `${clock.today().slice(0, 7)}-01`;
}

/** The digits of a search that is a whole CPF ('529.982.247-25', '52998224725'), else null. */
function cpfTyped(q: string): string | null {
  if (!/^[\d.\-\s]+$/.test(q)) return null;
  const digits = onlyDigits(q);
  return digits.length === 11 ? digits : null;
}

function childOfGuardianWithCpf(cpf: string): SQL {
  return inArray(
    students.id,
    sql`(select ${studentGuardians.alunoId} from ${studentGuardians} join ${guardians} on ${guardians.id} = ${studentGuardians.responsavelId} where ${guardians.cpf} = ${cpf})`,
  );
}

/** The text a search looks in; the trigram index of migration 0057 is on this very expression, folded. */
const searchable = sql`(${students.nome} || ' ' || ${students.matricula} || ' ' || coalesce(${students.email}, ''))`;

/**
 * One page of the list. Pages, counters and totals are cached at the list's version (ADR 0009): a page
 * asked again costs one read of the version, and any write to the students, their guardians, the links
 * or the classes gives the list a new version, so the next request computes afresh.
 * `knownVersion`: the version as read at the start of this request with the session's confirmation
 * (PostgreSQL, `config.recordVersion`); undefined → read it here.
 */
export async function listStudents(
  db: DbOrTx,
  viewer: Viewer,
  query: ListStudentsQuery,
  knownVersion?: number | null,
): Promise<StudentsPage> {
  const scope = await scopeOf(db, viewer);
  const figures = studentFiguresOf(db);
  const pageKey = JSON.stringify([scope, query, clock.today()]);
  const version = knownVersion === undefined ? await readStudentsVersion(db) : knownVersion;
  const cached = figures.pages.get(pageKey, version);
  if (cached) return cached;

  const filters = listFilters(scope, query);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const scoped = studentsInScope(scope);
  const { rows, matched } = await readPage(db, figures, scope, query, where, version);
  const pageVersion = rows[0]?.version ?? null;

  const month = firstOfMonth();
  const scopeKey = JSON.stringify([scope, month]);
  let counts = figures.counts.get(scopeKey, pageVersion);
  if (!counts) {
    const [row] = await db
      .select({
        version: studentsVersion.mapWith(Number),
        total: count(),
        ativos: sql<number>`count(*) filter (where ${students.status} = 'ativo')`.mapWith(Number),
        novosEsteMes: sql<number>`count(*) filter (where ${students.dataMatricula} >= ${month})`.mapWith(
          Number,
        ),
        transferidos: sql<number>`count(*) filter (where ${students.status} = 'transferido')`.mapWith(Number),
      })
      .from(students)
      .where(scoped);
    counts = {
      total: row?.total ?? 0,
      ativos: row?.ativos ?? 0,
      novosEsteMes: row?.novosEsteMes ?? 0,
      transferidos: row?.transferidos ?? 0,
    };
    figures.counts.set(scopeKey, row?.version ?? null, counts);
  }

  // Without filters beyond the scope the total is the counters' total.
  const unfiltered = filters.length === (scoped ? 1 : 0);
  const found: { total: number; capped: boolean } | undefined = unfiltered
    ? { total: counts.total, capped: false }
    : matched
      ? storeTotal(figures, scope, query, matched.version, matched.count)
      : // A page that is not full ends the list: its total needs no count.
        rows.length < query.pageSize && (rows.length > 0 || query.page === 1)
        ? { total: (query.page - 1) * query.pageSize + rows.length, capped: false }
        : undefined;
  // The total and the page's guardians are read at the same time: on PostgreSQL two connections of the
  // pool, one round-trip less for every full page of a search (PGlite runs them one after the other).
  const [items, total] = await Promise.all([
    presentListItems(db, rows, scope),
    found ?? filteredTotal(db, figures, scope, query, where, pageVersion),
  ]);
  const page: StudentsPage = {
    items,
    total: total.total,
    totalCapped: total.capped,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
  figures.pages.set(pageKey, pageVersion, page);
  return page;
}

async function findStudentInScope(db: DbOrTx, scope: RecordsScope, id: string) {
  const scoped = studentsInScope(scope);
  const [row] = await db
    .select({ student: students, turma: turmaColumns })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(scoped ? and(eq(students.id, id), scoped) : eq(students.id, id))
    .limit(1);
  if (!row) throw studentNotFound();
  return row;
}

export async function getStudent(db: DbOrTx, viewer: Viewer, id: string): Promise<Student> {
  const scope = await scopeOf(db, viewer);
  const row = await findStudentInScope(db, scope, id);
  const [student] = await presentStudents(db, [row], scope);
  return student!;
}

/** What createStudentIn wrote: the student row and the guardian it was linked to. */
export interface InsertedStudent {
  student: StudentRow;
  guardian: Awaited<ReturnType<typeof resolveGuardian>>;
}

/**
 * A student and their guardian inside the caller's transaction (the form's and the import's one
 * path): the guardian resolved or created, the class's place checked, the matrícula numbered by the
 * school's pattern when blank, the membership and the audit entry written.
 * `typedAtDesk`: the secretaria's form, where a guardian CPF on file under another name is refused
 * (resolveGuardian); the import checks names in its plan, the matrícula online by ADR 0071.
 */
export async function createStudentIn(
  ctx: AppContext,
  tx: DbOrTx,
  input: CreateStudentData,
  actor: Actor,
  options: { matriculas?: MatriculaAllocator; typedAtDesk?: boolean } = {},
): Promise<InsertedStudent> {
  const dataMatricula = input.data_matricula ?? clock.today();
  assertEnrolmentDate(dataMatricula, input.data_nascimento);
  const guardian = await resolveGuardian(
    ctx,
    tx,
    input.responsavel,
    actor,
    options.typedAtDesk ? { desk: { cpfPath: 'responsavel.cpf', emailPath: 'responsavel.email' } } : {},
  );
  // Registered with a class: in it since the matrícula (within the class's year).
  const turma = input.turma_id ? await assertClassHasRoom(tx, input.turma_id) : null;
  const dataEnturmacao = turma
    ? firstDayInClass(await classYearStart(tx, turma), dataMatricula, clock.today())
    : null;
  const matricula =
    input.matricula ??
    (await (options.matriculas ?? (await matriculaAllocator(tx, { lock: true }))).next(
      matriculaYear(dataMatricula, turma?.anoLetivo),
    ));
  let student: StudentRow | undefined;
  try {
    [student] = await tx
      .insert(students)
      .values({
        nome: input.nome,
        dataNascimento: input.data_nascimento,
        sexo: input.sexo ?? null,
        matricula,
        email: input.email ?? null,
        telefone: input.telefone ?? null,
        endereco: input.endereco ?? null,
        cpf: input.cpf ?? null,
        turmaId: input.turma_id ?? null,
        dataEnturmacao,
        dataMatricula,
        observacoes: input.observacoes ?? null,
      })
      .returning();
  } catch (error) {
    studentConflict(error);
  }
  if (input.turma_id && dataEnturmacao)
    await syncMembership(tx, student!.id, { turmaId: input.turma_id, ativo: true }, dataEnturmacao);
  await linkGuardian(tx, student!.id, guardian.row.id, input.responsavel);
  await recordAudit(tx, actor, {
    action: 'criar',
    entity: 'aluno',
    entityId: student!.id,
    details: { responsavel_id: guardian.row.id, turma_id: input.turma_id ?? null },
  });
  return { student: student!, guardian };
}

/**
 * The guardian and the student in one transaction: both are saved or neither, with what other modules
 * do on an enrolment at the desk (the year's tuition); `resumo` says what they did, for the message.
 */
export async function createStudent(
  ctx: AppContext,
  input: CreateStudentData,
  actor: Actor,
): Promise<{ created: CreatedStudent; resumo: string[] }> {
  const { created, consequences } = await ctx.db.transaction(async (tx) => {
    await assertNoHomonym(tx, input);
    const inserted = await createStudentIn(ctx, tx, input, actor, { typedAtDesk: true });
    // The year's tuition, as the other students have it (finance's handler, ADR 0128).
    return {
      created: inserted,
      consequences: await studentEnrolledAtDesk(ctx, tx, inserted.student.id, actor),
    };
  });
  for (const step of consequences.after) step();
  const mail =
    created.guardian.senhaGerada !== undefined && created.guardian.usuario
      ? await sendWelcomeMail(ctx, created.guardian.usuario, created.guardian.senhaGerada)
      : { emailEnviado: false };
  const aluno = await getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, created.student.id);
  const result: CreatedStudent = {
    aluno,
    responsavel: toGuardian(created.guardian.row),
    usuarioCriado: created.guardian.senhaGerada !== undefined,
    ...mail,
  };
  if (created.guardian.senhaGerada !== undefined) result.senhaGerada = created.guardian.senhaGerada;
  return { created: result, resumo: consequences.resumo };
}

export async function updateStudent(
  ctx: AppContext,
  id: string,
  input: UpdateStudentData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Student> {
  await ctx.db.transaction((tx) => updateStudentIn(tx, id, input, expectedVersion, actor));
  return getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, id);
}

/** An edit of the student's record inside the caller's transaction (the form's and the import's path). */
export async function updateStudentIn(
  tx: DbOrTx,
  id: string,
  input: UpdateStudentData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<void> {
  const current = await lockForUpdate(tx, students, id, studentNotFound);
  assertVersion(expectedVersion, current.version);
  const turmaId = input.turma_id === undefined ? current.turmaId : input.turma_id;
  const changesClass = turmaId !== current.turmaId;
  if (changesClass && turmaId) await assertClassHasRoom(tx, turmaId);
  const dataMatricula = input.data_matricula ?? current.dataMatricula;
  if (dataMatricula !== current.dataMatricula || input.data_nascimento !== current.dataNascimento)
    assertEnrolmentDate(dataMatricula, input.data_nascimento);
  const dataEnturmacao = changesClass
    ? turmaId
      ? clock.today()
      : null
    : await followedEnrolment(tx, current, dataMatricula);
  let updated: StudentRow | undefined;
  try {
    [updated] = await tx
      .update(students)
      .set({
        nome: input.nome,
        dataNascimento: input.data_nascimento,
        sexo: input.sexo === undefined ? current.sexo : input.sexo,
        matricula: input.matricula,
        email: input.email ?? null,
        telefone: input.telefone ?? null,
        endereco: input.endereco ?? null,
        cpf: input.cpf ?? null,
        turmaId,
        dataEnturmacao,
        dataMatricula,
        observacoes: input.observacoes ?? null,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(students.id, id), eq(students.version, current.version)))
      .returning();
  } catch (error) {
    studentConflict(error);
  }
  if (!updated) throw staleVersion();
  if (changesClass)
    await syncMembership(tx, id, { turmaId, ativo: current.status === 'ativo' }, clock.today());
  else if (dataEnturmacao !== current.dataEnturmacao && dataEnturmacao)
    await syncMembership(tx, id, { turmaId, ativo: true }, dataEnturmacao, { explicitDate: true });
  const keys = [
    'nome',
    'dataNascimento',
    'sexo',
    'dataMatricula',
    'matricula',
    'email',
    'telefone',
    'endereco',
    'cpf',
    'turmaId',
    'observacoes',
  ] as const;
  await recordAudit(tx, actor, {
    action: 'atualizar',
    entity: 'aluno',
    entityId: id,
    details: { campos: keys.filter((key) => current[key] !== updated[key]) },
  });
}

/**
 * A corrected data da matrícula moves the start in the current class along when the student has been
 * in it since the matrícula (registered with it, never moved): the class then reads as if the right
 * date had been typed at registration. A student who changed class keeps the day they changed.
 */
async function followedEnrolment(tx: DbOrTx, current: StudentRow, dataMatricula: string) {
  if (dataMatricula === current.dataMatricula || !current.turmaId || current.status !== 'ativo')
    return current.dataEnturmacao;
  const [turma] = await tx.select().from(classes).where(eq(classes.id, current.turmaId));
  if (!turma) return current.dataEnturmacao;
  const today = clock.today();
  const yearStart = await classYearStart(tx, turma);
  // Moved with the matrícula only when it still is the day the old matrícula gave.
  if (current.dataEnturmacao !== firstDayInClass(yearStart, current.dataMatricula, today))
    return current.dataEnturmacao;
  return firstDayInClass(yearStart, dataMatricula, today);
}

export const EXPORT_LIMIT = 20_000;

/** Every row of the filtered list (no paging), for CSV/XLSX export. */
export async function listStudentsForExport(
  db: DbOrTx,
  viewer: Viewer,
  query: Omit<ExportStudentsQuery, 'format'>,
): Promise<{ students: Student[]; view: FieldView }> {
  const scope = await scopeOf(db, viewer);
  const filters = listFilters(scope, query);
  const rows = await db
    .select({ student: students, turma: turmaColumns })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(folded(students.nome), students.id)
    .limit(EXPORT_LIMIT);
  return { students: await presentStudents(db, rows, scope), view: fieldViewOf(scope) };
}

/** Students enrolled per month since `from` (YYYY-MM-DD), for the dashboard's trend. */
export async function countEnrolmentsByMonth(db: DbOrTx, from: string) {
  return db
    .select({
      mes: sql<string>`to_char(${students.dataMatricula}, 'YYYY-MM')`,
      total: count(),
    })
    .from(students)
    .where(gte(students.dataMatricula, from))
    .groupBy(sql`1`)
    .orderBy(desc(sql`1`));
}

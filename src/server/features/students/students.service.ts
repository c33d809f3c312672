import { and, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { messages, type Page } from '../../../shared/api.js';
import type {
  CreateGuardianData,
  CreatedStudent,
  CreateStudentData,
  ExportStudentsQuery,
  Guardian,
  GuardianData,
  ListStudentsQuery,
  Student,
  StudentCounts,
  StudentStatus,
  UpdateOwnGuardianData,
  UpdateStudentData,
} from '../../../shared/students.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { assertClassHasRoom } from '../classes/classes.rules.js';
import { classes } from '../classes/classes.table.js';
import { insertUser, likePattern, sendWelcomeMail } from '../users/users.service.js';
import { users, type UserRow } from '../users/users.table.js';
import { studentFiguresOf, studentsVersion } from './students.figures.js';
import { toGuardian, toStudent, type LinkedGuardian } from './students.presenter.js';
import { scopeOf, seesCpf, studentsInScope, type RecordsScope } from './students.scope.js';
import { syncMembership } from '../academics/memberships.js';
import {
  guardians,
  recordVersions,
  studentGuardians,
  students,
  type GuardianRow,
  type StudentRow,
} from './students.table.js';
import { clock } from '../../lib/clock.js';

export type Viewer = Pick<UserRow, 'id' | 'nivel'>;

const studentNotFound = () => notFound('Aluno não encontrado.');
const guardianNotFound = () => notFound('Responsável não encontrado.');
const stale = () => new AppError('PRECONDITION_FAILED', messages.staleVersion);

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

function listFilters(scope: RecordsScope, query: Omit<ListStudentsQuery, 'page' | 'pageSize'>): SQL[] {
  const filters: SQL[] = [];
  const scoped = studentsInScope(scope);
  if (scoped) filters.push(scoped);
  if (query.q) {
    filters.push(sql`${searchable} ilike ${likePattern(query.q)}`);
  }
  if (query.status && query.status !== 'todos') filters.push(eq(students.status, query.status));
  if (query.turma_id && query.turma_id !== 'todas') filters.push(eq(students.turmaId, query.turma_id));
  return filters;
}

async function loadGuardians(db: DbOrTx, studentIds: string[]): Promise<Map<string, LinkedGuardian[]>> {
  const byStudent = new Map<string, LinkedGuardian[]>();
  if (studentIds.length === 0) return byStudent;
  const rows = await db
    .select({
      guardian: guardians,
      alunoId: studentGuardians.alunoId,
      parentesco: studentGuardians.parentesco,
      ehPrincipal: studentGuardians.ehPrincipal,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(inArray(studentGuardians.alunoId, studentIds));
  for (const row of rows) {
    const list = byStudent.get(row.alunoId) ?? [];
    list.push({
      ...row.guardian,
      alunoId: row.alunoId,
      parentesco: row.parentesco,
      ehPrincipal: row.ehPrincipal,
    });
    byStudent.set(row.alunoId, list);
  }
  return byStudent;
}

async function presentStudents(
  db: DbOrTx,
  rows: { student: StudentRow; turma: { id: string; nome: string; serie: string } | null }[],
  scope: RecordsScope,
): Promise<Student[]> {
  const linked = await loadGuardians(
    db,
    rows.map((row) => row.student.id),
  );
  return rows.map((row) =>
    toStudent(row.student, row.turma, linked.get(row.student.id) ?? [], seesCpf(scope)),
  );
}

const turmaColumns = { id: classes.id, nome: classes.nome, serie: classes.serie };

function firstOfMonth(): string {
  return `${clock.today().slice(0, 7)}-01`;
}

/** The text a search looks in; the trigram index of migration 0005 is on this very expression. */
const searchable = sql`(${students.nome} || ' ' || ${students.matricula} || ' ' || coalesce(${students.email}, ''))`;

/**
 * One page of the list. Pages, counters and totals are cached at the list's version (ADR 0009): a page
 * asked again costs one read of the version, and any write to the students, their guardians, the links
 * or the classes gives the list a new version, so the next request computes afresh.
 */
export async function listStudents(
  db: DbOrTx,
  viewer: Viewer,
  query: ListStudentsQuery,
): Promise<Page<Student> & { counts: StudentCounts }> {
  const scope = await scopeOf(db, viewer);
  const figures = studentFiguresOf(db);
  const pageKey = JSON.stringify([scope, query, clock.today()]);
  const [current] = await db
    .select({ version: recordVersions.version })
    .from(recordVersions)
    .where(eq(recordVersions.name, 'students'));
  const cached = figures.pages.get(pageKey, current?.version ?? null);
  if (cached) return cached;

  const filters = listFilters(scope, query);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const scoped = studentsInScope(scope);
  const rows = await db
    .select({ student: students, turma: turmaColumns, version: studentsVersion.mapWith(Number) })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(where)
    .orderBy(
      ...orderByOf(
        query.sort,
        query.order,
        {
          nome: sql`lower(${students.nome})`,
          matricula: students.matricula,
          turma: sql`lower(${classes.nome})`,
          status: students.status,
        },
        [sql`lower(${students.nome})`, students.id],
      ),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
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
  let total = filters.length === (scoped ? 1 : 0) ? counts.total : undefined;
  if (total === undefined) {
    const filterKey = JSON.stringify([scope, query.q ?? '', query.status ?? '', query.turma_id ?? '']);
    total = figures.totals.get(filterKey, pageVersion);
    if (total === undefined) {
      const [row] = await db
        .select({ version: studentsVersion.mapWith(Number), total: count() })
        .from(students)
        .where(where);
      total = row?.total ?? 0;
      figures.totals.set(filterKey, row?.version ?? null, total);
    }
  }
  const page = {
    items: await presentStudents(db, rows, scope),
    total,
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

interface ResolvedGuardian {
  row: GuardianRow;
  usuario: UserRow | null;
  senhaGerada?: string;
  reused: boolean;
}

/**
 * The guardian of a new registration: the existing record with the same CPF (a sibling's guardian),
 * else the one linked to the portal account with that e-mail, else a new record with a new account
 * (generated password) or linked to the existing guardian account with that e-mail.
 */
async function resolveGuardian(
  ctx: AppContext,
  tx: DbOrTx,
  data: GuardianData,
  actor: Actor,
): Promise<ResolvedGuardian> {
  if (data.cpf) {
    const [existing] = await tx.select().from(guardians).where(eq(guardians.cpf, data.cpf)).limit(1);
    if (existing) return { row: existing, usuario: null, reused: true };
  }
  let account: UserRow | undefined;
  if (data.email) {
    [account] = await tx.select().from(users).where(eq(users.email, data.email)).limit(1);
    if (account && account.nivel !== 'responsavel') {
      throw new AppError('CONFLICT', 'Este e-mail já pertence a um usuário que não é responsável.', [
        { path: 'responsavel.email', message: 'E-mail em uso por outro tipo de usuário' },
      ]);
    }
    if (account) {
      const [linked] = await tx.select().from(guardians).where(eq(guardians.usuarioId, account.id)).limit(1);
      if (linked) return { row: linked, usuario: account, reused: true };
    }
  }
  let senhaGerada: string | undefined;
  if (data.email && !account) {
    const created = await insertUser(
      ctx,
      tx,
      {
        nome: data.nome,
        email: data.email,
        telefone: data.telefone,
        endereco: data.endereco,
        tipo: 'responsavel',
      },
      actor,
    );
    account = created.row;
    senhaGerada = created.senhaGerada;
  }
  let row: GuardianRow | undefined;
  try {
    [row] = await tx
      .insert(guardians)
      .values({
        nome: data.nome,
        email: data.email ?? null,
        telefone: data.telefone,
        cpf: data.cpf ?? null,
        endereco: data.endereco ?? null,
        observacoes: data.observacoes ?? null,
        usuarioId: account?.id ?? null,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'guardians_cpf_unique'))
      throw new AppError('CONFLICT', 'Já existe um responsável com este CPF.');
    throw error;
  }
  await recordAudit(tx, actor, { action: 'criar', entity: 'responsavel', entityId: row!.id });
  return senhaGerada === undefined
    ? { row: row!, usuario: account ?? null, reused: false }
    : { row: row!, usuario: account ?? null, senhaGerada, reused: false };
}

async function linkGuardian(
  tx: DbOrTx,
  alunoId: string,
  responsavelId: string,
  data: Pick<GuardianData, 'parentesco' | 'eh_principal'>,
): Promise<void> {
  if (data.eh_principal) {
    await tx
      .update(studentGuardians)
      .set({ ehPrincipal: false })
      .where(and(eq(studentGuardians.alunoId, alunoId), ne(studentGuardians.responsavelId, responsavelId)));
  }
  await tx
    .insert(studentGuardians)
    .values({ alunoId, responsavelId, parentesco: data.parentesco, ehPrincipal: data.eh_principal })
    .onConflictDoUpdate({
      target: [studentGuardians.alunoId, studentGuardians.responsavelId],
      set: { parentesco: data.parentesco, ehPrincipal: data.eh_principal },
    });
}

/** The guardian and the student in one transaction: both are saved or neither. */
export async function createStudent(
  ctx: AppContext,
  input: CreateStudentData,
  actor: Actor,
): Promise<CreatedStudent> {
  const created = await ctx.db.transaction(async (tx) => {
    const guardian = await resolveGuardian(ctx, tx, input.responsavel, actor);
    if (input.turma_id) await assertClassHasRoom(tx, input.turma_id);
    let student: StudentRow | undefined;
    try {
      [student] = await tx
        .insert(students)
        .values({
          nome: input.nome,
          dataNascimento: input.data_nascimento,
          matricula: input.matricula,
          email: input.email ?? null,
          telefone: input.telefone ?? null,
          endereco: input.endereco ?? null,
          cpf: input.cpf ?? null,
          turmaId: input.turma_id ?? null,
          dataEnturmacao: input.turma_id ? clock.today() : null,
          dataMatricula: clock.today(),
          observacoes: input.observacoes ?? null,
        })
        .returning();
    } catch (error) {
      studentConflict(error);
    }
    if (input.turma_id)
      await syncMembership(tx, student!.id, { turmaId: input.turma_id, ativo: true }, clock.today());
    await linkGuardian(tx, student!.id, guardian.row.id, input.responsavel);
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'aluno',
      entityId: student!.id,
      details: { responsavel_id: guardian.row.id, turma_id: input.turma_id ?? null },
    });
    return { student: student!, guardian };
  });
  const emailEnviado =
    created.guardian.senhaGerada !== undefined && created.guardian.usuario
      ? await sendWelcomeMail(ctx, created.guardian.usuario, created.guardian.senhaGerada)
      : false;
  const aluno = await getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, created.student.id);
  const result: CreatedStudent = {
    aluno,
    responsavel: toGuardian(created.guardian.row),
    usuarioCriado: created.guardian.senhaGerada !== undefined,
    emailEnviado,
  };
  if (created.guardian.senhaGerada !== undefined) result.senhaGerada = created.guardian.senhaGerada;
  return result;
}

async function lockStudent(tx: DbOrTx, id: string): Promise<StudentRow> {
  const [row] = await tx.select().from(students).where(eq(students.id, id)).for('update');
  if (!row) throw studentNotFound();
  return row;
}

export async function updateStudent(
  ctx: AppContext,
  id: string,
  input: UpdateStudentData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Student> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockStudent(tx, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale();
    const turmaId = input.turma_id === undefined ? current.turmaId : input.turma_id;
    const changesClass = turmaId !== current.turmaId;
    if (changesClass && turmaId) await assertClassHasRoom(tx, turmaId);
    let updated: StudentRow | undefined;
    try {
      [updated] = await tx
        .update(students)
        .set({
          nome: input.nome,
          dataNascimento: input.data_nascimento,
          matricula: input.matricula,
          email: input.email ?? null,
          telefone: input.telefone ?? null,
          endereco: input.endereco ?? null,
          cpf: input.cpf ?? null,
          turmaId,
          dataEnturmacao: changesClass ? (turmaId ? clock.today() : null) : current.dataEnturmacao,
          observacoes: input.observacoes ?? null,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(students.id, id), eq(students.version, current.version)))
        .returning();
    } catch (error) {
      studentConflict(error);
    }
    if (!updated) throw stale();
    if (changesClass)
      await syncMembership(tx, id, { turmaId, ativo: current.status === 'ativo' }, clock.today());
    const keys = [
      'nome',
      'dataNascimento',
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
  });
  return getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, id);
}

export async function setStudentStatus(
  ctx: AppContext,
  id: string,
  status: StudentStatus,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Student> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockStudent(tx, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale();
    if (status === current.status) return;
    // Coming back to 'ativo' takes a place in the class again.
    if (status === 'ativo' && current.turmaId) await assertClassHasRoom(tx, current.turmaId);
    await tx
      .update(students)
      .set({ status, version: current.version + 1, updatedAt: new Date() })
      .where(eq(students.id, id));
    // Only active students are on the class's roll: the membership pauses while they are not.
    await syncMembership(tx, id, { turmaId: current.turmaId, ativo: status === 'ativo' }, clock.today());
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'aluno',
      entityId: id,
      details: { de: current.status, para: status },
    });
  });
  return getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, id);
}

/** POST /api/responsaveis: a guardian (and account), optionally linked to a student at once. */
export async function createGuardian(
  ctx: AppContext,
  input: CreateGuardianData,
  actor: Actor,
): Promise<Guardian & { usuarioCriado: boolean; senhaGerada?: string; emailEnviado: boolean }> {
  const resolved = await ctx.db.transaction(async (tx) => {
    if (input.aluno_id) await lockStudent(tx, input.aluno_id);
    const guardian = await resolveGuardian(ctx, tx, input, actor);
    if (input.aluno_id) {
      await linkGuardian(tx, input.aluno_id, guardian.row.id, input);
      await recordAudit(tx, actor, {
        action: 'vincular_responsavel',
        entity: 'aluno',
        entityId: input.aluno_id,
        details: { responsavel_id: guardian.row.id, eh_principal: input.eh_principal },
      });
    }
    return guardian;
  });
  const emailEnviado =
    resolved.senhaGerada !== undefined && resolved.usuario
      ? await sendWelcomeMail(ctx, resolved.usuario, resolved.senhaGerada)
      : false;
  const base = {
    ...toGuardian(resolved.row),
    usuarioCriado: resolved.senhaGerada !== undefined,
    emailEnviado,
  };
  return resolved.senhaGerada === undefined ? base : { ...base, senhaGerada: resolved.senhaGerada };
}

async function findOwnGuardian(db: DbOrTx, viewer: Viewer): Promise<GuardianRow> {
  const [row] = await db.select().from(guardians).where(eq(guardians.usuarioId, viewer.id)).limit(1);
  if (!row) throw guardianNotFound();
  return row;
}

export async function getOwnGuardian(db: DbOrTx, viewer: Viewer): Promise<Guardian> {
  return toGuardian(await findOwnGuardian(db, viewer));
}

/** A guardian edits their own contact data (telefone, endereço); nothing else. */
export async function updateOwnGuardian(
  ctx: AppContext,
  viewer: Viewer,
  input: UpdateOwnGuardianData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Guardian> {
  return ctx.db.transaction(async (tx) => {
    const current = await findOwnGuardian(tx, viewer);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale();
    const [updated] = await tx
      .update(guardians)
      .set({
        telefone: input.telefone,
        endereco: input.endereco ?? null,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(guardians.id, current.id), eq(guardians.version, current.version)))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      action: 'atualizar_contato',
      entity: 'responsavel',
      entityId: current.id,
    });
    return toGuardian(updated);
  });
}

export const EXPORT_LIMIT = 20_000;

/** Every row of the filtered list (no paging), for CSV/XLSX export. */
export async function listStudentsForExport(
  db: DbOrTx,
  viewer: Viewer,
  query: Omit<ExportStudentsQuery, 'format'>,
): Promise<{ students: Student[]; showCpf: boolean }> {
  const scope = await scopeOf(db, viewer);
  const filters = listFilters(scope, query);
  const rows = await db
    .select({ student: students, turma: turmaColumns })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(sql`lower(${students.nome})`, students.id)
    .limit(EXPORT_LIMIT);
  return { students: await presentStudents(db, rows, scope), showCpf: seesCpf(scope) };
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

import { and, count, eq, ne, sql } from 'drizzle-orm';
import { formatCount } from '../../../shared/format.js';
import {
  compareClasses,
  type ClassData,
  type ClassStudent,
  type SchoolClass,
} from '../../../shared/classes.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { folded } from '../../lib/text-search.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { classesInScope } from '../students/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { guardianContacts, readerOf } from '../students/index.js';
import { teachers } from '../../db/schema/teachers.js';
import type { UserRow } from '../../db/schema/users.js';
import { assertClassHasRoom } from '../students/index.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { clock } from '../../lib/clock.js';
import { syncMembership } from '../students/index.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';

type Viewer = Pick<UserRow, 'id' | 'nivel'>;

const classNotFound = () => notFound('Turma não encontrada.');

const activeCount =
  sql<number>`(select count(*) from ${students} where ${students.turmaId} = ${classes.id} and ${students.status} = 'ativo')`.mapWith(
    Number,
  );

function toClass(
  row: ClassRow,
  professor: { id: string; nome: string } | null,
  alunosCount: number,
): SchoolClass {
  return {
    id: row.id,
    nome: row.nome,
    nivel: row.nivel,
    serie: row.serie,
    turno: row.turno,
    ano_letivo: row.anoLetivo,
    capacidade_maxima: row.capacidadeMaxima,
    professor_responsavel_id: row.professorResponsavelId,
    professor_responsavel: professor?.id ? professor : null,
    observacoes: row.observacoes,
    status: row.status,
    alunos_count: alunosCount,
    version: row.version,
  };
}

async function selectClasses(db: DbOrTx, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      turma: classes,
      professorId: teachers.id,
      professorNome: teachers.nome,
      alunosCount: activeCount,
    })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.professorResponsavelId))
    .where(where);
  // Newest year first, then school order: Infantil, Fundamental, Médio (the nivel's name would put the
  // Médio before the Fundamental).
  rows.sort((a, b) => b.turma.anoLetivo.localeCompare(a.turma.anoLetivo) || compareClasses(a.turma, b.turma));
  return rows.map((row) =>
    toClass(
      row.turma,
      row.professorId && row.professorNome ? { id: row.professorId, nome: row.professorNome } : null,
      row.alunosCount,
    ),
  );
}

export async function listClasses(
  db: DbOrTx,
  viewer: Viewer,
  query: { professor_id?: string | undefined },
): Promise<SchoolClass[]> {
  const scope = await scopeOf(db, viewer);
  return selectClasses(
    db,
    and(
      classesInScope(scope),
      query.professor_id ? eq(classes.professorResponsavelId, query.professor_id) : undefined,
    ),
  );
}

export async function getClass(db: DbOrTx, viewer: Viewer, id: string): Promise<SchoolClass> {
  const scope = await scopeOf(db, viewer);
  const [found] = await selectClasses(db, and(eq(classes.id, id), classesInScope(scope)));
  if (!found) throw classNotFound();
  return found;
}

async function assertTeacherExists(tx: DbOrTx, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [row] = await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, id));
  if (!row) {
    throw badRequest('Professor não encontrado', [
      { path: 'professor_responsavel_id', message: 'Professor não encontrado' },
    ]);
  }
}

/**
 * Two classes of one school year with the same name cannot be told apart anywhere (chamada, notas,
 * mensalidades, the Excluir confirmation), so the name is unique per year, whatever the case.
 */
async function assertNameFree(tx: DbOrTx, nome: string, anoLetivo: string, exceptId?: string) {
  const conditions = [
    eq(classes.anoLetivo, anoLetivo),
    sql`lower(${classes.nome}) = lower(${nome.trim()})`,
    ...(exceptId ? [ne(classes.id, exceptId)] : []),
  ];
  const [twin] = await tx
    .select({ nome: classes.nome })
    .from(classes)
    .where(and(...conditions))
    .limit(1);
  if (twin)
    throw new AppError('CONFLICT', `Já existe a turma ${twin.nome} em ${anoLetivo}.`, [
      { path: 'nome', message: `Nome já usado em ${anoLetivo}` },
    ]);
}

/** The columns a class takes from the form, but its teacher (kept on an edit that leaves it out). */
function classValues(input: ClassData) {
  return {
    nome: input.nome,
    nivel: input.nivel,
    serie: input.serie,
    turno: input.turno,
    anoLetivo: input.ano_letivo,
    capacidadeMaxima: input.capacidade_maxima,
    observacoes: input.observacoes ?? null,
    status: input.status,
  };
}

export async function createClass(ctx: AppContext, input: ClassData, actor: Actor): Promise<SchoolClass> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertTeacherExists(tx, input.professor_responsavel_id);
    await assertNameFree(tx, input.nome, input.ano_letivo);
    const [row] = await tx
      .insert(classes)
      .values({ ...classValues(input), professorResponsavelId: input.professor_responsavel_id ?? null })
      .returning();
    await recordAudit(tx, actor, { action: 'criar', entity: 'turma', entityId: row!.id });
    return row!.id;
  });
  return getClass(ctx.db, { id: '', nivel: 'administrador' }, id);
}

async function lockClass(tx: DbOrTx, id: string): Promise<ClassRow> {
  return lockForUpdate(tx, classes, id, classNotFound);
}

export async function updateClass(
  ctx: AppContext,
  id: string,
  input: ClassData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<SchoolClass> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockClass(tx, id);
    assertVersion(expectedVersion, current.version);
    await assertTeacherExists(tx, input.professor_responsavel_id);
    await assertNameFree(tx, input.nome, input.ano_letivo, id);
    const [row] = await tx
      .update(classes)
      .set({
        ...classValues(input),
        professorResponsavelId:
          input.professor_responsavel_id === undefined
            ? current.professorResponsavelId
            : input.professor_responsavel_id,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(classes.id, id), eq(classes.version, current.version)))
      .returning();
    if (!row) throw staleVersion();
    const keys = [
      'nome',
      'nivel',
      'serie',
      'turno',
      'anoLetivo',
      'capacidadeMaxima',
      'professorResponsavelId',
      'observacoes',
      'status',
    ] as const;
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'turma',
      entityId: id,
      details: { campos: keys.filter((key) => current[key] !== row[key]) },
    });
  });
  return getClass(ctx.db, { id: '', nivel: 'administrador' }, id);
}

/** Refused (409) while any student is enrolled: unenrol or move them first. */
export async function deleteClass(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockClass(tx, id);
    const [enrolled] = await tx
      .select({
        total: count(),
        ativos: sql<number>`count(*) filter (where ${students.status} = 'ativo')`.mapWith(Number),
      })
      .from(students)
      .where(eq(students.turmaId, id));
    const total = enrolled?.total ?? 0;
    if (total > 0) {
      // The card counts only active students; inactive and transferred ones still belong to the class.
      const others = total - (enrolled?.ativos ?? 0);
      const detail =
        others > 0
          ? ` (${others === 1 ? '1 deles inativo, transferido ou formado' : `${String(others)} deles inativos, transferidos ou formados`})`
          : '';
      throw new AppError(
        'CONFLICT',
        `Não é possível excluir a turma ${current.nome}: há ${formatCount(total, 'aluno matriculado', 'alunos matriculados')}${detail}. Remova-os da turma em 'Ver Alunos' antes de excluir.`,
      );
    }
    const [roll] = await tx
      .select({ id: attendanceRolls.id })
      .from(attendanceRolls)
      .where(eq(attendanceRolls.turmaId, id))
      .limit(1);
    if (roll) {
      throw new AppError(
        'CONFLICT',
        `Não é possível excluir a turma ${current.nome}: ela tem frequência registrada (diário de classe). Marque-a como concluída ou inativa.`,
      );
    }
    await tx.delete(classes).where(eq(classes.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'turma',
      entityId: id,
      details: { nome: current.nome },
    });
  });
}

/** 'Ver Alunos': a class's students with their principal guardian's contact data (no CPF). */
export async function listClassStudents(db: DbOrTx, viewer: Viewer, id: string): Promise<ClassStudent[]> {
  const scope = await scopeOf(db, viewer);
  const [found] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, id), classesInScope(scope)));
  if (!found) throw classNotFound();
  const rows = await db
    .select({
      id: students.id,
      nome: students.nome,
      matricula: students.matricula,
      email: students.email,
      dataNascimento: students.dataNascimento,
      status: students.status,
      guardianId: guardians.id,
      guardianNome: guardians.nome,
      parentesco: studentGuardians.parentesco,
      guardianEmail: guardians.email,
      guardianTelefone: guardians.telefone,
    })
    .from(students)
    .leftJoin(
      studentGuardians,
      and(eq(studentGuardians.alunoId, students.id), eq(studentGuardians.ehPrincipal, true)),
    )
    .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    // A guardian sees only their own children in the class, never the classmates.
    .where(and(eq(students.turmaId, id), studentsInScope(scope)))
    .orderBy(folded(students.nome));
  // Teachers see names, birth dates and guardians' names and phones only; a guardian sees the other
  // parent, when principal, by name and kinship only.
  const { view, self } = readerOf(scope);
  return rows.map((row) => {
    const { guardianId: id, guardianNome: nome, parentesco, guardianTelefone: telefone } = row;
    const contacts =
      id !== null && telefone !== null
        ? guardianContacts({ id, email: row.guardianEmail, telefone, endereco: null }, view, self)
        : null;
    return {
      id: row.id,
      nome: row.nome,
      matricula: row.matricula,
      email: view !== 'teacher' ? row.email : null,
      data_nascimento: row.dataNascimento,
      status: row.status,
      responsavel:
        contacts && nome !== null && parentesco !== null
          ? { nome, parentesco, email: contacts.email, telefone: contacts.telefone }
          : null,
    };
  });
}

export async function enrolStudent(
  ctx: AppContext,
  id: string,
  alunoId: string,
  actor: Actor,
  dataEnturmacao?: string,
): Promise<void> {
  const today = clock.today();
  if (dataEnturmacao !== undefined && dataEnturmacao > today)
    throw badRequest('A data de enturmação não pode estar no futuro', [
      { path: 'data_enturmacao', message: 'A data de enturmação não pode estar no futuro' },
    ]);
  const date = dataEnturmacao ?? today;
  await ctx.db.transaction(async (tx) => {
    const [student] = await tx.select().from(students).where(eq(students.id, alunoId)).for('update');
    if (!student) throw notFound('Aluno não encontrado.');
    if (student.turmaId === id) {
      await lockClass(tx, id);
      if (dataEnturmacao === undefined || dataEnturmacao === student.dataEnturmacao) return;
      // Same class, another first day: the secretaria corrects the enrolment date.
      await syncMembership(tx, alunoId, { turmaId: id, ativo: student.status === 'ativo' }, date, {
        explicitDate: true,
      });
      await tx
        .update(students)
        .set({ dataEnturmacao: date, version: student.version + 1, updatedAt: new Date() })
        .where(eq(students.id, alunoId));
      await recordAudit(tx, actor, {
        action: 'corrigir_enturmacao',
        entity: 'turma',
        entityId: id,
        details: { aluno_id: alunoId, antes: student.dataEnturmacao, depois: date },
      });
      return;
    }
    const turma = await lockClass(tx, id);
    if (student.status === 'ativo') await assertClassHasRoom(tx, turma.id);
    await syncMembership(tx, alunoId, { turmaId: id, ativo: student.status === 'ativo' }, date);
    await tx
      .update(students)
      .set({
        turmaId: id,
        dataEnturmacao: date,
        version: student.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(students.id, alunoId));
    await recordAudit(tx, actor, {
      action: 'matricular',
      entity: 'turma',
      entityId: id,
      details: { aluno_id: alunoId, turma_anterior: student.turmaId, data_enturmacao: date },
    });
  });
}

export async function unenrolStudent(
  ctx: AppContext,
  id: string,
  alunoId: string,
  actor: Actor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockClass(tx, id);
    const [student] = await tx
      .select()
      .from(students)
      .where(and(eq(students.id, alunoId), eq(students.turmaId, id)))
      .for('update');
    if (!student) throw notFound('Aluno não está matriculado nesta turma.');
    await syncMembership(tx, alunoId, { turmaId: null, ativo: false }, clock.today());
    await tx
      .update(students)
      .set({ turmaId: null, dataEnturmacao: null, version: student.version + 1, updatedAt: new Date() })
      .where(eq(students.id, alunoId));
    await recordAudit(tx, actor, {
      action: 'desmatricular',
      entity: 'turma',
      entityId: id,
      details: { aluno_id: alunoId },
    });
  });
}

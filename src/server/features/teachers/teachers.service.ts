import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type {
  ListTeachersQuery,
  SavedTeacher,
  Teacher,
  TeacherData,
} from '../../../shared/teachers.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { resolveChosenSubjects } from '../disciplinas/index.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { insertUser, sendWelcomeMail } from '../users/index.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { findAccountForTeacher } from '../users/index.js';
import { teachers, type TeacherRow } from '../../db/schema/teachers.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';

const teacherNotFound = () => notFound('Professor não encontrado.');

function teacherConflict(error: unknown): never {
  if (isUniqueViolation(error, 'teachers_email_unique'))
    throw new AppError('CONFLICT', 'Já existe um professor com este e-mail.', [
      { path: 'email', message: 'E-mail já cadastrado' },
    ]);
  throw error;
}

export function toTeacher(row: TeacherRow, acessoEmail: string | null): Teacher {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    disciplinas: row.disciplinas,
    data_contratacao: row.dataContratacao,
    status: row.status,
    usuario_id: row.usuarioId,
    tem_acesso: row.usuarioId !== null,
    acesso_email: row.usuarioId === null ? null : acessoEmail,
    version: row.version,
  };
}

export async function listTeachers(db: DbOrTx, query: ListTeachersQuery): Promise<Teacher[]> {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(
      or(
        matchesText(teachers.nome, query.q),
        matchesText(teachers.email, query.q),
        matchesText(sql`array_to_string(${teachers.disciplinas}, ' ')`, query.q),
      )!,
    );
  }
  if (query.status && query.status !== 'todos') filters.push(eq(teachers.status, query.status));
  const rows = await db
    .select({ teacher: teachers, acessoEmail: users.email })
    .from(teachers)
    .leftJoin(users, eq(users.id, teachers.usuarioId))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(folded(teachers.nome), teachers.id);
  return rows.map((row) => toTeacher(row.teacher, row.acessoEmail));
}

async function lockTeacher(tx: DbOrTx, id: string): Promise<TeacherRow> {
  return lockForUpdate(tx, teachers, id, teacherNotFound);
}

/**
 * The teacher's portal account: the professor account with that e-mail when there is one (linked
 * whether or not access was asked for, teacher-link.ts), else a new one when `criar_acesso`.
 */
async function ensureTeacherAccount(
  ctx: AppContext,
  tx: DbOrTx,
  data: TeacherData,
  teacherId: string | null,
  actor: Actor,
): Promise<{ usuario: UserRow; senhaGerada?: string } | null> {
  const [existing] = await tx.select().from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) {
    if (existing.nivel !== 'professor') {
      if (!data.criar_acesso) return null;
      throw new AppError('CONFLICT', 'Este e-mail já pertence a um usuário que não é professor.', [
        { path: 'email', message: 'E-mail em uso por outro tipo de usuário' },
      ]);
    }
    const account = await findAccountForTeacher(tx, data.email, teacherId);
    return account ? { usuario: account } : null;
  }
  if (!data.criar_acesso) return null;
  const created = await insertUser(
    ctx,
    tx,
    { nome: data.nome, email: data.email, telefone: data.telefone, tipo: 'professor' },
    actor,
  );
  return created.senhaGerada === undefined
    ? { usuario: created.row }
    : { usuario: created.row, senhaGerada: created.senhaGerada };
}

async function finishSave(
  ctx: AppContext,
  row: TeacherRow,
  account: { usuario: UserRow; senhaGerada?: string } | null,
): Promise<SavedTeacher> {
  const senhaGerada = account?.senhaGerada;
  const mail =
    account && senhaGerada !== undefined
      ? await sendWelcomeMail(ctx, account.usuario, senhaGerada)
      : { emailEnviado: false };
  let acessoEmail = account?.usuario.email ?? null;
  if (acessoEmail === null && row.usuarioId !== null) {
    const [linked] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.usuarioId));
    acessoEmail = linked?.email ?? null;
  }
  const saved: SavedTeacher = {
    professor: toTeacher(row, acessoEmail),
    usuarioCriado: senhaGerada !== undefined,
    ...mail,
  };
  if (senhaGerada !== undefined) saved.senhaGerada = senhaGerada;
  return saved;
}

/** The catalogue's spelling of each subject, once; an inactive one only if the teacher already had it. */
async function teacherSubjects(tx: DbOrTx, chosen: string[], had: string[]): Promise<string[]> {
  const names = await resolveChosenSubjects(tx, chosen, had, (index) => `disciplinas.${String(index)}`);
  return [...new Set(names)];
}

/** The form's fields as the teacher's columns (the account link and the version are the caller's). */
function teacherColumns(input: TeacherData, subjects: string[]) {
  return {
    nome: input.nome,
    email: input.email,
    telefone: input.telefone ?? null,
    disciplinas: subjects,
    dataContratacao: input.data_contratacao ?? null,
    status: input.status,
  };
}

export async function createTeacher(
  ctx: AppContext,
  input: TeacherData,
  actor: Actor,
): Promise<SavedTeacher> {
  const { row, account } = await ctx.db.transaction(async (tx) => {
    const subjects = await teacherSubjects(tx, input.disciplinas, []);
    const account = await ensureTeacherAccount(ctx, tx, input, null, actor);
    let row: TeacherRow | undefined;
    try {
      [row] = await tx
        .insert(teachers)
        .values({ ...teacherColumns(input, subjects), usuarioId: account?.usuario.id ?? null })
        .returning();
    } catch (error) {
      teacherConflict(error);
    }
    await recordAudit(tx, actor, { action: 'criar', entity: 'professor', entityId: row!.id });
    return { row: row!, account };
  });
  return finishSave(ctx, row, account);
}

export async function updateTeacher(
  ctx: AppContext,
  id: string,
  input: TeacherData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<SavedTeacher> {
  const { row, account } = await ctx.db.transaction(async (tx) => {
    const current = await lockTeacher(tx, id);
    assertVersion(expectedVersion, current.version);
    const subjects = await teacherSubjects(tx, input.disciplinas, current.disciplinas);
    const account = current.usuarioId === null ? await ensureTeacherAccount(ctx, tx, input, id, actor) : null;
    let row: TeacherRow | undefined;
    try {
      [row] = await tx
        .update(teachers)
        .set({
          ...teacherColumns(input, subjects),
          usuarioId: account?.usuario.id ?? current.usuarioId,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(teachers.id, id), eq(teachers.version, current.version)))
        .returning();
    } catch (error) {
      teacherConflict(error);
    }
    if (!row) throw staleVersion();
    const keys = ['nome', 'email', 'telefone', 'dataContratacao', 'status', 'usuarioId'] as const;
    const campos: string[] = keys.filter((key) => current[key] !== row[key]);
    if (current.disciplinas.join('|') !== row.disciplinas.join('|')) campos.push('disciplinas');
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'professor',
      entityId: id,
      details: { campos },
    });
    return { row, account };
  });
  return finishSave(ctx, row, account);
}

/** Refused (409, naming the classes) while the teacher is responsible for a class or teaches in its grid. */
export async function deleteTeacher(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTeacher(tx, id);
    const owned = await tx
      .select({ nome: classes.nome })
      .from(classes)
      .where(eq(classes.professorResponsavelId, id))
      .orderBy(classes.nome);
    if (owned.length > 0) {
      const names = owned.map((item) => item.nome).join(', ');
      throw new AppError(
        'CONFLICT',
        `Não é possível excluir: o professor é responsável pelas turmas ${names}. Reatribua as turmas antes de excluir.`,
      );
    }
    const taught = await tx
      .selectDistinct({ nome: classes.nome })
      .from(classSubjects)
      .innerJoin(classes, eq(classes.id, classSubjects.turmaId))
      .where(eq(classSubjects.professorId, id))
      .orderBy(classes.nome);
    if (taught.length > 0) {
      const names = taught.map((item) => item.nome).join(', ');
      throw new AppError(
        'CONFLICT',
        `Não é possível excluir: o professor leciona na grade das turmas ${names}. Troque o professor dessas disciplinas antes de excluir.`,
      );
    }
    await tx.delete(teachers).where(eq(teachers.id, id));
    await recordAudit(tx, actor, { action: 'excluir', entity: 'professor', entityId: id });
  });
}

import { and, eq, inArray, ne } from 'drizzle-orm';
import type {
  CreateGuardianData,
  Guardian,
  GuardianData,
  UpdateOwnGuardianData,
} from '../../../shared/students.schemas.js';
import type { EnvioEmail } from '../../../shared/users.schemas.js';
import { enderecoColumnsOf } from '../../../shared/endereco.schemas.js';
import { sameName } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { insertUser, sendWelcomeMail } from '../users/index.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { toGuardian, type LinkedGuardian, type ListedGuardian } from './students.presenter.js';
import { studentNotFound, type Viewer } from './students.scope.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';
import { auditRows, enforceWriteLimits, WRITE_LIMITS } from '../../lib/write-limits.js';
import { guardians, studentGuardians, students, type GuardianRow } from '../../db/schema/students.js';

const guardianNotFound = () => notFound('Responsável não encontrado.');
export async function loadGuardians(
  db: DbOrTx,
  studentIds: string[],
): Promise<Map<string, LinkedGuardian[]>> {
  if (studentIds.length === 0) return new Map();
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
  return groupedByStudent(
    rows.map((row) => ({
      ...row.guardian,
      alunoId: row.alunoId,
      parentesco: row.parentesco,
      ehPrincipal: row.ehPrincipal,
    })),
  );
}

function groupedByStudent<T extends { alunoId: string }>(rows: T[]): Map<string, T[]> {
  const byStudent = new Map<string, T[]>();
  for (const row of rows) {
    const list = byStudent.get(row.alunoId) ?? [];
    list.push(row);
    byStudent.set(row.alunoId, list);
  }
  return byStudent;
}

/**
 * The guardians of each of these students as a row of the list shows them (toStudentListItem): who they
 * are, the phone and the link — not every column of every guardian of a page.
 */
export async function loadListedGuardians(
  db: DbOrTx,
  studentIds: string[],
): Promise<Map<string, ListedGuardian[]>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({
      alunoId: studentGuardians.alunoId,
      id: guardians.id,
      nome: guardians.nome,
      telefone: guardians.telefone,
      parentesco: studentGuardians.parentesco,
      ehPrincipal: studentGuardians.ehPrincipal,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(inArray(studentGuardians.alunoId, studentIds));
  return groupedByStudent(rows);
}

interface ResolvedGuardian {
  row: GuardianRow;
  usuario: UserRow | null;
  senhaGerada?: string;
  reused: boolean;
}

/**
 * Why a guardian on file (found by a typed CPF or e-mail) is not the person typed: another name (accents,
 * case and spaces aside), or another CPF where both have one; null when it is them. The desk
 * (`resolveGuardian`'s `desk`) and the import's plan refuse on it, each in its own words.
 */
export function otherPerson(
  onFile: { nome: string; cpf: string | null },
  typed: { nome: string; cpf?: string | null },
): 'nome' | 'cpf' | null {
  if (!sameName(onFile.nome, typed.nome)) return 'nome';
  return typed.cpf && onFile.cpf && onFile.cpf !== typed.cpf ? 'cpf' : null;
}

/** The guardian of a portal account found by the e-mail typed at the desk is that person only by name and CPF. */
function assertSamePerson(linked: GuardianRow, data: GuardianData, emailPath: string): void {
  const other = otherPerson(linked, data);
  if (!other) return;
  const message =
    other === 'nome'
      ? `Este e-mail já é do responsável ${linked.nome}. Confira o e-mail ou escreva o nome como no cadastro.`
      : `Este e-mail já é do responsável ${linked.nome}, com outro CPF. Confira o e-mail e o CPF.`;
  throw new AppError('CONFLICT', message, [{ path: emailPath, message }]);
}

/**
 * The guardian of a new registration: the existing record with the same CPF (a sibling's guardian),
 * else the one linked to the portal account with that e-mail, else a new record with a new account
 * (generated password) or linked to the existing guardian account with that e-mail.
 * `desk`: typed at the secretaria's desk (the student form, 'Adicionar responsável', the import), a CPF
 * on file under another name is refused on its field, and so is the e-mail of a portal account whose
 * guardian has another name or another CPF: one wrong digit that makes another family's valid CPF, or
 * another family's e-mail, would link the child to that family, who would then see the child in the
 * portal. Nothing typed there is reused on trust by a name that does not match.
 */
export async function resolveGuardian(
  ctx: AppContext,
  tx: DbOrTx,
  data: GuardianData,
  actor: Actor,
  options: { desk?: { cpfPath: string; emailPath: string } } = {},
): Promise<ResolvedGuardian> {
  const { desk } = options;
  if (data.cpf) {
    const [existing] = await tx.select().from(guardians).where(eq(guardians.cpf, data.cpf)).limit(1);
    if (existing && desk && !sameName(existing.nome, data.nome)) {
      const message = `Este CPF já está cadastrado para ${existing.nome}. Confira o CPF ou escreva o nome como no cadastro.`;
      throw new AppError('CONFLICT', message, [{ path: desk.cpfPath, message }]);
    }
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
      if (linked && desk) assertSamePerson(linked, data, desk.emailPath);
      if (linked) return { row: linked, usuario: account, reused: true };
    }
  }
  let senhaGerada: string | undefined;
  const address = enderecoColumnsOf(data);
  if (data.email && !account) {
    const created = await insertUser(
      ctx,
      tx,
      {
        nome: data.nome,
        email: data.email,
        telefone: data.telefone,
        endereco: address.endereco,
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
        ...address,
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

export async function linkGuardian(
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

/** POST /api/responsaveis: a guardian (and account), optionally linked to a student at once. */
export async function createGuardian(
  ctx: AppContext,
  input: CreateGuardianData,
  actor: Actor,
): Promise<
  Guardian & { usuarioCriado: boolean; senhaGerada?: string; emailEnviado: boolean; envioEmail?: EnvioEmail }
> {
  const resolved = await ctx.db.transaction(async (tx) => {
    if (input.aluno_id) await lockForUpdate(tx, students, input.aluno_id, studentNotFound);
    const guardian = await resolveGuardian(ctx, tx, input, actor, {
      desk: { cpfPath: 'cpf', emailPath: 'email' },
    });
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
  const mail =
    resolved.senhaGerada !== undefined && resolved.usuario
      ? await sendWelcomeMail(ctx, resolved.usuario, resolved.senhaGerada)
      : { emailEnviado: false };
  const base = {
    ...toGuardian(resolved.row),
    usuarioCriado: resolved.senhaGerada !== undefined,
    ...mail,
  };
  return resolved.senhaGerada === undefined ? base : { ...base, senhaGerada: resolved.senhaGerada };
}

/** The guardian record a portal account belongs to (a family's own), if any. */
export async function guardianOfAccount(db: DbOrTx, userId: string): Promise<GuardianRow | undefined> {
  const [row] = await db.select().from(guardians).where(eq(guardians.usuarioId, userId)).limit(1);
  return row;
}

async function findOwnGuardian(db: DbOrTx, viewer: Viewer): Promise<GuardianRow> {
  const row = await guardianOfAccount(db, viewer.id);
  if (!row) throw guardianNotFound();
  return row;
}

export async function getOwnGuardian(db: DbOrTx, viewer: Viewer): Promise<Guardian> {
  return toGuardian(await findOwnGuardian(db, viewer), 'guardian');
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
    // Each save is an audited change; a person corrects a phone a few times, not hundreds (ADR 0018).
    await enforceWriteLimits(tx, viewer, 'contato', [
      { limit: WRITE_LIMITS.contato, source: auditRows(viewer.id, 'responsavel', ['atualizar_contato']) },
    ]);
    const current = await findOwnGuardian(tx, viewer);
    assertVersion(expectedVersion, current.version);
    const [updated] = await tx
      .update(guardians)
      .set({
        telefone: input.telefone,
        ...enderecoColumnsOf(input),
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(guardians.id, current.id), eq(guardians.version, current.version)))
      .returning();
    if (!updated) throw staleVersion();
    await recordAudit(tx, actor, {
      action: 'atualizar_contato',
      entity: 'responsavel',
      entityId: current.id,
    });
    return toGuardian(updated, 'guardian');
  });
}

/**
 * Students' own portal accounts (issue 31 §4, ADR 0029, docs/portal-do-aluno.md). An account of kind
 * 'aluno' reaches only its student (students.scope.ts); it is made by the staff from the student's
 * record, from the first série the school allows (6º ano by default), and only with a guardian's
 * consent recorded first (LGPD art. 14 §1: who, how, when, by whom). A guardian sees it and may ask the
 * school to disable it; disabling keeps the account and its history ('inativo').
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  SERIE_MINIMA_PADRAO,
  type CreateStudentAccountInput,
  type CreatedStudentAccount,
  type StudentAccess,
  type StudentAccount,
  type StudentAccountSettings,
  type StudentPortal,
} from '../../../shared/contas-aluno.schemas.js';
import { serieRank } from '../../../shared/classes.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { settings } from '../../db/schema/settings.js';
import { studentAccounts, type StudentAccountRow } from '../../db/schema/student-accounts.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { saveSetting } from '../../lib/settings-row.js';
import { recordAudit, type Actor } from '../audit/index.js';
import {
  forgetCachedSessions,
  forgetDevices,
  forgetPasswordResets,
  generatePassword,
  hashPassword,
  provisionalPassword,
  revokeUserSessions,
} from '../auth/index.js';
import { scopeOf, studentNotFound, studentsInScope, type Viewer } from '../students/index.js';
import { currentConsentOf } from '../privacy/index.js';
import { insertUser, sendWelcomeMail } from '../users/index.js';
import { fanOut } from '../notificacoes/index.js';

const SETTINGS_KEY = 'acesso_aluno';
const noAccount = () => notFound('Este aluno não tem acesso ao Portal do Aluno.');

// ------------------------------------------------------------------------------------------- settings

export async function getAccountSettings(db: DbOrTx): Promise<StudentAccountSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  const serie = row?.value.serie_minima;
  return {
    serie_minima: typeof serie === 'string' && serieRank(serie) !== null ? serie : SERIE_MINIMA_PADRAO,
  };
}

export async function updateAccountSettings(
  db: DbOrTx,
  input: StudentAccountSettings,
  actor: Actor,
): Promise<StudentAccountSettings> {
  return db.transaction(async (tx) => {
    const value = { serie_minima: input.serie_minima };
    await saveSetting(tx, SETTINGS_KEY, value, actor.id);
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_academicas',
      details: { acesso_aluno_serie_minima: input.serie_minima },
    });
    return value;
  });
}

// ---------------------------------------------------------------------------------------- presenting

type Joined = { account: StudentAccountRow; user: UserRow; alunoNome: string };

function toAccount({ account, user, alunoNome }: Joined): StudentAccount {
  return {
    aluno_id: account.alunoId,
    aluno_nome: alunoNome,
    usuario_id: user.id,
    email: user.email,
    status: user.status,
    ultimo_login: user.ultimoLogin?.toISOString() ?? null,
    criada_em: account.createdAt.toISOString(),
    consentimento: {
      responsavel_id: account.consentimentoResponsavelId,
      responsavel_nome: account.consentimentoResponsavelNome,
      meio: account.consentimentoMeio,
      em: account.consentimentoEm.toISOString(),
      registrado_por: account.registradoPorNome,
    },
    pedido_desativacao: account.desativacaoPedidaEm
      ? {
          em: account.desativacaoPedidaEm.toISOString(),
          por: account.desativacaoPedidaPorNome,
          motivo: account.desativacaoMotivo,
        }
      : null,
  };
}

export function joined(db: DbOrTx) {
  return db
    .select({ account: studentAccounts, user: users, alunoNome: students.nome })
    .from(studentAccounts)
    .innerJoin(users, eq(users.id, studentAccounts.usuarioId))
    .innerJoin(students, eq(students.id, studentAccounts.alunoId));
}

async function accountOf(db: DbOrTx, alunoId: string): Promise<Joined | undefined> {
  const [row] = await joined(db).where(eq(studentAccounts.alunoId, alunoId));
  return row;
}

/** The student if the viewer reaches them (404 otherwise, so ids cannot be probed). */
async function reachable(db: DbOrTx, viewer: Viewer, alunoId: string) {
  const scope = await scopeOf(db, viewer);
  const [row] = await db
    .select({ id: students.id, nome: students.nome, status: students.status, serie: classes.serie })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!row) throw studentNotFound();
  return { student: row, scope };
}

const ONLY_ACTIVE_STUDENTS = 'Só alunos ativos podem ter acesso ao Portal do Aluno.';

/** Why a student may not have an account now (null: they may). */
function refusalOf(student: { status: string; serie: string | null }, serieMinima: string): string | null {
  if (student.status !== 'ativo') return ONLY_ACTIVE_STUDENTS;
  if (!student.serie) return 'O aluno não está em nenhuma turma: enturme-o antes de criar o acesso.';
  const rank = serieRank(student.serie);
  const minimum = serieRank(serieMinima) ?? 0;
  if (rank === null)
    return `A série da turma (${student.serie}) não é reconhecida: o acesso é oferecido a partir do ${serieMinima}.`;
  if (rank < minimum)
    return `O acesso ao Portal do Aluno é oferecido a partir do ${serieMinima} (Configurações → Acadêmico); este aluno está no ${student.serie}.`;
  return null;
}

async function guardiansOf(db: DbOrTx, alunoId: string) {
  return db
    .select({ id: guardians.id, nome: guardians.nome, parentesco: studentGuardians.parentesco })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(eq(studentGuardians.alunoId, alunoId))
    .orderBy(desc(studentGuardians.ehPrincipal), asc(folded(guardians.nome)));
}

/**
 * Whether the family is asked for the 'portal_aluno' consent: not while the child's class is below the
 * série mínima (the school would refuse the account anyway). A class of unknown série, or none, is asked.
 */
export async function portalAccountOffered(db: DbOrTx, alunoId: string): Promise<boolean> {
  const [[row], { serie_minima }] = await Promise.all([
    db
      .select({ serie: classes.serie })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.turmaId))
      .where(eq(students.id, alunoId)),
    getAccountSettings(db),
  ]);
  const rank = row?.serie ? serieRank(row.serie) : null;
  return rank === null || rank >= (serieRank(serie_minima) ?? 0);
}

const PAPER_FORM = 'Termo em papel registrado pela secretaria';

/** GET /api/alunos/:id/acesso — the staff who manage students' accounts (students.write) see it. */
export async function getStudentAccess(db: DbOrTx, viewer: Viewer, alunoId: string): Promise<StudentAccess> {
  const { student, scope } = await reachable(db, viewer, alunoId);
  const { serie_minima } = await getAccountSettings(db);
  const found = await accountOf(db, alunoId);
  const motivo = found ? null : refusalOf(student, serie_minima);
  return {
    conta: found ? toAccount(found) : null,
    elegivel: !found && motivo === null,
    motivo,
    serie_minima,
    responsaveis: scope.kind === 'all' ? await guardiansOf(db, alunoId) : [],
    autorizacao_familia: scope.kind === 'all' && !found ? await familyAuthorization(db, alunoId) : null,
  };
}

async function familyAuthorization(db: DbOrTx, alunoId: string) {
  const given = await currentConsentOf(db, alunoId, 'portal_aluno');
  if (!given?.concedido) return null;
  const guardian = (await guardiansOf(db, alunoId)).find((row) => row.id === given.responsavelId);
  return { responsavel_nome: guardian?.nome ?? PAPER_FORM, em: given.em.toISOString() };
}

// ------------------------------------------------------------------------------------------ creating

/**
 * POST /api/alunos/:id/acesso — the guardian's consent first (refused without it), then the account
 * (a generated password, mailed like a guardian's), in one transaction.
 */
/**
 * The guardian's consent the account rests on (LGPD art. 14 §1): the one the staff record with the
 * request (`consentimento`: which guardian, how), or else the one the family already gave to the
 * 'portal_aluno' purpose (in their portal's Privacidade, or on a paper form the secretaria recorded).
 */
async function consentFor(tx: DbOrTx, alunoId: string, input: CreateStudentAccountInput) {
  const family = await guardiansOf(tx, alunoId);
  if (input.consentimento) {
    const guardian = family.find((row) => row.id === input.consentimento!.responsavel_id);
    if (!guardian)
      throw new AppError('VALIDATION', 'O consentimento deve ser de um responsável deste aluno.', [
        { path: 'consentimento.responsavel_id', message: 'Responsável não vinculado ao aluno' },
      ]);
    return {
      responsavelId: guardian.id,
      responsavelNome: guardian.nome,
      meio: input.consentimento.meio,
      em: null,
    };
  }
  const given = await currentConsentOf(tx, alunoId, 'portal_aluno');
  if (!given?.concedido)
    throw new AppError(
      'CONFLICT',
      'Registre o consentimento do responsável (LGPD art. 14) antes de criar o acesso do aluno: informe quem consentiu e como, ou peça ao responsável que autorize a conta em Privacidade, no portal.',
      [{ path: 'consentimento', message: 'Consentimento do responsável obrigatório' }],
    );
  const guardian = family.find((row) => row.id === given.responsavelId);
  return guardian
    ? { responsavelId: guardian.id, responsavelNome: guardian.nome, meio: 'portal' as const, em: given.em }
    : { responsavelId: null, responsavelNome: PAPER_FORM, meio: 'termo_assinado' as const, em: given.em };
}

export async function createStudentAccount(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  input: CreateStudentAccountInput,
  actor: Actor,
): Promise<CreatedStudentAccount> {
  const created = await ctx.db.transaction(async (tx) => {
    const { student } = await reachable(tx, viewer, alunoId);
    // One at a time per student: a second request waits and then finds the first account.
    await tx.execute(sql`select 1 from ${students} where ${students.id} = ${alunoId} for update`);
    if (await accountOf(tx, alunoId)) throw conflict('Este aluno já tem acesso ao Portal do Aluno.');
    const refusal = refusalOf(student, (await getAccountSettings(tx)).serie_minima);
    if (refusal) throw conflict(refusal);
    const consent = await consentFor(tx, alunoId, input);
    const inserted = await insertUser(
      ctx,
      tx,
      { nome: student.nome, email: input.email, tipo: 'aluno' },
      actor,
    );
    const now = new Date();
    const [account] = await tx
      .insert(studentAccounts)
      .values({
        alunoId,
        usuarioId: inserted.row.id,
        consentimentoResponsavelId: consent.responsavelId,
        consentimentoResponsavelNome: consent.responsavelNome,
        consentimentoMeio: consent.meio,
        consentimentoEm: consent.em ?? now,
        registradoPorId: actor.id,
        registradoPorNome: actor.nome,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'criar_acesso_aluno',
      entity: 'aluno',
      entityId: alunoId,
      details: { usuario_id: inserted.row.id, consentimento_meio: consent.meio },
    });
    return { account: account!, user: inserted.row, alunoNome: student.nome, senha: inserted.senhaGerada! };
  });
  const mail = await sendWelcomeMail(ctx, created.user, created.senha);
  return { conta: toAccount(created), senhaGerada: created.senha, ...mail };
}

// --------------------------------------------------------------------------------- the staff's acts

async function staffAccount(tx: DbOrTx, viewer: Viewer, alunoId: string): Promise<Joined> {
  await reachable(tx, viewer, alunoId);
  const found = await accountOf(tx, alunoId);
  if (!found) throw noAccount();
  return found;
}

/**
 * PATCH /api/alunos/:id/acesso — disable (the sessions end; the account and its history stay) or enable
 * again. Disabling answers a guardian's pending request.
 */
export async function setStudentAccountStatus(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  status: 'ativo' | 'inativo',
  actor: Actor,
): Promise<StudentAccount> {
  const result = await ctx.db.transaction(async (tx) => {
    const found = await staffAccount(tx, viewer, alunoId);
    if (status === 'ativo' && found.user.status !== 'ativo') {
      await assertStudentActive(tx, alunoId);
      await assertConsentStands(tx, alunoId);
    }
    const [user] = await tx
      .update(users)
      .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, found.user.id))
      .returning();
    let account = found.account;
    if (status === 'inativo') {
      await revokeUserSessions(tx, found.user.id);
      const [answered] = await tx
        .update(studentAccounts)
        .set({ desativacaoPedidaEm: null, desativacaoPedidaPorNome: null, desativacaoMotivo: null })
        .where(eq(studentAccounts.id, found.account.id))
        .returning();
      account = answered!;
      if (found.account.desativacaoPedidaEm) await notifyRequestAnswered(ctx, tx, alunoId, found.alunoNome);
    }
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'usuario',
      entityId: found.user.id,
      details: { status, acesso_aluno: alunoId, pedido_atendido: found.account.desativacaoPedidaEm !== null },
    });
    return { account, user: user!, alunoNome: found.alunoNome };
  });
  forgetCachedSessions(ctx.db, { userId: result.user.id });
  return toAccount(result);
}

/** The guardians with a portal account hear that the school disabled the account they asked about. */
async function notifyRequestAnswered(ctx: AppContext, tx: DbOrTx, alunoId: string, alunoNome: string) {
  await fanOut(ctx, tx, {
    tipo: 'seguranca',
    recipients: sql`select g.usuario_id from student_guardians sg
      join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
      where sg.aluno_id = ${alunoId}`,
    titulo: `Portal do Aluno: acesso de ${alunoNome} desativado`,
    texto: `A escola atendeu ao pedido e desativou o acesso de ${alunoNome} ao Portal do Aluno.`,
    link: '/dashboard',
    email: {
      assunto: `Acesso de ${alunoNome} ao Portal do Aluno desativado`,
      texto: `A escola atendeu ao pedido da família e desativou o acesso de ${alunoNome} ao Portal do Aluno. A conta e o seu histórico ficam guardados; para reativá-la, fale com a secretaria.`,
    },
    sms: `A escola desativou o acesso de ${alunoNome} ao Portal do Aluno, como pedido.`,
  });
}

/** A student who left the school (transferred, inactive, graduated) has no Portal do Aluno (ADR 0029). */
async function assertStudentActive(tx: DbOrTx, alunoId: string) {
  const [student] = await tx
    .select({ status: students.status })
    .from(students)
    .where(eq(students.id, alunoId));
  if (student && student.status !== 'ativo')
    throw new AppError('CONFLICT', ONLY_ACTIVE_STUDENTS, [
      { path: 'status', message: 'Aluno não está ativo' },
    ]);
}

/**
 * Enabling again needs the family's consent to stand: after a withdrawal of 'portal_aluno' the school
 * records a new consent (the family in their Privacidade, or a signed form the secretaria records there)
 * and only then enables the account — granting again does not enable it by itself (ADR 0038).
 */
async function assertConsentStands(tx: DbOrTx, alunoId: string) {
  const current = await currentConsentOf(tx, alunoId, 'portal_aluno');
  if (current && !current.concedido)
    throw new AppError(
      'CONFLICT',
      'O responsável retirou o consentimento para a conta do aluno no Portal do Aluno (LGPD art. 14). Registre um novo consentimento em Privacidade antes de reativar o acesso.',
      [{ path: 'status', message: 'Consentimento do responsável retirado' }],
    );
}

/** POST /api/alunos/:id/acesso/senha — a new generated password, shown once and mailed. */
export async function resetStudentPassword(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  actor: Actor,
): Promise<{
  novaSenha: string;
  emailEnviado: boolean;
  envioEmail?: 'enviado' | 'caixa_de_saida' | 'falhou';
}> {
  const novaSenha = generatePassword();
  const passwordHash = await hashPassword(novaSenha);
  const user = await ctx.db.transaction(async (tx) => {
    const found = await staffAccount(tx, viewer, alunoId);
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        ...provisionalPassword(),
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, found.user.id))
      .returning();
    await revokeUserSessions(tx, found.user.id);
    await forgetPasswordResets(tx, found.user.id);
    await forgetDevices(tx, found.user.id);
    await recordAudit(tx, actor, { action: 'resetar_senha', entity: 'usuario', entityId: found.user.id });
    return row!;
  });
  forgetCachedSessions(ctx.db, { userId: user.id });
  return { novaSenha, ...(await sendWelcomeMail(ctx, user, novaSenha)) };
}

/** GET /api/contas-aluno — every account, the ones a guardian asked to disable first. */
export async function listStudentAccounts(db: DbOrTx, onlyRequests: boolean): Promise<StudentAccount[]> {
  const rows = await joined(db)
    .where(onlyRequests ? isNotNull(studentAccounts.desativacaoPedidaEm) : undefined)
    .orderBy(sql`${studentAccounts.desativacaoPedidaEm} is null`, asc(folded(students.nome)));
  return rows.map(toAccount);
}

// -------------------------------------------------------------------------------------- the family

/** GET /api/contas-aluno/familia — a guardian sees which of their children have an account. */
export async function familyStudentAccounts(db: DbOrTx, viewer: Viewer): Promise<StudentAccount[]> {
  const scope = await scopeOf(db, viewer);
  if (scope.kind !== 'guardian') return [];
  const rows = await joined(db)
    .where(studentsInScope(scope))
    .orderBy(asc(folded(students.nome)));
  return rows.map(toAccount);
}

/** POST /api/alunos/:id/acesso/pedido-desativacao — a guardian asks the school to disable it. */
export async function requestDisable(
  db: DbOrTx,
  viewer: Viewer & { nome: string },
  alunoId: string,
  motivo: string | null,
  actor: Actor,
): Promise<StudentAccount> {
  return db.transaction(async (tx) => {
    const { scope } = await reachable(tx, viewer, alunoId);
    if (scope.kind !== 'guardian') throw studentNotFound();
    const found = await accountOf(tx, alunoId);
    if (!found) throw noAccount();
    if (found.user.status !== 'ativo') throw conflict('O acesso deste aluno já está desativado.');
    const [account] = await tx
      .update(studentAccounts)
      .set({
        desativacaoPedidaEm: new Date(),
        desativacaoPedidaPorNome: viewer.nome,
        desativacaoMotivo: motivo,
      })
      .where(eq(studentAccounts.id, found.account.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'pedir_desativacao_acesso_aluno',
      entity: 'aluno',
      entityId: alunoId,
    });
    return toAccount({ ...found, account: account! });
  });
}

// ------------------------------------------------------------------------------------ the student

/** GET /api/portal-aluno — the signed-in student's own home: who they are and their class. */
export async function studentPortal(ctx: AppContext, viewer: Viewer): Promise<StudentPortal> {
  const scope = await scopeOf(ctx.db, viewer);
  if (scope.kind !== 'student' || scope.alunoId === null)
    throw notFound('O Portal do Aluno é das contas de aluno.');
  const [row] = await ctx.db
    .select({ aluno: students, turma: classes })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(eq(students.id, scope.alunoId));
  if (!row) throw studentNotFound();
  return {
    aluno: { id: row.aluno.id, nome: row.aluno.nome, matricula: row.aluno.matricula },
    turma: row.turma
      ? { id: row.turma.id, nome: row.turma.nome, serie: row.turma.serie, nivel: row.turma.nivel }
      : null,
    escola: await ctx.getSchoolName(),
  };
}

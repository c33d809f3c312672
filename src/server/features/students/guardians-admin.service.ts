import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, like, ne, or } from 'drizzle-orm';
import {
  CPF_REQUIRED_PRINCIPAL,
  EMAIL_CHANGE_HOURS,
  type GuardianSummary,
  type LinkGuardianData,
  type UpdatedGuardian,
  type UpdateGuardianData,
} from '../../../shared/students.schemas.js';
import { enderecoColumnsOf, enderecoParteKeys } from '../../../shared/endereco.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertVersion, lockForUpdate, staleVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { forgetPasswordResets, sha256 } from '../auth/index.js';
import { insertUser, sendWelcomeMail } from '../users/index.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { linkGuardian } from './guardians.service.js';
import { toGuardian } from './students.presenter.js';
import { studentNotFound } from './students.scope.js';
import { guardianUnlinked } from './departures.js';
import { guardianEmailChanges, guardians, studentGuardians, students } from '../../db/schema/students.js';

const guardianNotFound = () => notFound('Responsável não encontrado.');
const SEARCH_LIMIT = 20;
/** The address columns an edit may change, named in the audit as the record names them. */
const ADDRESS_KEYS = ['endereco', ...enderecoParteKeys] as const;

/** Administrators look a guardian up by name or CPF, to link a sibling to the same record. */
export async function searchGuardians(db: DbOrTx, q: string | undefined): Promise<GuardianSummary[]> {
  const text = (q ?? '').trim();
  const digits = text.replace(/\D/g, '');
  const byCpf = digits.length >= 3 && /^[\d.\-\s]+$/.test(text);
  const where =
    text === ''
      ? undefined
      : byCpf
        ? like(guardians.cpf, `${digits}%`)
        : or(matchesText(guardians.nome, text), matchesText(guardians.email, text));
  const rows = await db
    .select()
    .from(guardians)
    .where(where)
    .orderBy(asc(folded(guardians.nome)), asc(guardians.id))
    .limit(SEARCH_LIMIT);
  if (rows.length === 0) return [];
  const children = await db
    .select({ responsavelId: studentGuardians.responsavelId, id: students.id, nome: students.nome })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(
      inArray(
        studentGuardians.responsavelId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(folded(students.nome)));
  return rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    cpf: row.cpf,
    telefone: row.telefone,
    email: row.email,
    tem_acesso: row.usuarioId !== null,
    alunos: children
      .filter((child) => child.responsavelId === row.id)
      .map((child) => ({ id: child.id, nome: child.nome })),
  }));
}

async function isPrincipalOfAny(tx: DbOrTx, guardianId: string): Promise<boolean> {
  const [row] = await tx
    .select({ alunoId: studentGuardians.alunoId })
    .from(studentGuardians)
    .where(and(eq(studentGuardians.responsavelId, guardianId), eq(studentGuardians.ehPrincipal, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * The portal account a guardian without one gets on 'Criar acesso ao portal': the responsável account
 * already created with that e-mail (in Usuários) when no other guardian has it, else a new one with a
 * generated password. Inside the caller's transaction.
 */
async function grantPortalAccess(
  ctx: AppContext,
  tx: DbOrTx,
  guardian: { nome: string; email: string; telefone: string; endereco: string | null },
  actor: Actor,
): Promise<{ account: UserRow; senhaGerada?: string }> {
  const [existing] = await tx.select().from(users).where(eq(users.email, guardian.email)).limit(1);
  if (existing) {
    if (existing.nivel !== 'responsavel')
      throw new AppError('CONFLICT', 'Este e-mail já pertence a um usuário que não é responsável.', [
        { path: 'email', message: 'E-mail em uso por outro tipo de usuário' },
      ]);
    const [owner] = await tx
      .select({ id: guardians.id })
      .from(guardians)
      .where(eq(guardians.usuarioId, existing.id))
      .limit(1);
    if (owner)
      throw new AppError('CONFLICT', 'Este e-mail já é o acesso de outro responsável.', [
        { path: 'email', message: 'E-mail em uso' },
      ]);
    return { account: existing };
  }
  const created = await insertUser(
    ctx,
    tx,
    {
      nome: guardian.nome,
      email: guardian.email,
      telefone: guardian.telefone,
      endereco: guardian.endereco,
      tipo: 'responsavel',
    },
    actor,
  );
  return created.senhaGerada === undefined
    ? { account: created.row }
    : { account: created.row, senhaGerada: created.senhaGerada };
}

/**
 * The secretaria edits a guardian. A new e-mail of a guardian with a portal account is only a request:
 * the login changes when the link mailed to the new address is opened (so a typo or a hostile edit
 * cannot take the account over), and the old address is told when it happens. A guardian without an
 * account gets one only when asked (`criar_acesso`); otherwise their e-mail is a contact.
 */
export async function updateGuardian(
  ctx: AppContext,
  id: string,
  input: UpdateGuardianData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<UpdatedGuardian> {
  const token = randomBytes(32).toString('base64url');
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, guardians, id, guardianNotFound);
    assertVersion(expectedVersion, current.version);
    if (!input.cpf && (await isPrincipalOfAny(tx, id)))
      throw new AppError('VALIDATION', CPF_REQUIRED_PRINCIPAL, [
        { path: 'cpf', message: CPF_REQUIRED_PRINCIPAL },
      ]);
    const newEmail = input.email ?? null;
    const emailChanges = newEmail !== current.email;
    // With an account the e-mail is the login: it waits for confirmation. Without one it is contact only.
    const pending = emailChanges && current.usuarioId !== null && newEmail !== null ? newEmail : null;
    if (emailChanges && current.usuarioId !== null && newEmail === null)
      throw new AppError(
        'VALIDATION',
        'O e-mail é o acesso ao portal deste responsável e não pode ficar vazio.',
        [{ path: 'email', message: 'E-mail obrigatório para quem tem acesso ao portal' }],
      );
    if (pending) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, pending), ne(users.id, current.usuarioId!)))
        .limit(1);
      if (taken)
        throw new AppError('CONFLICT', 'Este e-mail já é usado por outra conta do portal.', [
          { path: 'email', message: 'E-mail em uso' },
        ]);
    }
    const address = enderecoColumnsOf(input);
    const access =
      input.criar_acesso && current.usuarioId === null && newEmail !== null
        ? await grantPortalAccess(
            ctx,
            tx,
            { nome: input.nome, email: newEmail, telefone: input.telefone, endereco: address.endereco },
            actor,
          )
        : null;
    let updated;
    try {
      [updated] = await tx
        .update(guardians)
        .set({
          nome: input.nome,
          ...(access ? { usuarioId: access.account.id } : {}),
          email: pending ? current.email : newEmail,
          telefone: input.telefone,
          cpf: input.cpf ?? null,
          ...address,
          observacoes: input.observacoes ?? null,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(guardians.id, id), eq(guardians.version, current.version)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'guardians_cpf_unique'))
        throw new AppError('CONFLICT', 'Já existe um responsável com este CPF.', [
          { path: 'cpf', message: 'CPF já cadastrado' },
        ]);
      throw error;
    }
    if (!updated) throw staleVersion();
    if (current.usuarioId)
      await tx
        .update(users)
        .set({ nome: input.nome, telefone: input.telefone, updatedAt: new Date() })
        .where(eq(users.id, current.usuarioId));
    if (input.aluno_id && input.parentesco) {
      const changed = await tx
        .update(studentGuardians)
        .set({ parentesco: input.parentesco })
        .where(and(eq(studentGuardians.alunoId, input.aluno_id), eq(studentGuardians.responsavelId, id)))
        .returning({ alunoId: studentGuardians.alunoId });
      if (changed.length === 0) throw studentNotFound();
    }
    if (pending) {
      await tx.delete(guardianEmailChanges).where(eq(guardianEmailChanges.responsavelId, id));
      await tx.insert(guardianEmailChanges).values({
        tokenHash: sha256(token),
        responsavelId: id,
        novoEmail: pending,
        expiresAt: clock.ahead(EMAIL_CHANGE_HOURS * 3_600_000),
      });
    }
    const keys = ['nome', 'email', 'telefone', 'cpf', ...ADDRESS_KEYS, 'observacoes'] as const;
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'responsavel',
      entityId: id,
      details: {
        campos: keys.filter((key) => current[key] !== updated[key]),
        ...(pending ? { email_aguardando_confirmacao: true } : {}),
        ...(access ? { acesso_portal: access.senhaGerada ? 'conta_criada' : 'conta_vinculada' } : {}),
        ...(input.aluno_id && input.parentesco
          ? { aluno_id: input.aluno_id, parentesco: input.parentesco }
          : {}),
      },
    });
    return { row: updated, pending, access };
  });
  if (result.pending) {
    const link = `${ctx.config.publicUrl}/confirmar-email?token=${encodeURIComponent(token)}`;
    await ctx.mailer
      .send({
        to: result.pending,
        subject: 'Confirme o seu novo e-mail - Portal Escolar',
        text:
          `Olá, ${result.row.nome}.\n\n` +
          'A secretaria da escola registrou este endereço como o seu novo e-mail de acesso ao portal. ' +
          `Para confirmar, abra o link abaixo (válido por ${EMAIL_CHANGE_HOURS} horas) e, se já usa o ` +
          `portal, entre com o e-mail atual e a sua senha:\n\n${link}\n\n` +
          'Até a confirmação, o acesso continua pelo e-mail anterior. Se não reconhece este pedido, ignore esta mensagem.\n',
      })
      .catch((error: unknown) =>
        ctx.log.warn({ code: (error as { code?: string }).code }, 'falha ao enviar e-mail'),
      );
  }
  const base = { ...toGuardian(result.row), email_pendente: result.pending };
  const senhaGerada = result.access?.senhaGerada;
  if (senhaGerada === undefined) return base;
  return { ...base, senhaGerada, ...(await sendWelcomeMail(ctx, result.access!.account, senhaGerada)) };
}

/**
 * The link mailed to the new address: the guardian's e-mail and portal login change together. Whoever
 * edits the record chooses the new address, so the link alone proves nothing about the guardian: an
 * account that has been used is confirmed only from its own session (the guardian signs in with the
 * current e-mail and password, then confirms), or a record editor could move a family's login to an
 * address of theirs and take the account — its conversations, consents and signatures. An account never
 * signed in (its welcome mail went to a mistyped address, the usual reason) has nothing of its own yet,
 * and its link alone confirms it, as before.
 */
export async function confirmGuardianEmail(
  ctx: AppContext,
  token: string,
  viewer: { id: string } | null,
  ip: string | null,
): Promise<string> {
  const invalid = () =>
    new AppError('VALIDATION', 'Link inválido ou expirado. Peça à secretaria que altere o e-mail de novo.', [
      { path: 'token', message: 'Link inválido ou expirado' },
    ]);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(guardianEmailChanges)
      .where(
        and(
          eq(guardianEmailChanges.tokenHash, sha256(token)),
          gt(guardianEmailChanges.expiresAt, clock.now()),
        ),
      )
      .for('update');
    if (!change) throw invalid();
    const [guardian] = await tx.select().from(guardians).where(eq(guardians.id, change.responsavelId));
    if (!guardian) throw invalid();
    let oldEmail: string | null = guardian.email;
    if (guardian.usuarioId) {
      const [account] = await tx.select().from(users).where(eq(users.id, guardian.usuarioId));
      if (account?.ultimoLogin && viewer?.id !== account.id)
        throw viewer
          ? new AppError(
              'FORBIDDEN',
              'Este link é da conta de outro responsável. Saia do portal e entre com o e-mail atual dele para confirmar.',
            )
          : new AppError(
              'UNAUTHENTICATED',
              'Entre no portal com o seu e-mail atual e a sua senha para confirmar o novo e-mail.',
            );
      oldEmail = account?.email ?? oldEmail;
      try {
        await tx
          .update(users)
          .set({ email: change.novoEmail, version: (account?.version ?? 0) + 1, updatedAt: new Date() })
          .where(eq(users.id, guardian.usuarioId));
        await forgetPasswordResets(tx, guardian.usuarioId);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', 'Este e-mail já é usado por outra conta do portal.');
        throw error;
      }
    }
    await tx
      .update(guardians)
      .set({ email: change.novoEmail, version: guardian.version + 1, updatedAt: new Date() })
      .where(eq(guardians.id, guardian.id));
    await tx.delete(guardianEmailChanges).where(eq(guardianEmailChanges.responsavelId, guardian.id));
    await recordAudit(
      tx,
      { id: guardian.usuarioId, nome: guardian.nome, nivel: 'responsavel', ip },
      { action: 'confirmar_email', entity: 'responsavel', entityId: guardian.id },
    );
    return { nome: guardian.nome, oldEmail, newEmail: change.novoEmail };
  });
  if (outcome.oldEmail && outcome.oldEmail !== outcome.newEmail) {
    await ctx.mailer
      .send({
        to: outcome.oldEmail,
        subject: 'Seu e-mail de acesso foi alterado - Portal Escolar',
        text:
          `Olá, ${outcome.nome}.\n\nO e-mail de acesso ao portal foi alterado para ${outcome.newEmail}. ` +
          'Se você não reconhece esta alteração, procure a secretaria da escola.\n',
      })
      .catch(() => false);
  }
  return outcome.newEmail;
}

/** Links an existing guardian to a student (a sibling's guardian), or changes the link (principal). */
export async function linkExistingGuardian(
  ctx: AppContext,
  alunoId: string,
  input: LinkGuardianData,
  actor: Actor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockForUpdate(tx, students, alunoId, studentNotFound);
    const [guardian] = await tx.select().from(guardians).where(eq(guardians.id, input.responsavel_id));
    if (!guardian) throw guardianNotFound();
    const links = await tx.select().from(studentGuardians).where(eq(studentGuardians.alunoId, alunoId));
    const existing = links.find((link) => link.responsavelId === guardian.id);
    // The first guardian is the principal whatever was asked: a student always has one.
    const principal = input.eh_principal || links.length === 0 || (existing?.ehPrincipal ?? false);
    if (principal && !guardian.cpf)
      throw new AppError('VALIDATION', `${CPF_REQUIRED_PRINCIPAL}: cadastre o CPF deste responsável antes.`);
    await linkGuardian(tx, alunoId, guardian.id, { parentesco: input.parentesco, eh_principal: principal });
    await recordAudit(tx, actor, {
      action: existing ? 'alterar_vinculo_responsavel' : 'vincular_responsavel',
      entity: 'aluno',
      entityId: alunoId,
      details: { responsavel_id: guardian.id, eh_principal: principal, parentesco: input.parentesco },
    });
  });
}

/**
 * Unlinks a guardian; the last one, and the principal while others remain, cannot be unlinked. What the
 * link carried ends with it (departures.ts: the monthly debit from their account); answers the sentences
 * saying so.
 */
export async function unlinkGuardian(
  ctx: AppContext,
  alunoId: string,
  responsavelId: string,
  actor: Actor,
): Promise<string[]> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockForUpdate(tx, students, alunoId, studentNotFound);
    const links = await tx.select().from(studentGuardians).where(eq(studentGuardians.alunoId, alunoId));
    const target = links.find((link) => link.responsavelId === responsavelId);
    if (!target) throw guardianNotFound();
    if (links.length === 1)
      throw new AppError(
        'CONFLICT',
        'O aluno precisa ter ao menos um responsável: cadastre ou vincule outro antes.',
      );
    if (target.ehPrincipal)
      throw new AppError(
        'CONFLICT',
        'Este é o responsável principal: escolha outro principal antes de desvinculá-lo.',
      );
    await tx
      .delete(studentGuardians)
      .where(and(eq(studentGuardians.alunoId, alunoId), eq(studentGuardians.responsavelId, responsavelId)));
    await recordAudit(tx, actor, {
      action: 'desvincular_responsavel',
      entity: 'aluno',
      entityId: alunoId,
      details: { responsavel_id: responsavelId },
    });
    return guardianUnlinked(ctx, tx, { alunoId, responsavelId }, actor);
  });
  for (const step of outcome.after) step();
  return outcome.resumo;
}

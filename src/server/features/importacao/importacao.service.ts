import { inArray } from 'drizzle-orm';
import type { ImportAccount, ImportResult } from '../../../shared/importacao.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { guardians } from '../../db/schema/students.js';
import { users, type UserRow } from '../../db/schema/users.js';
import type { GuardianData } from '../../../shared/students.schemas.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { sendWelcomeMail } from '../users/index.js';
import {
  createStudentIn,
  linkGuardian,
  matriculaAllocator,
  resolveGuardian,
  updateStudentIn,
} from '../students/index.js';
import type { SheetRow } from './importacao.parse.js';
import { planRows, type PlannedRow } from './importacao.plan.js';
import { noProgress, type ProgressReporter } from './importacao.progress.js';
import { applyRows, auditImport, resultOf } from './importacao.result.js';

/**
 * How many portal accounts the rows would create (`resolveGuardian`'s rule): a guardian new by CPF (not
 * on file, nor in an earlier row) whose e-mail no account has yet, each e-mail once.
 */
async function accountsToCreate(db: DbOrTx, planned: PlannedRow[]): Promise<number> {
  const named = planned.flatMap((row) =>
    row.acao === 'recusar'
      ? []
      : [row.create?.responsavel, row.update?.linkGuardian ?? undefined, row.segundo].filter(
          (guardian): guardian is GuardianData => guardian !== undefined,
        ),
  );
  const cpfs = [...new Set(named.flatMap((guardian) => (guardian.cpf ? [guardian.cpf] : [])))];
  const emails = [...new Set(named.flatMap((guardian) => (guardian.email ? [guardian.email] : [])))];
  if (emails.length === 0) return 0;
  const seenCpfs = new Set(
    cpfs.length === 0
      ? []
      : (await db.select({ cpf: guardians.cpf }).from(guardians).where(inArray(guardians.cpf, cpfs))).map(
          (row) => row.cpf,
        ),
  );
  const seenEmails = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => row.email,
    ),
  );
  let total = 0;
  for (const guardian of named) {
    if (guardian.cpf && seenCpfs.has(guardian.cpf)) continue;
    if (guardian.cpf) seenCpfs.add(guardian.cpf);
    if (!guardian.email || seenEmails.has(guardian.email)) continue;
    seenEmails.add(guardian.email);
    total += 1;
  }
  return total;
}

/**
 * The dry run: what each row would do, with nothing written (blank matrículas show the number they would
 * get), and how many guardians would get a portal account (`contas_criadas`; `contas` stays empty).
 */
export async function simulateImport(ctx: AppContext, sheet: SheetRow[]): Promise<ImportResult> {
  const planned = await planRows(ctx.db, sheet, await matriculaAllocator(ctx.db, { lock: false }));
  return { ...resultOf(planned, true), contas_criadas: await accountsToCreate(ctx.db, planned) };
}

type Accounts = { usuario: UserRow; senha: string }[];

/** A guardian of the row resolved (by CPF, e-mail or new) and linked to the student. */
async function linkRowGuardian(
  ctx: AppContext,
  tx: DbOrTx,
  alunoId: string,
  guardian: GuardianData,
  actor: Actor,
  accounts: Accounts,
): Promise<void> {
  // The plan refused a CPF or an e-mail of another person; `desk` refuses it again if the school changed
  // since (the row then fails whole).
  const resolved = await resolveGuardian(ctx, tx, guardian, actor, {
    desk: { cpfPath: 'responsavel.cpf', emailPath: 'responsavel.email' },
  });
  await linkGuardian(tx, alunoId, resolved.row.id, guardian);
  await recordAudit(tx, actor, {
    action: 'vincular_responsavel',
    entity: 'aluno',
    entityId: alunoId,
    details: { responsavel_id: resolved.row.id, eh_principal: guardian.eh_principal, origem: 'importacao' },
  });
  if (resolved.usuario && resolved.senhaGerada !== undefined)
    accounts.push({ usuario: resolved.usuario, senha: resolved.senhaGerada });
}

/** One row's writes (in the savepoint `applyRows` opens): the student, then the guardians it lacks. */
async function writeRow(
  ctx: AppContext,
  tx: DbOrTx,
  row: PlannedRow,
  actor: Actor,
  accounts: Accounts,
): Promise<void> {
  let alunoId: string | null = null;
  if (row.create) {
    const created = await createStudentIn(ctx, tx, row.create, actor);
    const { usuario, senhaGerada } = created.guardian;
    if (usuario && senhaGerada !== undefined) accounts.push({ usuario, senha: senhaGerada });
    alunoId = created.student.id;
  } else if (row.update) {
    await updateStudentIn(tx, row.update.id, row.update.data, undefined, actor);
    alunoId = row.update.id;
    const guardian = row.update.linkGuardian;
    if (guardian) await linkRowGuardian(ctx, tx, alunoId, guardian, actor, accounts);
  }
  if (alunoId && row.segundo) await linkRowGuardian(ctx, tx, alunoId, row.segundo, actor, accounts);
}

/**
 * Applies the file in ONE transaction: the rows are planned again inside it (what the dry run showed,
 * unless the school changed in between), each valid row is written whole or not at all, the refused
 * ones are reported, and one audit entry carries the counts. New guardian accounts get their password
 * by e-mail after the commit, as the student form does; where no mail server delivers it, the answer
 * carries the password for the secretaria to hand over.
 */
export async function applyImport(
  ctx: AppContext,
  sheet: SheetRow[],
  actor: Actor,
  arquivo: string,
  progress: ProgressReporter = noProgress,
): Promise<ImportResult> {
  const accounts: Accounts = [];
  const planned = await ctx.db.transaction(async (tx) => {
    const rows = await planRows(tx, sheet, await matriculaAllocator(tx, { lock: true }));
    await applyRows(tx, rows, (savepoint, row) => writeRow(ctx, savepoint, row, actor, accounts), progress);
    await auditImport(tx, actor, 'aluno', arquivo, rows, accounts.length);
    return rows;
  });
  const contas: ImportAccount[] = [];
  for (const { usuario, senha } of accounts) {
    const mail = await sendWelcomeMail(ctx, usuario, senha);
    const conta = { nome: usuario.nome, email: usuario.email, envio_email: mail.envioEmail };
    // A password the mail did not carry is shown to the secretaria once, to hand over.
    contas.push(mail.emailEnviado ? conta : { ...conta, senha });
  }
  return resultOf(planned, false, contas);
}

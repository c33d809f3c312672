import type { ImportResult } from '../../../shared/importacao.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { sendWelcomeMail } from '../users/index.js';
import {
  createStudentIn,
  linkGuardian,
  matriculaAllocator,
  resolveGuardian,
  updateStudentIn,
} from '../students/index.js';
import { readSheet } from './importacao.parse.js';
import { planRows, type PlannedRow } from './importacao.plan.js';

function resultOf(planned: PlannedRow[], simulacao: boolean, contasCriadas: number): ImportResult {
  const counted = (acao: PlannedRow['acao']) => planned.filter((row) => row.acao === acao).length;
  return {
    criar: counted('criar'),
    atualizar: counted('atualizar'),
    sem_alteracao: counted('sem_alteracao'),
    recusar: planned.flatMap((row) =>
      row.acao === 'recusar' ? [{ linha: row.linha, motivo: row.motivo ?? 'Linha recusada' }] : [],
    ),
    linhas: planned.map(({ linha, aluno, matricula, acao, motivo }) => ({
      linha,
      aluno,
      matricula,
      acao,
      motivo,
    })),
    simulacao,
    contas_criadas: contasCriadas,
  };
}

/** The dry run: what each row would do, with nothing written (blank matrículas show the number they would get). */
export async function simulateImport(ctx: AppContext, bytes: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(bytes);
  const planned = await planRows(ctx.db, sheet, await matriculaAllocator(ctx.db, { lock: false }));
  return resultOf(planned, true, 0);
}

/** One row's writes in a savepoint: a row that fails now leaves nothing of itself and is refused. */
async function applyRow(
  ctx: AppContext,
  tx: DbOrTx,
  row: PlannedRow,
  actor: Actor,
  accounts: { usuario: UserRow; senha: string }[],
): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      if (row.create) {
        const created = await createStudentIn(ctx, savepoint, row.create, actor);
        const { usuario, senhaGerada } = created.guardian;
        if (usuario && senhaGerada !== undefined) accounts.push({ usuario, senha: senhaGerada });
      } else if (row.update) {
        await updateStudentIn(savepoint, row.update.id, row.update.data, undefined, actor);
        const guardian = row.update.linkGuardian;
        if (guardian) {
          const resolved = await resolveGuardian(ctx, savepoint, guardian, actor);
          await linkGuardian(savepoint, row.update.id, resolved.row.id, guardian);
          if (resolved.usuario && resolved.senhaGerada !== undefined)
            accounts.push({ usuario: resolved.usuario, senha: resolved.senhaGerada });
        }
      }
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    row.acao = 'recusar';
    row.motivo = error.message;
  }
}

/**
 * Applies the file in ONE transaction: the rows are planned again inside it (what the dry run showed,
 * unless the school changed in between), each valid row is written whole or not at all, the refused
 * ones are reported, and one audit entry carries the counts. New guardian accounts get their password
 * by e-mail after the commit, as the student form does.
 */
export async function applyImport(
  ctx: AppContext,
  bytes: Buffer,
  actor: Actor,
  arquivo: string,
): Promise<ImportResult> {
  const sheet = await readSheet(bytes);
  const accounts: { usuario: UserRow; senha: string }[] = [];
  const planned = await ctx.db.transaction(async (tx) => {
    const rows = await planRows(tx, sheet, await matriculaAllocator(tx, { lock: true }));
    for (const row of rows)
      if (row.acao === 'criar' || row.acao === 'atualizar') await applyRow(ctx, tx, row, actor, accounts);
    const summary = resultOf(rows, false, accounts.length);
    await recordAudit(tx, actor, {
      action: 'importar',
      entity: 'aluno',
      details: {
        arquivo,
        linhas: rows.length,
        criar: summary.criar,
        atualizar: summary.atualizar,
        sem_alteracao: summary.sem_alteracao,
        recusar: summary.recusar.length,
        contas_criadas: accounts.length,
      },
    });
    return rows;
  });
  for (const account of accounts) await sendWelcomeMail(ctx, account.usuario, account.senha);
  return resultOf(planned, false, accounts.length);
}

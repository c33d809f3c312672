import type { AuditEntity } from '../../../shared/audit-actions.js';
import type { ImportAccount, ImportAction, ImportResult } from '../../../shared/importacao.schemas.js';
import { recordAudit, type Actor } from '../audit/index.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { ProgressReporter } from './importacao.progress.js';

/** What one row of any import will do (and, applied, did): the name and key the screen shows. */
export interface PlannedBase {
  linha: number;
  /** The row's name (the student's, the teacher's, the class's). */
  aluno: string;
  /** The key shown beside it (the matrícula, the teacher's e-mail, the class's ano letivo). */
  matricula: string | null;
  acao: ImportAction;
  motivo: string | null;
}

/**
 * The answer of every import: the contract's counts and refusals, every row for the screen, and the
 * portal accounts it created (with what became of each one's e-mail).
 */
export function resultOf(
  planned: PlannedBase[],
  simulacao: boolean,
  contas: ImportAccount[] = [],
): ImportResult {
  const counted = (acao: ImportAction) => planned.filter((row) => row.acao === acao).length;
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
    contas_criadas: contas.length,
    contas,
  };
}

/** The import's one audit entry: the file, its rows and what they did (and accounts created, if any). */
export async function auditImport(
  tx: DbOrTx,
  actor: Actor,
  entity: AuditEntity,
  arquivo: string,
  rows: PlannedBase[],
  contasCriadas?: number,
): Promise<void> {
  const summary = resultOf(rows, false);
  await recordAudit(tx, actor, {
    action: 'importar',
    entity,
    details: {
      arquivo,
      linhas: rows.length,
      criar: summary.criar,
      atualizar: summary.atualizar,
      sem_alteracao: summary.sem_alteracao,
      recusar: summary.recusar.length,
      ...(contasCriadas === undefined ? {} : { contas_criadas: contasCriadas }),
    },
  });
}

/**
 * Writes the rows that create or update, each in a savepoint of the caller's transaction: a row that
 * fails now (a rule the plan could not see) leaves nothing of itself and is refused with the reason.
 * `progress` counts the rows as they are written.
 */
export async function applyRows<R extends PlannedBase>(
  tx: DbOrTx,
  rows: R[],
  write: (savepoint: DbOrTx, row: R) => Promise<void>,
  progress: ProgressReporter,
): Promise<void> {
  const toWrite = rows.filter((row) => row.acao === 'criar' || row.acao === 'atualizar');
  progress.start(toWrite.length);
  for (const row of toWrite) {
    try {
      await tx.transaction((savepoint) => write(savepoint, row));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      row.acao = 'recusar';
      row.motivo = error.message;
    }
    progress.step();
    // PGlite answers in microtasks: without a turn of the event loop the whole apply would hold the
    // process, and the screen's progress request (or any other) would wait for its end (ADR 0030).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

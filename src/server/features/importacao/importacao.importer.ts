import type { AuditEntity } from '../../../shared/audit-actions.js';
import type { ImportResult } from '../../../shared/importacao.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../audit/index.js';
import type { SheetRow } from './importacao.parse.js';
import { noProgress, type ProgressReporter } from './importacao.progress.js';
import { applyRows, auditImport, resultOf, type PlannedBase } from './importacao.result.js';

/**
 * The dry run and the apply of a kind whose rows need nothing but their own writes (teachers, classes):
 * `plan` reads the file against the database, `write` writes one planned row. The apply runs in one
 * transaction (planned again inside it), a savepoint per row, and leaves one audit entry on `entity`.
 */
export function rowImporter<R extends PlannedBase>(
  entity: AuditEntity,
  plan: (db: DbOrTx, sheet: SheetRow[]) => Promise<R[]>,
  write: (tx: DbOrTx, row: R, actor: Actor) => Promise<void>,
) {
  return {
    simulate: async (ctx: AppContext, sheet: SheetRow[]): Promise<ImportResult> =>
      resultOf(await plan(ctx.db, sheet), true),
    apply: async (
      ctx: AppContext,
      sheet: SheetRow[],
      actor: Actor,
      arquivo: string,
      progress: ProgressReporter = noProgress,
    ): Promise<ImportResult> => {
      const planned = await ctx.db.transaction(async (tx) => {
        const rows = await plan(tx, sheet);
        await applyRows(tx, rows, (savepoint, row) => write(savepoint, row, actor), progress);
        await auditImport(tx, actor, entity, arquivo, rows);
        return rows;
      });
      return resultOf(planned, false);
    },
  };
}

/** The pré-matrícula link's token: only its SHA-256 is stored, and every bad link answers alike. */
import { and, eq, gt } from 'drizzle-orm';
import { LINK_PRE_MATRICULA_INVALIDO } from '../../../shared/pre-matricula.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { sha256Hex } from './link-token.js';

export const linkInvalido = () => new AppError('NOT_FOUND', LINK_PRE_MATRICULA_INVALIDO);

type PreMatriculaRow = typeof preMatriculas.$inferSelect;

export interface TokenRow {
  pre: PreMatriculaRow;
  interessado: typeof interessados.$inferSelect;
}

/**
 * The pré-matrícula a link opens, or the one 404 for a malformed, unknown or expired token; `escrita`
 * also refuses a submitted form (the link then only reads) and locks the row for the transaction.
 */
export async function porToken(tx: DbOrTx, token: string, escrita: boolean): Promise<TokenRow> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalido();
  const query = tx
    .select({ pre: preMatriculas, interessado: interessados })
    .from(preMatriculas)
    .innerJoin(interessados, eq(interessados.id, preMatriculas.interessadoId))
    .where(and(eq(preMatriculas.tokenHash, sha256Hex(token)), gt(preMatriculas.expiraEm, clock.now())));
  const [row] = escrita ? await query.for('update', { of: preMatriculas }) : await query;
  if (!row || row.interessado.etapa === 'perdido') throw linkInvalido();
  if (escrita && (row.pre.enviadoEm || row.interessado.etapa !== 'pre_matricula')) throw linkInvalido();
  return row;
}

/** The fiscal records the tests start from, written straight to the tables. */
import { nfse } from '../db/schema/fiscal.js';
import type { TestApp } from './test-app.js';

/**
 * The NFS-e already issued (DPS 1 of série 1, restricted production) for the mensalidade `mensalidadeId`
 * of R$ 850,00 of the student `alunoId`, month `competencia` (YYYY-MM), to `tomadorNome`, written straight
 * to the table; `extra` sets any other column.
 */
export async function insertIssuedNfse(
  t: TestApp,
  note: { mensalidadeId: string; alunoId: string; competencia: string; tomadorNome: string },
  extra: Partial<typeof nfse.$inferInsert> = {},
) {
  await t.database.db.insert(nfse).values({
    ...note,
    status: 'emitida',
    ambiente: 'producao_restrita',
    serie: '1',
    numeroDps: 1,
    idDps: 'DPS'.padEnd(45, '0'),
    valor: 85_000,
    ...extra,
  });
}

/**
 * Matrícula online's options (Configurações → Matrícula online): the documents the school asks for in
 * the pré-matrícula form, and whether the enrolment waits for the fee to be paid (ADR 0049).
 */
import { eq, sql } from 'drizzle-orm';
import {
  DOCUMENTOS_EXIGIDOS_PADRAO,
  type MatriculaOnlineConfig,
  type updateMatriculaOnlineConfigInputSchema,
} from '../../../shared/pre-matricula.schemas.js';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { staleVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { matriculaOnlineConfig } from '../../db/schema/pre-matriculas.js';

export async function loadMatriculaOnlineConfig(db: DbOrTx): Promise<MatriculaOnlineConfig> {
  const [row] = await db.select().from(matriculaOnlineConfig).where(eq(matriculaOnlineConfig.id, 1));
  if (!row) return { documentos: DOCUMENTOS_EXIGIDOS_PADRAO, exigir_pagamento: false, version: 0 };
  return { documentos: row.documentos, exigir_pagamento: row.exigirPagamento, version: row.version };
}

export async function updateMatriculaOnlineConfig(
  db: DbOrTx,
  input: z.output<typeof updateMatriculaOnlineConfigInputSchema>,
  actor: Actor,
): Promise<MatriculaOnlineConfig> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('matricula_online_config', 0))`);
    const current = await loadMatriculaOnlineConfig(tx);
    if (input.version !== undefined && input.version !== current.version) throw staleVersion();
    const values = { documentos: input.documentos, exigirPagamento: input.exigir_pagamento };
    await tx
      .insert(matriculaOnlineConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: matriculaOnlineConfig.id,
        set: { ...values, version: sql`${matriculaOnlineConfig.version} + 1`, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_matricula',
      details: {
        documentos: input.documentos.map((documento) => documento.nome),
        exigir_pagamento: input.exigir_pagamento,
      },
    });
    return loadMatriculaOnlineConfig(tx);
  });
}

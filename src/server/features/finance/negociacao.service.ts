/**
 * 'Em negociação' (issue 33 §4, ADR 0043): the school marks a tuition (or a family's open tuition at once)
 * as being negotiated, with a reason, and no automatic reminder goes out while it is marked. Set and
 * cleared by the finance staff, audited in the same transaction.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Mensalidade } from '../../../shared/mensalidades.schemas.js';
import { contarCobrancas, type ContagemCobrancas } from '../../../shared/contagem-cobrancas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { mensalidades } from '../../db/schema/finance.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { toMensalidade } from './mensalidades.presenters.js';
import { findMensalidade } from './mensalidades.service.js';

/** Neither paid nor cancelled: the only tuition there is anything to negotiate about. */
const open = and(
  isNull(mensalidades.canceladaEm),
  sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
);

export async function setNegociacao(
  db: DbOrTx,
  id: string,
  em: boolean,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const { row } = found;
    const esta = row.tipo === 'taxa_matricula' ? 'Esta taxa de matrícula' : 'Esta mensalidade';
    if (row.canceladaEm !== null) throw conflict(`${esta} foi cancelada.`);
    if (row.principalPago >= row.valor) throw conflict(`${esta} já está paga.`);
    if (em && row.negociacaoDesde !== null) throw conflict(`${esta} já está em negociação.`);
    if (!em && row.negociacaoDesde === null) throw conflict(`${esta} não está em negociação.`);
    const [updated] = await tx
      .update(mensalidades)
      .set(
        em
          ? { negociacaoDesde: clock.now(), negociacaoMotivo: motivo, version: row.version + 1 }
          : { negociacaoDesde: null, negociacaoMotivo: null, version: row.version + 1 },
      )
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: em ? 'marcar_negociacao' : 'encerrar_negociacao',
      entity: 'mensalidade',
      entityId: id,
      details: { motivo, aluno: found.aluno_nome, mes: row.mesReferencia },
    });
    return toMensalidade(updated!, found, ratesOf(await loadSettings(tx)), today);
  });
}

/**
 * Marks (or clears) at once the open charges of the children a guardian answers for (principal guardian),
 * months of tuition and enrolment fees alike: the family is negotiating its whole debt. Counted by kind,
 * so the answer names a fee as a fee. 409 when there is nothing to change.
 */
export async function setNegociacaoFamilia(
  db: DbOrTx,
  responsavelId: string,
  em: boolean,
  motivo: string,
  actor: Actor,
): Promise<ContagemCobrancas> {
  return writeTransaction(db, async (tx) => {
    const [guardian] = await tx
      .select({ id: guardians.id, nome: guardians.nome })
      .from(guardians)
      .where(eq(guardians.id, responsavelId));
    if (!guardian) throw notFound('Responsável não encontrado.');
    const children = tx
      .select({ id: studentGuardians.alunoId })
      .from(studentGuardians)
      .where(and(eq(studentGuardians.responsavelId, guardian.id), eq(studentGuardians.ehPrincipal, true)));
    const changed = await tx
      .update(mensalidades)
      .set(
        em
          ? {
              negociacaoDesde: clock.now(),
              negociacaoMotivo: motivo,
              version: sql`${mensalidades.version} + 1`,
            }
          : { negociacaoDesde: null, negociacaoMotivo: null, version: sql`${mensalidades.version} + 1` },
      )
      .where(
        and(
          inArray(mensalidades.alunoId, children),
          open,
          em ? isNull(mensalidades.negociacaoDesde) : isNotNull(mensalidades.negociacaoDesde),
        ),
      )
      .returning({ id: mensalidades.id, tipo: mensalidades.tipo });
    if (changed.length === 0)
      throw conflict(
        em
          ? 'Não há mensalidade nem taxa de matrícula em aberto deste responsável fora de negociação.'
          : 'Não há mensalidade nem taxa de matrícula deste responsável em negociação.',
      );
    await recordAudit(tx, actor, {
      action: em ? 'marcar_negociacao' : 'encerrar_negociacao',
      entity: 'responsavel',
      entityId: guardian.id,
      details: { motivo, nome: guardian.nome, mensalidades: changed.length },
    });
    return contarCobrancas(changed);
  });
}

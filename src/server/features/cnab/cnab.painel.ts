/**
 * Financeiro → Boletos: what the next remessa will carry, the past remessas (to download again), the
 * boletos the bank rejected and the retorno lines waiting for a person.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { CnabPainel, CnabRemessa } from '../../../shared/cnab.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { boletoConfig, boletos } from '../../db/schema/boletos.js';
import { cnabOcorrencias, cnabRemessas, type CnabRemessaRow } from '../../db/schema/cnab.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { writeTransaction } from '../finance/index.js';
import { cnabBankOf } from './cnab.bancos.js';
import { pendingBoletos } from './cnab.remessa.js';
import { toNaoEncontrado } from './cnab.retorno.js';

function toRemessa(row: CnabRemessaRow, geradaPor: string | null): CnabRemessa {
  return {
    id: row.id,
    banco: row.banco,
    nsa: row.nsa,
    data: row.data,
    nome_arquivo: row.nomeArquivo,
    quantidade: row.quantidade,
    valor_total: row.valorTotal,
    gerada_por: geradaPor,
    gerada_em: row.createdAt.toISOString(),
  };
}

export async function readPainel(db: DbOrTx): Promise<CnabPainel> {
  const [config] = await db.select().from(boletoConfig).where(eq(boletoConfig.id, 1));
  const banco = config?.ativo ? config.banco : null;
  const bank = cnabBankOf(banco);
  const pendentes =
    config?.ativo && config.banco && config.convenio
      ? await pendingBoletos(db, {
          banco: config.banco,
          agencia: config.agencia ?? '',
          conta: config.conta ?? '',
          carteira: config.carteira ?? '',
          convenio: config.convenio,
        })
      : [];
  const [remessas, aConciliar, rejeitados] = await Promise.all([
    db
      .select({ remessa: cnabRemessas, nome: users.nome })
      .from(cnabRemessas)
      .leftJoin(users, eq(users.id, cnabRemessas.geradaPor))
      .orderBy(desc(cnabRemessas.createdAt))
      .limit(30),
    db
      .select()
      .from(cnabOcorrencias)
      .where(eq(cnabOcorrencias.situacao, 'a_conciliar'))
      .orderBy(desc(cnabOcorrencias.createdAt))
      .limit(200),
    db
      .select({ boleto: boletos, alunoNome: students.nome })
      .from(boletos)
      .innerJoin(mensalidades, eq(mensalidades.id, boletos.mensalidadeId))
      .innerJoin(students, eq(students.id, mensalidades.alunoId))
      .where(and(eq(boletos.situacao, 'rejeitado'), isNotNull(boletos.motivoRejeicao)))
      .orderBy(desc(boletos.updatedAt))
      .limit(200),
  ]);
  return {
    banco,
    banco_suportado: bank !== null,
    pendentes: pendentes.map((row) => ({
      mensalidade_id: row.boleto.mensalidadeId,
      aluno_nome: row.alunoNome,
      mes_referencia: row.mesReferencia,
      nosso_numero: row.boleto.nossoNumero,
      vencimento: row.vencimento,
      valor: row.boleto.valor,
      movimento: row.movimento,
      situacao: row.boleto.situacao,
      problema:
        row.problems.length > 0 ? `Falta no cadastro do responsável: ${row.problems.join(', ')}.` : null,
    })),
    remessas: remessas.map((row) => toRemessa(row.remessa, row.nome)),
    nao_encontrados: aConciliar.map(toNaoEncontrado),
    rejeitados: rejeitados.map((row) => ({
      mensalidade_id: row.boleto.mensalidadeId,
      aluno_nome: row.alunoNome,
      nosso_numero: row.boleto.nossoNumero,
      motivo: row.boleto.motivoRejeicao ?? '',
    })),
  };
}

export async function findRemessa(db: DbOrTx, id: string): Promise<CnabRemessaRow> {
  const [row] = await db.select().from(cnabRemessas).where(eq(cnabRemessas.id, id));
  if (!row) throw notFound('Remessa não encontrada.');
  return row;
}

/** A person says what was done with a retorno line no boleto took (it leaves the list, kept). */
export async function conciliarOcorrencia(
  db: DbOrTx,
  id: string,
  observacao: string,
  actor: Actor,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const [row] = await tx.select().from(cnabOcorrencias).where(eq(cnabOcorrencias.id, id)).for('update');
    if (!row || row.situacao !== 'a_conciliar') throw notFound('Esta linha do retorno não está a conciliar.');
    await tx
      .update(cnabOcorrencias)
      .set({ situacao: 'conciliada', observacao, resolvidoPor: actor.id, resolvidoEm: new Date() })
      .where(eq(cnabOcorrencias.id, id));
    await recordAudit(tx, actor, {
      action: 'conciliar_retorno_cnab',
      entity: 'ocorrencia_cnab',
      entityId: id,
      details: { nosso_numero: row.nossoNumero, ocorrencia: row.ocorrencia, observacao },
    });
  });
}

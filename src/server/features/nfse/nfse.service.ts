import { folded } from '../../lib/text-search.js';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Nfse, NfseCancelarInput, NfseList, NfseLote, NfseXml } from '../../../shared/fiscal.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { fiscalConfig, nfse, nfseLotes, type NfseRow } from '../../db/schema/fiscal.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { assinarXml } from './assinatura.js';
import { idDps } from './dps.js';
import { montarPedidoCancelamento } from './evento.js';
import { emissorDe, FiscalNaoConfiguradoError, loadFiscalRow } from './fiscal-config.service.js';
import { NfseIndisponivelError, registrarEvento } from './nfse-api.client.js';
import { partesDasNotas } from './nfse.tomadores.js';

/**
 * The NFS-e of a competência (issue 36 §2, ADR 0057): 'Emitir' creates one note per mensalidade and
 * tomador (paid or not, or only the paid ones when the settings say so; a month paid by two guardians has
 * one note each, ADR 0114; never a second live note of a month for the same tomador), each with its DPS number taken from the settings under a row lock (never given twice),
 * and queues one job per note (nfse.job.ts) that signs and sends it. Cancelling is the event e101101.
 */
export const EMITIR_JOB = 'nfse.emitir';

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

function competenciaAtual(): string {
  return clock.today().slice(0, 7);
}

async function progressoDe(db: DbOrTx, where: ReturnType<typeof eq>): Promise<NfseLote['progresso']> {
  const rows = await db
    .select({ status: nfse.status, total: sql<number>`count(*)`.mapWith(Number) })
    .from(nfse)
    .where(where)
    .groupBy(nfse.status);
  const count = (status: NfseRow['status']) => rows.find((row) => row.status === status)?.total ?? 0;
  return {
    pendentes: count('pendente'),
    emitidas: count('emitida'),
    rejeitadas: count('rejeitada'),
    canceladas: count('cancelada'),
  };
}

export async function getLote(db: DbOrTx, id: string): Promise<NfseLote> {
  const [lote] = await db.select().from(nfseLotes).where(eq(nfseLotes.id, id));
  if (!lote) throw notFound('Lote de notas não encontrado.');
  const progresso = await progressoDe(db, eq(nfse.loteId, id));
  return {
    id: lote.id,
    competencia: lote.competencia,
    total: lote.total,
    progresso,
    concluido: progresso.pendentes === 0,
    criado_em: lote.createdAt.toISOString(),
  };
}

/** POST /api/fiscal/nfse/emitir: the batch of a competência, queued. */
export async function emitirCompetencia(
  ctx: AppContext,
  competencia: string,
  actor: Actor,
): Promise<NfseLote> {
  if (competencia > competenciaAtual())
    throw unprocessable(
      'Não é possível emitir notas de uma competência futura: o serviço ainda não foi prestado.',
    );
  try {
    emissorDe(ctx, await loadFiscalRow(ctx.db));
  } catch (error) {
    if (error instanceof FiscalNaoConfiguradoError) throw unprocessable(error.message);
    throw error;
  }
  const loteId = await ctx.db.transaction(async (tx) => {
    await loadFiscalRow(tx);
    const [config] = await tx.select().from(fiscalConfig).where(eq(fiscalConfig.id, 1)).for('update');
    if (!config?.cnpj || !config.municipioIbge)
      throw unprocessable('Configure a NFS-e em Configurações → Fiscal.');
    const meses = await tx
      .select({ id: mensalidades.id, alunoId: mensalidades.alunoId, valor: mensalidades.valor })
      .from(mensalidades)
      .where(
        and(
          eq(mensalidades.mesReferencia, competencia),
          isNull(mensalidades.canceladaEm),
          eq(mensalidades.desfeita, false),
          sql`${mensalidades.valor} > 0`,
          config.somentePagas ? gte(mensalidades.principalPago, mensalidades.valor) : undefined,
        ),
      )
      .orderBy(asc(mensalidades.createdAt));
    // One note per tomador of each month: who paid each part, the principal for what is open (ADR 0114).
    const alvo = await partesDasNotas(tx, meses);
    const [lote] = await tx
      .insert(nfseLotes)
      .values({ competencia, total: alvo.length, criadoPor: actor.id })
      .returning({ id: nfseLotes.id });
    if (!lote) throw new Error('nfse_lotes: insert sem retorno');
    let numero = config.proximoNumeroDps;
    for (const item of alvo) {
      const [nota] = await tx
        .insert(nfse)
        .values({
          loteId: lote.id,
          mensalidadeId: item.mensalidadeId,
          alunoId: item.alunoId,
          competencia,
          status: 'pendente',
          ambiente: config.ambiente,
          serie: config.serie,
          numeroDps: numero,
          idDps: idDps(config.municipioIbge, config.cnpj, config.serie, numero),
          valor: item.valor,
          tomadorNome: item.nome,
          tomadorCpf: item.cpf?.replace(/\D/g, '') || null,
          tomadorId: item.tomadorId,
        })
        .returning({ id: nfse.id });
      numero++;
      if (nota) await ctx.jobs.enqueue(tx, EMITIR_JOB, { id: nota.id });
    }
    await tx
      .update(fiscalConfig)
      .set({ proximoNumeroDps: numero, version: config.version + 1, updatedAt: clock.now() })
      .where(eq(fiscalConfig.id, 1));
    await recordAudit(tx, actor, {
      action: 'emitir',
      entity: 'nfse',
      entityId: lote.id,
      details: {
        competencia,
        notas: alvo.length,
        primeira_dps: config.proximoNumeroDps,
        ultima_dps: numero - 1,
      },
    });
    return lote.id;
  });
  return getLote(ctx.db, loteId);
}

type NotaComAluno = NfseRow & { alunoNome: string; mensalidadeCancelada: boolean };

function toNfse(row: NotaComAluno): Nfse {
  return {
    id: row.id,
    lote_id: row.loteId,
    mensalidade_id: row.mensalidadeId,
    competencia: row.competencia,
    status: row.status,
    ambiente: row.ambiente,
    serie: row.serie,
    numero_dps: row.numeroDps,
    numero: row.numero,
    chave_acesso: row.chaveAcesso,
    codigo: row.codigoRejeicao,
    motivo: row.motivo,
    aluno: { id: row.alunoId, nome: row.alunoNome },
    tomador: { nome: row.tomadorNome, cpf: row.tomadorCpf },
    valor: row.valor,
    emitida_em: row.emitidaEm?.toISOString() ?? null,
    cancelada_em: row.canceladaEm?.toISOString() ?? null,
    motivo_cancelamento: row.motivoCancelamento,
    mensalidade_cancelada: row.mensalidadeCancelada,
  };
}

const selectNotas = (db: DbOrTx) =>
  db
    .select({
      nota: nfse,
      alunoNome: students.nome,
      mensalidadeCancelada: sql<boolean>`${mensalidades.canceladaEm} is not null`,
    })
    .from(nfse)
    .innerJoin(students, eq(students.id, nfse.alunoId))
    .innerJoin(mensalidades, eq(mensalidades.id, nfse.mensalidadeId));

/** GET /api/fiscal/nfse?competencia=: every note of the month, the newest of each mensalidade last. */
export async function listarNfse(db: DbOrTx, competencia: string): Promise<NfseList> {
  const rows = await selectNotas(db)
    .where(eq(nfse.competencia, competencia))
    .orderBy(asc(folded(students.nome)), asc(nfse.createdAt));
  return rows.map(({ nota, ...rest }) => toNfse({ ...nota, ...rest }));
}

/** One note with its XMLs and its mensalidade's student (the DANFSe, the accountant's zip: part 5). */
export async function lerNfse(db: DbOrTx, id: string): Promise<{ nota: Nfse; row: NfseRow } | null> {
  const [found] = await selectNotas(db).where(eq(nfse.id, id));
  return found
    ? {
        nota: toNfse({
          ...found.nota,
          alunoNome: found.alunoNome,
          mensalidadeCancelada: found.mensalidadeCancelada,
        }),
        row: found.nota,
      }
    : null;
}

/** The issued (or cancelled) note of a mensalidade, the latest one: the family's DANFSe. */
export async function nfseDaMensalidade(db: DbOrTx, mensalidadeId: string): Promise<NfseRow | null> {
  const [row] = await db
    .select()
    .from(nfse)
    .where(and(eq(nfse.mensalidadeId, mensalidadeId), inArray(nfse.status, ['emitida', 'cancelada'])))
    .orderBy(sql`${nfse.emitidaEm} desc nulls last`)
    .limit(1);
  return row ?? null;
}

export async function xmlDaNfse(db: DbOrTx, id: string): Promise<NfseXml> {
  const found = await lerNfse(db, id);
  if (!found) throw notFound('Nota fiscal não encontrada.');
  return {
    dps: found.row.xmlDps,
    nfse: found.row.xmlNfse,
    evento_cancelamento: found.row.xmlEventoCancelamento,
  };
}

/** POST /api/fiscal/nfse/:id/cancelar: the event e101101, signed, registered by the national API. */
export async function cancelarNfse(
  ctx: AppContext,
  id: string,
  input: { motivo: string; codigo_motivo: NfseCancelarInput['codigo_motivo'] },
  actor: Actor,
): Promise<Nfse> {
  const found = await lerNfse(ctx.db, id);
  if (!found) throw notFound('Nota fiscal não encontrada.');
  const { row } = found;
  if (row.status === 'cancelada') throw conflict('Esta nota fiscal já foi cancelada.');
  if (row.status !== 'emitida' || !row.chaveAcesso)
    throw conflict('Só uma nota emitida pode ser cancelada (esta não foi autorizada pelo fisco).');
  let emissor;
  try {
    emissor = emissorDe(ctx, await loadFiscalRow(ctx.db));
  } catch (error) {
    if (error instanceof FiscalNaoConfiguradoError) throw unprocessable(error.message);
    throw error;
  }
  const pedido = assinarXml(
    montarPedidoCancelamento({
      ambiente: row.ambiente,
      em: clock.now(),
      cnpjAutor: emissor.row.cnpj ?? '',
      chaveAcesso: row.chaveAcesso,
      codigoMotivo: input.codigo_motivo ?? '9',
      motivo: input.motivo,
    }),
    'infPedReg',
    emissor.certificado.chavePem,
    emissor.certificado.certificadoPem,
  );
  let resposta;
  try {
    resposta = await registrarEvento(emissor.conexao, row.chaveAcesso, pedido);
  } catch (error) {
    if (error instanceof NfseIndisponivelError)
      throw new AppError(
        'UNAVAILABLE',
        'A API nacional da NFS-e não respondeu. Tente cancelar de novo em alguns minutos.',
      );
    throw error;
  }
  if (resposta.tipo === 'rejeitado')
    throw unprocessable(`O fisco recusou o cancelamento: ${resposta.codigo} — ${resposta.motivo}`);
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(nfse)
      .set({
        status: 'cancelada',
        canceladaEm: clock.now(),
        motivoCancelamento: input.motivo,
        xmlEventoCancelamento: resposta.xmlEvento || pedido,
        updatedAt: clock.now(),
      })
      .where(and(eq(nfse.id, id), eq(nfse.status, 'emitida')))
      .returning({ id: nfse.id });
    if (!updated) throw conflict('Esta nota fiscal já foi cancelada.');
    await recordAudit(tx, actor, {
      action: 'cancelar',
      entity: 'nfse',
      entityId: id,
      details: { numero: row.numero, chave: row.chaveAcesso, motivo: input.motivo },
    });
  });
  const after = await lerNfse(ctx.db, id);
  if (!after) throw notFound('Nota fiscal não encontrada.');
  return after.nota;
}

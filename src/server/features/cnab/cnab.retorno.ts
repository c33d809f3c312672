/**
 * 'Enviar retorno' (issue 36 §1, ADR 0056): the bank's answer applied in one transaction. Each event is
 * recorded once by its outside key (banco + convênio + nosso número + ocorrência + data), so the same file
 * uploaded twice changes nothing the second time; what matches no boleto, or a payment the product cannot
 * apply, stays 'a conciliar' for a person.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CnabNaoEncontrado, CnabRetornoResult } from '../../../shared/cnab.schemas.js';
import { formatCentavosPlain, formatDate, todayIso } from '../../../shared/format.js';
import type { ChargeRates } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { boletos } from '../../db/schema/boletos.js';
import { encargosDoBoleto } from '../boleto/index.js';
import { cnabOcorrencias, cnabRetornos, type CnabOcorrenciaRow } from '../../db/schema/cnab.js';
import { transacoes } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, type Actor } from '../audit/index.js';
import {
  applyBoletoPayment,
  loadSettings,
  ratesOf,
  writeTransaction,
  type PixPaymentRefusal,
} from '../finance/index.js';
import { isoOfCnabDate } from './cnab.format.js';
import { OCORRENCIAS_RETORNO, motivosEmTexto } from './cnab.codigos.js';
import { configuredAgreement } from './cnab.remessa.js';
import { readRetorno, type RetornoEvento } from './cnab.retorno-file.js';

const LIQUIDACAO = new Set(['06', '17']);

const REFUSAL_TEXT: Record<PixPaymentRefusal, string> = {
  mensalidade_desconhecida: 'A mensalidade deste boleto não existe mais.',
  mensalidade_cancelada: 'A mensalidade deste boleto foi cancelada; o valor pago precisa de um destino.',
  mensalidade_paga: 'A mensalidade já estava paga (por outro meio); o valor pago precisa de um destino.',
  valor_diferente: 'O valor pago não é o da mensalidade no dia.',
  valor_maior: 'O banco informa um valor pago maior que o devido e sem os encargos que o explicam.',
};

export function ocorrenciaTexto(code: string): string {
  return OCORRENCIAS_RETORNO[code] ?? `Ocorrência ${code} do banco`;
}

export function toNaoEncontrado(row: CnabOcorrenciaRow): CnabNaoEncontrado {
  return {
    id: row.id,
    linha: row.linha,
    nosso_numero: row.nossoNumero,
    ocorrencia: row.ocorrencia,
    ocorrencia_texto: ocorrenciaTexto(row.ocorrencia),
    data_ocorrencia: row.dataOcorrencia,
    valor_titulo: row.valorTitulo,
    valor_pago: row.valorPago,
    motivo: row.motivo ?? '',
    recebido_em: row.createdAt.toISOString(),
  };
}

interface Figures {
  valorTitulo: number;
  valorPago: number;
  acrescimos: number;
  desconto: number;
  tarifa: number;
}

function figuresOf(evento: RetornoEvento): Figures {
  return {
    valorTitulo: Number(evento.t.valor),
    valorPago: Number(evento.u.valor_pago),
    acrescimos: Number(evento.u.acrescimos),
    desconto: Number(evento.u.desconto),
    tarifa: Number(evento.t.tarifa),
  };
}

/** Reads, checks and applies a retorno of the configured agreement; the file is refused whole or applied whole. */
export async function processRetorno(
  ctx: AppContext,
  text: string,
  nomeArquivo: string | null,
  actor: Actor,
): Promise<CnabRetornoResult> {
  return writeTransaction(ctx.db, async (tx) => {
    const { bank, agreement, key } = await configuredAgreement(tx);
    const lido = readRetorno(text, bank, key);
    const [retorno] = await tx
      .insert(cnabRetornos)
      .values({
        banco: bank.codigo,
        convenio: key,
        nsa: lido.nsa,
        nomeArquivo,
        conteudo: text,
        enviadoPor: actor.id,
      })
      .returning();
    const result: CnabRetornoResult = {
      liquidados: 0,
      confirmados: 0,
      baixados: 0,
      rejeitados: [],
      nao_encontrados: [],
      repetidos: 0,
      tarifas: 0,
    };
    const today = clock.today();
    const rates = ratesOf(await loadSettings(tx));
    for (const evento of lido.eventos) {
      const ocorrencia = evento.t.movimento!;
      const nossoNumero = bank.nossoNumeroOf(evento.t);
      const figures = figuresOf(evento);
      const [recorded] = await tx
        .insert(cnabOcorrencias)
        .values({
          retornoId: retorno!.id,
          banco: bank.codigo,
          convenio: key,
          nossoNumero,
          ocorrencia,
          dataOcorrencia: isoOfCnabDate(evento.u.data_ocorrencia ?? '') ?? lido.data,
          linha: evento.linha,
          ...figures,
          situacao: 'ignorada',
        })
        .onConflictDoNothing()
        .returning();
      if (!recorded) {
        result.repetidos += 1;
        continue;
      }
      result.tarifas += figures.tarifa;
      const outcome = await applyEvento(
        ctx,
        tx,
        recorded,
        evento.t.motivos ?? '',
        agreement.convenio,
        actor,
        today,
        { rates, dataDoArquivo: lido.data },
      );
      await tx
        .update(cnabOcorrencias)
        .set({ situacao: outcome.situacao, motivo: outcome.motivo, mensalidadeId: outcome.mensalidadeId })
        .where(eq(cnabOcorrencias.id, recorded.id));
      if (outcome.counter) result[outcome.counter] += 1;
      if (outcome.situacao === 'rejeitada')
        result.rejeitados.push({
          linha: evento.linha,
          nosso_numero: nossoNumero,
          motivo: outcome.motivo ?? '',
        });
      if (outcome.situacao === 'a_conciliar')
        result.nao_encontrados.push(toNaoEncontrado({ ...recorded, motivo: outcome.motivo }));
    }
    if (result.tarifas > 0)
      await tx.insert(transacoes).values({
        tipo: 'despesa',
        descricao: `Tarifas de boletos — retorno ${lido.nsa} do ${bank.nome.trim()}`,
        categoria: 'Serviços',
        valor: result.tarifas,
        data: lido.data,
        formaPagamento: null,
        status: 'pago',
      });
    await recordAudit(tx, actor, {
      action: 'processar_retorno_cnab',
      entity: 'retorno_cnab',
      entityId: retorno!.id,
      details: {
        banco: bank.codigo,
        nsa: lido.nsa,
        liquidados: result.liquidados,
        confirmados: result.confirmados,
        rejeitados: result.rejeitados.length,
        a_conciliar: result.nao_encontrados.length,
        repetidos: result.repetidos,
        tarifas: result.tarifas,
      },
    });
    return result;
  });
}

interface EventoOutcome {
  situacao: CnabOcorrenciaRow['situacao'];
  motivo: string | null;
  mensalidadeId: string | null;
  counter?: 'liquidados' | 'confirmados' | 'baixados';
}

/**
 * Why a liquidação does not match the boleto the school issued (or null): the title's value is the
 * boleto's, the payment falls between its issue and the file's date, and the discount is at most the pontualidade
 * discount the boleto carried on that day. A file that says otherwise is a bank's mistake or not the
 * bank's: it waits 'a conciliar' for a person instead of settling the tuition.
 */
function liquidacaoSuspeita(
  boleto: typeof boletos.$inferSelect,
  evento: CnabOcorrenciaRow,
  rates: ChargeRates,
  dataDoArquivo: string,
): string | null {
  if (evento.valorTitulo !== boleto.valor)
    return `O valor do título no retorno (${formatCentavosPlain(evento.valorTitulo)}) não é o do boleto emitido (${formatCentavosPlain(boleto.valor)}).`;
  const emissao = todayIso(boleto.emitidoEm);
  if (evento.dataOcorrencia < emissao)
    return `A data do pagamento no retorno (${formatDate(evento.dataOcorrencia)}) é anterior à emissão do boleto (${formatDate(emissao)}).`;
  if (evento.dataOcorrencia > dataDoArquivo)
    return `A data do pagamento no retorno (${formatDate(evento.dataOcorrencia)}) é posterior à do próprio arquivo (${formatDate(dataDoArquivo)}).`;
  // What the remessa offered the bank (none for a boleto issued after the tuition's due date, ADR 0131):
  // as recorded when the entrada left (ADR 0135), the school's rule of today only for a boleto sent before.
  const oferta =
    boleto.descontoEnviado === null
      ? encargosDoBoleto(boleto, rates).desconto
      : boleto.descontoEnviado > 0 && boleto.descontoAteEnviado !== null
        ? { valor: boleto.descontoEnviado, ate: boleto.descontoAteEnviado }
        : null;
  const permitido = oferta && evento.dataOcorrencia <= oferta.ate ? oferta.valor : 0;
  if (evento.desconto > permitido)
    return `O banco informa um desconto de ${formatCentavosPlain(evento.desconto)}, maior que o do boleto (${formatCentavosPlain(permitido)}).`;
  return null;
}

async function applyEvento(
  ctx: AppContext,
  tx: Tx,
  evento: CnabOcorrenciaRow,
  motivosCampo: string,
  convenio: string,
  actor: Actor,
  today: string,
  { rates, dataDoArquivo }: { rates: ChargeRates; dataDoArquivo: string },
): Promise<EventoOutcome> {
  const [boleto] = await tx
    .select()
    .from(boletos)
    .where(
      and(
        eq(boletos.banco, evento.banco),
        eq(boletos.convenio, convenio),
        eq(boletos.nossoNumero, evento.nossoNumero),
      ),
    )
    .for('update');
  if (!boleto)
    return {
      situacao: 'a_conciliar',
      motivo: 'Nenhum boleto da escola tem este nosso número.',
      mensalidadeId: null,
    };
  const mensalidadeId = boleto.mensalidadeId;
  const setBoleto = (values: Partial<typeof boletos.$inferInsert>) =>
    tx
      .update(boletos)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(boletos.mensalidadeId, mensalidadeId));
  const code = evento.ocorrencia;
  if (code === '02') {
    if (boleto.situacao === 'a_registrar' || boleto.situacao === 'rejeitado')
      await setBoleto({ situacao: 'registrado', motivoRejeicao: null });
    return { situacao: 'aplicada', motivo: null, mensalidadeId, counter: 'confirmados' };
  }
  if (code === '03' || code === '26' || code === '30') {
    const motivo = motivosEmTexto(motivosCampo);
    if (code === '03') await setBoleto({ situacao: 'rejeitado', motivoRejeicao: motivo });
    // The instruction sent was refused (a baixa the bank did not take): due again in the next remessa.
    else if (boleto.movimentoEnviado !== null) await setBoleto({ movimentoEnviado: null });
    return { situacao: 'rejeitada', motivo, mensalidadeId };
  }
  if (code === '09') {
    if (boleto.situacao !== 'liquidado') await setBoleto({ situacao: 'baixado' });
    return { situacao: 'aplicada', motivo: null, mensalidadeId, counter: 'baixados' };
  }
  if (LIQUIDACAO.has(code)) {
    const suspeita = liquidacaoSuspeita(boleto, evento, rates, dataDoArquivo);
    if (suspeita) return { situacao: 'a_conciliar', motivo: suspeita, mensalidadeId };
    const paid = await applyBoletoPayment(
      ctx,
      tx,
      {
        mensalidadeId,
        valor: evento.valorPago,
        data: evento.dataOcorrencia,
        acrescimos: evento.acrescimos,
        desconto: evento.desconto,
        incluidos: { multa: boleto.multa, juros: boleto.juros },
      },
      actor,
      today,
    );
    if (!paid.paga) return { situacao: 'a_conciliar', motivo: REFUSAL_TEXT[paid.motivo], mensalidadeId };
    if (paid.quitada) await setBoleto({ situacao: 'liquidado', movimentoPendente: null });
    return { situacao: 'aplicada', motivo: null, mensalidadeId, counter: 'liquidados' };
  }
  return { situacao: 'ignorada', motivo: ocorrenciaTexto(code), mensalidadeId };
}

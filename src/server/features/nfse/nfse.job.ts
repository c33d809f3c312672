import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { mensalidades } from '../../db/schema/finance.js';
import { nfse, type NfseRow } from '../../db/schema/fiscal.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, systemActor } from '../audit/index.js';
import { formatCentavosPlain } from '../../../shared/format.js';
import { assinarXml } from './assinatura.js';
import { descricaoMensalidade, montarDps } from './dps.js';
import {
  emissorDe,
  FiscalNaoConfiguradoError,
  loadFiscalRow,
  type Emissor,
} from './fiscal-config.service.js';
import { consultarDps, consultarNfse, enviarDps, NfseIndisponivelError } from './nfse-api.client.js';
import { EMITIR_JOB } from './nfse.service.js';
import { validarXsd } from './xsd.js';
import { guardians, students } from '../../db/schema/students.js';
import { textOf } from './xml.js';
import { avisarTomador } from './nfse.aviso.js';

/**
 * One note's emission (job `nfse.emitir`, ADR 0057): build the DPS once (kept, so every retry sends the
 * same Id), sign, validate against the XSD, send. The national API down (5xx, timeout, network) → the
 * job fails and the queue tries again later (30 s, 1 min, 2 min…); after `MAX_ENVIOS` sends the note is
 * rejeitada with code INDISPONIVEL, to be emitted again. A retry answered 'DPS already processed'
 * (E0014) asks the API which NFS-e that DPS became instead of failing.
 */
export const MAX_ENVIOS = 5;

async function marcar(ctx: AppContext, id: string, values: Partial<NfseRow>): Promise<void> {
  await ctx.db
    .update(nfse)
    .set({ ...values, updatedAt: clock.now() })
    .where(eq(nfse.id, id));
}

const rejeitar = (ctx: AppContext, id: string, codigo: string, motivo: string) =>
  marcar(ctx, id, { status: 'rejeitada', codigoRejeicao: codigo, motivo });

async function dpsAssinada(
  ctx: AppContext,
  nota: NfseRow,
  emissor: Emissor,
): Promise<string | { codigo: string; motivo: string }> {
  if (nota.xmlDps) return nota.xmlDps;
  if (!nota.tomadorCpf)
    return {
      codigo: 'CADASTRO',
      motivo: 'O responsável financeiro não tem CPF no cadastro: complete-o e emita a nota de novo.',
    };
  const { row } = emissor;
  const [aluno] = await ctx.db
    .select({ nome: students.nome })
    .from(students)
    .where(eq(students.id, nota.alunoId));
  const [cobranca] = await ctx.db
    .select({ tipo: mensalidades.tipo, anuidade_ano: mensalidades.anuidadeAno, valor: mensalidades.valor })
    .from(mensalidades)
    .where(eq(mensalidades.id, nota.mensalidadeId));
  const [tomador] = nota.tomadorId
    ? await ctx.db.select({ email: guardians.email }).from(guardians).where(eq(guardians.id, nota.tomadorId))
    : [];
  const descricao = descricaoMensalidade(
    cobranca ? { ...cobranca, mes_referencia: nota.competencia } : nota.competencia,
    aluno?.nome ?? '',
  );
  const xml = montarDps({
    ambiente: nota.ambiente,
    emitidaEm: clock.now(),
    serie: nota.serie,
    numero: nota.numeroDps,
    competencia: nota.competencia,
    prestador: {
      cnpj: row.cnpj ?? '',
      inscricaoMunicipal: row.inscricaoMunicipal ?? '',
      municipioIbge: row.municipioIbge ?? '',
      regime: row.regime,
    },
    // The guardian's record has no IBGE code for the city, which the layout's address needs: no address.
    // The tomador's own e-mail (ADR 0114): no one else's address goes on their note.
    tomador: { cpf: nota.tomadorCpf, nome: nota.tomadorNome, email: tomador?.email ?? null },
    servico: {
      codigoTributacaoNacional: row.codigoTributacaoNacional,
      codigoNbs: row.codigoNbs ?? '',
      // A part of a month paid by two guardians says so, and of what (ADR 0114).
      descricao:
        cobranca && nota.valor < cobranca.valor
          ? `${descricao} (parte de ${formatCentavosPlain(nota.valor)} do total de ${formatCentavosPlain(cobranca.valor)})`
          : descricao,
    },
    valor: nota.valor,
    aliquotaIssBp: row.aliquotaIssBp,
    ibscbs:
      row.ibscbsIndOp && row.ibscbsCst && row.ibscbsClassTrib
        ? { indOp: row.ibscbsIndOp, cst: row.ibscbsCst, classTrib: row.ibscbsClassTrib }
        : null,
  });
  const assinada = assinarXml(
    xml,
    'infDPS',
    emissor.certificado.chavePem,
    emissor.certificado.certificadoPem,
  );
  const xsd = await validarXsd(assinada, 'DPS_v1.01.xsd');
  if (!xsd.valido)
    return {
      codigo: 'XSD',
      motivo: `A DPS não passou no esquema nacional: ${xsd.erros.slice(0, 2).join('; ')}`,
    };
  await marcar(ctx, nota.id, { xmlDps: assinada });
  return assinada;
}

async function emitida(ctx: AppContext, nota: NfseRow, chave: string, xml: string): Promise<void> {
  const numero = textOf(xml, 'nNFSe');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(nfse)
      .set({
        status: 'emitida',
        chaveAcesso: chave,
        numero,
        xmlNfse: xml,
        codigoRejeicao: null,
        motivo: null,
        emitidaEm: clock.now(),
        updatedAt: clock.now(),
      })
      .where(eq(nfse.id, nota.id));
    await recordAudit(tx, systemActor, {
      action: 'emitir',
      entity: 'nfse',
      entityId: nota.id,
      details: { numero, chave, mensalidade_id: nota.mensalidadeId, competencia: nota.competencia },
    });
    // The family learns of it by e-mail, not only in Financeiro's history.
    await avisarTomador(ctx, tx, nota, numero);
  });
}

export async function processarNota(ctx: AppContext, id: string): Promise<void> {
  const [nota] = await ctx.db.select().from(nfse).where(eq(nfse.id, id));
  if (!nota || nota.status !== 'pendente') return;
  let emissor: Emissor;
  try {
    emissor = emissorDe(ctx, await loadFiscalRow(ctx.db));
  } catch (error) {
    if (error instanceof FiscalNaoConfiguradoError) return rejeitar(ctx, id, 'CONFIGURACAO', error.message);
    throw error;
  }
  const dps = await dpsAssinada(ctx, nota, emissor);
  if (typeof dps !== 'string') return rejeitar(ctx, id, dps.codigo, dps.motivo);
  const tentativas = nota.tentativas + 1;
  await marcar(ctx, id, { tentativas });
  try {
    const resposta = await enviarDps(emissor.conexao, dps);
    if (resposta.tipo === 'emitida') return await emitida(ctx, nota, resposta.chaveAcesso, resposta.xmlNfse);
    if (resposta.codigo === 'E0014' && tentativas > 1) {
      // Sent before, its answer lost (a timeout): the DPS became a note; fetch it.
      const chave = await consultarDps(emissor.conexao, nota.idDps);
      const xml = chave ? await consultarNfse(emissor.conexao, chave) : null;
      if (chave && xml) return await emitida(ctx, nota, chave, xml);
    }
    return await rejeitar(ctx, id, resposta.codigo, resposta.motivo);
  } catch (error) {
    if (!(error instanceof NfseIndisponivelError)) throw error;
    if (tentativas >= MAX_ENVIOS)
      return rejeitar(
        ctx,
        id,
        'INDISPONIVEL',
        `A API nacional não respondeu em ${MAX_ENVIOS} tentativas: emita a nota de novo mais tarde.`,
      );
    await marcar(ctx, id, { motivo: 'API nacional indisponível: nova tentativa automática em instantes.' });
    throw error;
  }
}

export function registerNfseJobs(ctx: AppContext): void {
  ctx.jobs.handle(EMITIR_JOB, async (payload) => {
    const id = (payload as { id?: unknown }).id;
    if (typeof id === 'string') await processarNota(ctx, id);
  });
}

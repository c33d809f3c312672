/**
 * What the boleto's PDF shows, gathered from the boleto, its mensalidade, the agreement, the school and
 * the finance settings (multa and juros as today's rules), and the class batch: every open mensalidade of
 * a class and month, issued where needed, in one file.
 */
import { and, asc, eq, isNull, isNotNull } from 'drizzle-orm';
import { descricaoCobranca } from '../../../shared/mensalidades.schemas.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { ChargeRates } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import type { BoletoRow } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import type { UserRow } from '../../db/schema/users.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../audit/index.js';
import {
  buildMensalidadePix,
  financeScopeOf,
  getMensalidade,
  loadSettings,
  type FinanceScope,
} from '../finance/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import type { Payer } from '../students/index.js';
import { bancoOf } from './bancos.js';
import { encargosDoBoleto } from './boleto.encargos.js';
import {
  asSeenBy,
  issueBoleto,
  loadBoletoConfig,
  VENCIDA_SEM_BOLETO,
  type IssuedBoleto,
} from './boleto.service.js';
import { renderBoletosPdf, type BoletoPdfData } from './boleto.pdf.js';

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace('.', ',')}%`;

/**
 * The instructions printed: the school's text, then multa and juros as the finance settings say today.
 * A boleto issued after the tuition's due date (ADR 0131) says what its value already has and that,
 * after its own due date, only juros on the principal run (the remessa sends no multa for it).
 */
export function instrucoesDe(
  texto: string | null,
  boleto: Pick<BoletoRow, 'valor' | 'vencimento' | 'multa' | 'juros' | 'vencimentoMensalidade'>,
  rates: ChargeRates,
): string[] {
  const { valor, vencimento } = boleto;
  const linhas: string[] = [];
  if (boleto.vencimentoMensalidade !== null) {
    linhas.push(
      `Mensalidade vencida em ${formatDate(boleto.vencimentoMensalidade)}: valor com multa de ${formatCentavosPlain(boleto.multa)} e juros de ${formatCentavosPlain(boleto.juros)} até ${formatDate(vencimento)}.`,
    );
    const porDia = encargosDoBoleto(boleto, rates).jurosDia;
    linhas.push(
      porDia > 0
        ? `Após ${formatDate(vencimento)}, não cobrar multa; juros de ${formatCentavosPlain(porDia)} por dia de atraso.`
        : `Após ${formatDate(vencimento)}, não cobrar multa nem juros.`,
    );
  } else if (rates.multaBp > 0)
    linhas.push(
      `Após ${formatDate(vencimento)}, cobrar multa de ${percent(rates.multaBp)} (${formatCentavosPlain(Math.round((valor * rates.multaBp) / 10_000))}).`,
    );
  if (boleto.vencimentoMensalidade === null && rates.jurosMensalBp > 0) {
    const porDia = Math.round((valor * rates.jurosMensalBp) / 10_000 / 30);
    linhas.push(
      `Após o vencimento, juros de ${percent(rates.jurosMensalBp)} ao mês (${formatCentavosPlain(porDia)} por dia de atraso).`,
    );
  }
  if (texto) linhas.push(...texto.split(/\r?\n/).filter((line) => line.trim() !== ''));
  return linhas;
}

function enderecoLinhas(payer: Payer): string[] {
  const e = payer.endereco;
  if (e.logradouro) {
    const rua = [e.logradouro, e.numero ?? 's/n', e.complemento].filter(Boolean).join(', ');
    const bairro = e.bairro ? ` — ${e.bairro}` : '';
    const cep = e.cep ? `CEP ${e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')} — ` : '';
    const cidade = e.cidade ? `${e.cidade}${e.uf ? `/${e.uf}` : ''}` : (e.uf ?? '');
    return [`${rua}${bairro}`, `${cep}${cidade}`.trim()].filter((line) => line !== '');
  }
  return e.linha ? [e.linha] : [];
}

async function pixDe(
  db: DbOrTx,
  mensalidadeId: string,
  scope: FinanceScope,
  today: string,
): Promise<BoletoPdfData['pix']> {
  const [charge] = await db
    .select({ location: pixCobrancas.location })
    .from(pixCobrancas)
    .where(and(eq(pixCobrancas.mensalidadeId, mensalidadeId), isNotNull(pixCobrancas.location)));
  if (!charge) return null;
  try {
    const pix = await buildMensalidadePix(db, mensalidadeId, scope, today);
    if (!pix.dinamico) return null;
    return { copiaECola: pix.copia_e_cola, qrPng: Buffer.from(pix.qrcode.split(',')[1] ?? '', 'base64') };
  } catch (error) {
    // A charge not usable today (expired, the school's Pix data missing) leaves a plain boleto.
    if (error instanceof AppError) return null;
    throw error;
  }
}

export async function pdfDataOf(
  db: DbOrTx,
  issued: IssuedBoleto,
  scope: FinanceScope,
  today = clock.today(),
): Promise<BoletoPdfData> {
  const { row, payer } = issued;
  const [config, settings, school, mensalidade] = await Promise.all([
    loadBoletoConfig(db),
    loadSettings(db),
    getSchoolIdentity(db),
    getMensalidade(db, row.mensalidadeId, scope, today),
  ]);
  const banco = bancoOf(row.banco);
  if (!banco) throw notFound('Banco do boleto desconhecido.');
  const convenio = {
    agencia: config.agencia ?? '',
    conta: config.conta ?? '',
    carteira: row.carteira,
    convenio: row.convenio,
  };
  const turma = mensalidade.turma_nome ? ` — ${mensalidade.turma_nome}` : '';
  return {
    banco: { codigo: banco.codigo, nome: banco.nome },
    linhaFormatada: issued.boleto.linha_digitavel_formatada,
    codigoBarras: row.codigoBarras,
    vencimento: row.vencimento,
    valor: row.valor,
    nossoNumero: row.nossoNumero,
    carteira: row.carteira,
    agenciaCodigo: banco.agenciaCodigo(convenio),
    numeroDocumento: mensalidade.mes_referencia.replace('-', ''),
    dataDocumento: row.emitidoEm.toISOString().slice(0, 10),
    dataProcessamento: today,
    beneficiario: { nome: school.nome, cnpj: school.cnpj, endereco: school.endereco },
    pagador: { nome: payer.nome, cpf: issued.boleto.pagador.cpf, linhas: enderecoLinhas(payer) },
    instrucoes: [
      ...instrucoesDe(config.instrucoes, row, {
        multaBp: settings.multaBp,
        jurosMensalBp: settings.jurosMensalBp,
      }),
      `${descricaoCobranca(mensalidade)}: ${mensalidade.aluno_nome}${turma}.`,
    ],
    referencia: `${descricaoCobranca(mensalidade)} — ${mensalidade.aluno_nome}${turma}`,
    pix: await pixDe(db, row.mensalidadeId, scope, today),
  };
}

export async function buildBoletoPdf(
  db: DbOrTx,
  user: UserRow,
  mensalidadeId: string,
  actor: Actor,
): Promise<{ body: Buffer; fileName: string }> {
  const scope = await financeScopeOf(db, user);
  const issued = await asSeenBy(db, user, scope, await issueBoleto(db, mensalidadeId, scope, actor));
  const data = await pdfDataOf(db, issued, scope);
  return {
    body: await renderBoletosPdf([data], `Boleto ${issued.boleto.nosso_numero}`),
    fileName: `boleto-${issued.boleto.nosso_numero}.pdf`,
  };
}

/**
 * A class's boletos of one month in one file (two to a page): every open mensalidade, issued where it
 * had none. Those that cannot have one (payer without CPF) are named on the answer's `puladas`.
 */
export async function buildLotePdf(
  db: DbOrTx,
  turmaId: string,
  mesReferencia: string,
  actor: Actor,
): Promise<{ body: Buffer; fileName: string; puladas: string[] }> {
  const scope: FinanceScope = { kind: 'escola' };
  const today = clock.today();
  const rows = await db
    .select({ id: mensalidades.id })
    .from(mensalidades)
    .where(
      and(
        eq(mensalidades.turmaId, turmaId),
        eq(mensalidades.mesReferencia, mesReferencia),
        isNull(mensalidades.canceladaEm),
        eq(mensalidades.desfeita, false),
      ),
    )
    .orderBy(asc(mensalidades.dataVencimento), asc(mensalidades.id));
  const dados: BoletoPdfData[] = [];
  const puladas: string[] = [];
  let vencidas = 0;
  for (const { id } of rows) {
    try {
      const issued = await issueBoleto(db, id, scope, actor, today, { vencidas: 'recusar' });
      dados.push(await pdfDataOf(db, issued, scope, today));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'UNPROCESSABLE') puladas.push(id);
      else if (error.message === VENCIDA_SEM_BOLETO) vencidas++;
      else if (error.code !== 'CONFLICT' || error.message.includes('não emite')) throw error;
    }
  }
  if (dados.length === 0)
    throw new AppError(
      'CONFLICT',
      puladas.length > 0
        ? 'Nenhum boleto gerado: os responsáveis destas mensalidades não têm CPF cadastrado.'
        : vencidas > 0
          ? 'As mensalidades em aberto desta turma e mês já venceram sem boleto: emita o de cada uma na própria mensalidade (vence no próximo dia útil, com multa e juros).'
          : 'Nenhuma mensalidade em aberto nesta turma e mês.',
    );
  dados.sort((a, b) => a.referencia.localeCompare(b.referencia, 'pt-BR'));
  return {
    body: await renderBoletosPdf(dados, `Boletos ${mesReferencia}`),
    fileName: `boletos-${mesReferencia}.pdf`,
    puladas,
  };
}

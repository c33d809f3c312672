/**
 * The boleto registrado (issue 36 §1, ADR 0055): the school's agreement with its bank, issuing one
 * mensalidade's boleto (once: the nosso número comes from the agreement's sequence under a row lock, in
 * the same transaction as the boleto). Bringing the boletos in line with their mensalidades before a
 * remessa is boleto.reconcile.ts.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  nomeDoBanco,
  type Boleto,
  type BoletoConfig,
  type BoletoConfigInput,
  type CodigoBanco,
} from '../../../shared/boleto.schemas.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { boletoConfig, boletos, type BoletoConfigRow, type BoletoRow } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';
import type { UserRow } from '../../db/schema/users.js';
import { maskCpf } from '../../../shared/validators.js';
import { addDays, lastDayWithoutCharges } from '../../../shared/calendar.js';
import { computeAmountDue } from '../../../shared/money.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import {
  financeScopeOf,
  getMensalidade,
  loadSettings,
  ratesOf,
  type FinanceScope,
} from '../finance/index.js';
import { NO_ADDRESS_PARTS, payersOf, scopeOf, type Payer } from '../students/index.js';
import { bancoOf, validarConvenio, type BancoBoleto, type Convenio } from './bancos.js';
import { buildCodigoBarras, formatLinhaDigitavel, linhaDigitavelDe } from './febraban.js';

export async function loadBoletoConfig(db: DbOrTx): Promise<BoletoConfigRow> {
  const [row] = await db.select().from(boletoConfig).where(eq(boletoConfig.id, 1));
  if (row) return row;
  await db.insert(boletoConfig).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(boletoConfig).where(eq(boletoConfig.id, 1));
  return created!;
}

function toConfig(row: BoletoConfigRow): BoletoConfig {
  return {
    ativo: row.ativo,
    banco: bancoOf(row.banco) ? (row.banco as CodigoBanco) : null,
    agencia: row.agencia,
    conta: row.conta,
    carteira: row.carteira,
    convenio: row.convenio,
    proximo_nosso_numero: row.proximoNossoNumero,
    instrucoes: row.instrucoes,
    version: row.version,
  };
}

export async function getBoletoConfig(db: DbOrTx): Promise<BoletoConfig> {
  return toConfig(await loadBoletoConfig(db));
}

/** The agreement in force, or null when the school does not issue boletos (off or incomplete). */
export function agreementOf(row: BoletoConfigRow): { banco: BancoBoleto; convenio: Convenio } | null {
  const banco = bancoOf(row.banco);
  if (!row.ativo || !banco) return null;
  const convenio = {
    agencia: row.agencia ?? '',
    conta: row.conta ?? '',
    carteira: row.carteira ?? '',
    convenio: row.convenio ?? '',
  };
  return validarConvenio(banco, convenio, row.proximoNossoNumero).length === 0 ? { banco, convenio } : null;
}

export async function updateBoletoConfig(
  db: DbOrTx,
  input: BoletoConfigInput,
  actor: Actor,
): Promise<BoletoConfig> {
  const banco = bancoOf(input.banco);
  const convenio = {
    agencia: input.agencia,
    conta: input.conta,
    carteira: input.carteira,
    convenio: input.convenio,
  };
  if (banco) {
    const errors = validarConvenio(banco, convenio, input.proximo_nosso_numero);
    if (errors.length > 0) throw badRequest(errors[0]?.message ?? 'Verifique os dados do convênio.', errors);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(boletoConfig).where(eq(boletoConfig.id, 1)).for('update');
    const row = current ?? (await loadBoletoConfig(tx));
    if (input.version !== undefined && input.version !== row.version)
      throw new AppError(
        'PRECONDITION_FAILED',
        'As configurações mudaram desde que você abriu a tela. Recarregue.',
      );
    // A nosso número already given must never be given again: the sequence only moves forward, unless
    // the agreement itself changed (another bank or convênio numbers its own).
    const mesmoConvenio = row.banco === input.banco && row.convenio === input.convenio;
    if (mesmoConvenio && input.proximo_nosso_numero < row.proximoNossoNumero) {
      const [usado] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(boletos)
        .where(and(eq(boletos.banco, row.banco ?? ''), eq(boletos.convenio, row.convenio ?? '')));
      if ((usado?.n ?? 0) > 0)
        throw badRequest('O próximo nosso número não pode voltar: números já usados não se repetem.', [
          {
            path: 'proximo_nosso_numero',
            message: `Use ${String(row.proximoNossoNumero)} ou mais (números já usados não se repetem).`,
          },
        ]);
    }
    const [saved] = await tx
      .update(boletoConfig)
      .set({
        ativo: input.ativo,
        banco: input.banco,
        agencia: input.agencia || null,
        conta: input.conta || null,
        carteira: input.carteira || null,
        convenio: input.convenio || null,
        proximoNossoNumero: input.proximo_nosso_numero,
        instrucoes: input.instrucoes || null,
        version: row.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(boletoConfig.id, 1))
      .returning();
    await recordAudit(tx, actor, {
      action: 'configurar_boleto',
      entity: 'boleto_config',
      entityId: '1',
      details: { ativo: input.ativo, banco: input.banco, carteira: input.carteira },
    });
    return toConfig(saved!);
  });
}

// ---------------------------------------------------------------- one mensalidade's boleto

function toBoleto(row: BoletoRow, pagador: { nome: string; cpf: string }): Boleto {
  return {
    mensalidade_id: row.mensalidadeId,
    banco: row.banco as CodigoBanco,
    banco_nome: nomeDoBanco(row.banco),
    nosso_numero: row.nossoNumero,
    codigo_barras: row.codigoBarras,
    linha_digitavel: row.linhaDigitavel,
    linha_digitavel_formatada: formatLinhaDigitavel(row.linhaDigitavel),
    vencimento: row.vencimento,
    valor: row.valor,
    multa: row.multa,
    juros: row.juros,
    vencimento_mensalidade: row.vencimentoMensalidade,
    situacao: row.situacao,
    motivo_rejeicao: row.motivoRejeicao,
    pagador,
  };
}

export const VENCIDA_SEM_BOLETO =
  'Esta mensalidade já venceu e não tem boleto: peça o boleto dela na própria mensalidade.';

const SEM_BOLETO = 'A escola não emite boleto no momento. Pague pelo Pix ou procure a secretaria.';

function semCpf(payer: Payer | undefined): AppError {
  const quem = payer ? `O responsável financeiro (${payer.nome})` : 'O aluno não tem responsável principal e';
  return new AppError(
    'UNPROCESSABLE',
    `${quem} não tem CPF cadastrado, e o boleto registrado exige o CPF do pagador. Preencha o CPF no cadastro do responsável (Alunos → Responsáveis) e tente de novo.`,
    [{ path: 'cpf', message: 'CPF do responsável financeiro' }],
  );
}

export interface IssuedBoleto {
  boleto: Boleto;
  row: BoletoRow;
  payer: Payer;
  /** True when this call created it. */
  novo: boolean;
}

/**
 * The mensalidade's boleto, issued on the first call. Outside the caller's scope → 404 (as any
 * mensalidade); paid or cancelled → 409; boleto off → 409; payer without CPF → 422. A first boleto
 * for a tuition past its due date is due the next business day with the amount of that day (ADR 0131),
 * unless `vencidas: 'recusar'` (409).
 */
export async function issueBoleto(
  db: DbOrTx,
  mensalidadeId: string,
  scope: FinanceScope,
  actor: Actor,
  today = clock.today(),
  { vencidas = 'atualizar' }: { vencidas?: 'atualizar' | 'recusar' } = {},
): Promise<IssuedBoleto> {
  const mensalidade = await getMensalidade(db, mensalidadeId, scope, today);
  const [existing] = await db.select().from(boletos).where(eq(boletos.mensalidadeId, mensalidadeId));
  if (!existing && !agreementOf(await loadBoletoConfig(db))) throw conflict(SEM_BOLETO);
  if (mensalidade.status === 'pago') throw conflict('Esta mensalidade já está paga: não há boleto a pagar.');
  if (mensalidade.status === 'cancelado')
    throw conflict('Esta mensalidade foi cancelada: não há boleto a pagar.');
  // The class batch hands out boletos ahead of their months: it leaves an overdue one without a boleto to
  // be asked for one by one (ADR 0131).
  if (!existing && vencidas === 'recusar' && mensalidade.data_vencimento < today)
    throw conflict(VENCIDA_SEM_BOLETO);
  const payer = (await payersOf(db, [mensalidade.aluno_id])).get(mensalidade.aluno_id);
  const cpf = payer?.cpf?.replace(/\D/g, '') ?? '';
  if (!payer || cpf.length !== 11) throw semCpf(payer);
  const pagador = { nome: payer.nome, cpf };

  if (existing) return { boleto: toBoleto(existing, pagador), row: existing, payer, novo: false };

  return db.transaction(async (tx) => {
    // The agreement's row is the lock: two first calls for one mensalidade (or for two) take turns,
    // so each nosso número is given once and one mensalidade gets one boleto.
    const [config] = await tx.select().from(boletoConfig).where(eq(boletoConfig.id, 1)).for('update');
    const agreement = config ? agreementOf(config) : null;
    if (!config || !agreement) throw conflict(SEM_BOLETO);
    const [again] = await tx.select().from(boletos).where(eq(boletos.mensalidadeId, mensalidadeId));
    if (again) return { boleto: toBoleto(again, pagador), row: again, payer, novo: false };
    const titulo = await tituloDe(tx, mensalidade, today);
    const row = await insertBoleto(tx, config, agreement, { mensalidadeId, ...titulo });
    await recordAudit(tx, actor, {
      action: 'emitir_boleto',
      entity: 'mensalidade',
      entityId: mensalidadeId,
      details: {
        banco: row.banco,
        nosso_numero: row.nossoNumero,
        ...(row.vencimentoMensalidade ? { vencimento: row.vencimento, valor: row.valor } : {}),
      },
    });
    return { boleto: toBoleto(row, pagador), row, payer, novo: true };
  });
}

interface Titulo {
  vencimento: string;
  valor: number;
  multa: number;
  juros: number;
  vencimentoMensalidade: string | null;
}

/**
 * The due date of a boleto issued for a tuition already past its due date (ADR 0131): the next bank
 * business day after `today`. The bank must register the title before the family can pay it, and the
 * remessa goes by the Financeiro's hand; a day's margin lets the day's file (or the next morning's) carry
 * it, and the bank refuses an entrada due before it is issued (G059 17).
 */
export function vencimentoAtualizado(today: string): string {
  return lastDayWithoutCharges(addDays(today, 1));
}

/**
 * What the boleto carries. In time: the tuition's due date and the open principal (ADR 0055). Past the
 * due date: a near due date (`vencimentoAtualizado`) and the amount of that day — open principal, multa
 * and juros up to it (shared/money.ts) — with multa and juros kept apart, so the remessa sends no second
 * multa and the retorno credits the principal and the charges each to its own (ADR 0131).
 */
async function tituloDe(
  db: DbOrTx,
  mensalidade: { data_vencimento: string; valor: number; principal_pago: number },
  today: string,
): Promise<Titulo> {
  const principal = mensalidade.valor - mensalidade.principal_pago;
  if (mensalidade.data_vencimento >= today)
    return {
      vencimento: mensalidade.data_vencimento,
      valor: principal,
      multa: 0,
      juros: 0,
      vencimentoMensalidade: null,
    };
  const vencimento = vencimentoAtualizado(today);
  const due = computeAmountDue(
    principal,
    mensalidade.data_vencimento,
    vencimento,
    ratesOf(await loadSettings(db)),
  );
  return {
    vencimento,
    valor: due.total,
    multa: due.multa,
    juros: due.juros,
    vencimentoMensalidade: mensalidade.data_vencimento,
  };
}

/** Inserts the boleto and moves the sequence on; the caller holds the agreement's row lock. */
async function insertBoleto(
  tx: Tx,
  config: BoletoConfigRow,
  { banco, convenio }: { banco: BancoBoleto; convenio: Convenio },
  titulo: Titulo & { mensalidadeId: string },
): Promise<BoletoRow> {
  const sequencia = config.proximoNossoNumero;
  if (sequencia > banco.maxSequencia)
    throw conflict('A sequência de nosso número do convênio acabou. Peça ao banco um novo convênio.');
  const nossoNumero = banco.nossoNumero(convenio, sequencia);
  const codigoBarras = buildCodigoBarras({
    banco: banco.codigo,
    vencimento: titulo.vencimento,
    valor: titulo.valor,
    campoLivre: banco.campoLivre(convenio, nossoNumero),
  });
  const [row] = await tx
    .insert(boletos)
    .values({
      mensalidadeId: titulo.mensalidadeId,
      banco: banco.codigo,
      convenio: convenio.convenio,
      carteira: convenio.carteira,
      nossoNumero,
      vencimento: titulo.vencimento,
      valor: titulo.valor,
      multa: titulo.multa,
      juros: titulo.juros,
      vencimentoMensalidade: titulo.vencimentoMensalidade,
      codigoBarras,
      linhaDigitavel: linhaDigitavelDe(codigoBarras),
      situacao: 'a_registrar',
      movimentoPendente: 'entrada',
      // The school's clock (`clock`), as every date the product reasons with: the retorno checks a
      // payment against it (a liquidação before the boleto was issued is not the bank's).
      emitidoEm: clock.now(),
    })
    .returning();
  await tx
    .update(boletoConfig)
    .set({ proximoNossoNumero: sequencia + 1, updatedAt: clock.now() })
    .where(eq(boletoConfig.id, 1));
  return row!;
}

/** `issueBoleto` for a signed-in user (the finance scope: the school, or a guardian's own children). */
export async function issueBoletoFor(
  db: DbOrTx,
  user: UserRow,
  mensalidadeId: string,
  actor: Actor,
): Promise<IssuedBoleto> {
  const scope = await financeScopeOf(db, user);
  return asSeenBy(db, user, scope, await issueBoleto(db, mensalidadeId, scope, actor));
}

/**
 * The payer's CPF and address are the payer's and the school's: a child's other guardian (who may pay
 * the boleto too) reads the payer's name and a masked CPF, never the other parent's address — as the
 * student's record hides the other parent's contacts from a guardian (security review, 2026-12-02).
 */
export async function asSeenBy(
  db: DbOrTx,
  user: UserRow,
  scope: FinanceScope,
  issued: IssuedBoleto,
): Promise<IssuedBoleto> {
  if (scope.kind === 'escola') return issued;
  const viewer = await scopeOf(db, user);
  if (viewer.kind === 'guardian' && viewer.guardianId === issued.payer.responsavelId) return issued;
  const cpf = maskCpf(issued.payer.cpf);
  const semEndereco: Payer['endereco'] = { ...NO_ADDRESS_PARTS, linha: null };
  return {
    ...issued,
    boleto: { ...issued.boleto, pagador: { nome: issued.payer.nome, cpf } },
    payer: { ...issued.payer, cpf, email: null, endereco: semEndereco },
  };
}

// ---------------------------------------------------------------- with generation

const LOTE_EMISSAO = 200;

/**
 * Issues the boletos of open mensalidades that have none (boleto on): what 'with generation' means
 * (ADR 0055). Overdue ones are left to be issued on request; a payer without CPF is skipped (the
 * secretaria sees the refusal when she asks for that boleto). Returns how many were issued.
 */
export async function emitirBoletosPendentes(
  db: DbOrTx,
  actor: Actor,
  today = clock.today(),
): Promise<number> {
  const config = await loadBoletoConfig(db);
  if (!agreementOf(config)) return 0;
  const abertas = await db
    .select({ id: mensalidades.id, alunoId: mensalidades.alunoId })
    .from(mensalidades)
    .leftJoin(boletos, eq(boletos.mensalidadeId, mensalidades.id))
    .where(
      and(
        isNull(boletos.mensalidadeId),
        isNull(mensalidades.canceladaEm),
        sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
        sql`${mensalidades.dataVencimento} >= ${today}`,
      ),
    )
    .orderBy(asc(mensalidades.dataVencimento), asc(mensalidades.id))
    .limit(LOTE_EMISSAO);
  if (abertas.length === 0) return 0;
  const payers = await payersOf(db, [...new Set(abertas.map((m) => m.alunoId))]);
  let emitidos = 0;
  for (const { id, alunoId } of abertas) {
    if ((payers.get(alunoId)?.cpf?.replace(/\D/g, '') ?? '').length !== 11) continue;
    const issued = await issueBoleto(db, id, { kind: 'escola' }, actor, today).catch((error: unknown) => {
      if (error instanceof AppError && error.code !== 'INTERNAL') return null;
      throw error;
    });
    if (issued?.novo) emitidos++;
  }
  return emitidos;
}

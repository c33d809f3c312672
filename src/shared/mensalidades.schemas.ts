/**
 * Contracts of the tuition API (docs/finance.md): tuition and its status, generating and cancelling a
 * run, payments, quotes, discounts and PIX, and what a family owes now. Money is integer centavos.
 */
import { z } from 'zod';
import { isoDateSchema, monthSchema, pageQuery, sortQuery, uuidParam } from './validators.js';
import { pixCobrancaSchema } from './pix-cobranca.schemas.js';

/**
 * `em_confirmacao` (ADR 0035): the family sent a comprovante ('Já paguei') the school has not answered yet;
 * the amount is frozen as of the day it was sent.
 */
export const mensalidadeStatuses = ['pago', 'pendente', 'vencido', 'cancelado', 'em_confirmacao'] as const;
export type MensalidadeStatus = (typeof mensalidadeStatuses)[number];
export const mensalidadeStatusLabels: Record<MensalidadeStatus, string> = {
  pago: 'Pago',
  pendente: 'Pendente',
  vencido: 'Vencido',
  cancelado: 'Cancelado',
  em_confirmacao: 'Em confirmação',
};

export const formasPagamento = ['pix', 'boleto', 'cartao', 'dinheiro', 'transferencia'] as const;
export type FormaPagamento = (typeof formasPagamento)[number];
/** Who tied a payment to its tuition: the school may reverse its own (estorno), never the bank's. */
export const pagamentoOrigens = ['escola', 'banco'] as const;
export type PagamentoOrigem = (typeof pagamentoOrigens)[number];
export const formaPagamentoLabels: Record<FormaPagamento, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  cartao: 'Cartão',
  dinheiro: 'Dinheiro',
  transferencia: 'Transferência',
};

export const isoDate = isoDateSchema;
export const centavos = z
  .number({ error: 'Informe um valor' })
  .int('O valor deve estar em centavos')
  .positive('O valor deve ser positivo')
  .max(100_000_000, 'Valor alto demais');

/**
 * What a charge is (ADR 0094): a month's tuition, or the enrolment fee (taxa de matrícula) of a year's
 * anuidade. The fee sits in the month it is charged in, but is never that month's tuition.
 */
export const tiposCobranca = ['mensalidade', 'taxa_matricula'] as const;
export type TipoCobranca = (typeof tiposCobranca)[number];

export const mensalidadeSchema = z.object({
  id: z.uuid(),
  aluno_id: z.uuid(),
  aluno_nome: z.string(),
  turma_id: z.uuid().nullable(),
  turma_nome: z.string().nullable(),
  mes_referencia: z.string(),
  tipo: z.enum(tiposCobranca),
  /** The ano letivo whose anuidade the charge pays (a plan's charge, matrícula online), else null. */
  anuidade_ano: z.number().int().nullable(),
  data_vencimento: z.string(),
  valor_original: z.number().int(),
  valor: z.number().int(),
  motivo_desconto: z.string().nullable(),
  status: z.enum(mensalidadeStatuses),
  valor_pago: z.number().int(),
  principal_pago: z.number().int(),
  /** Charges: what was paid when pago; otherwise what is owed today on the open principal. */
  multa: z.number().int(),
  juros: z.number().int(),
  /** Open principal plus today's multa and juros (0 when paid or cancelled). */
  valor_atualizado: z.number().int(),
  dias_atraso: z.number().int(),
  /**
   * Desconto de pontualidade (ADR 0046) still to be had: `valor` off the open principal when paid up to
   * `ate` (`valor_atualizado` already has it taken off; after `ate` the full amount is due). Null when the
   * school has none, the day has passed or the tuition is not open.
   */
  desconto_pontualidade: z.object({ valor: z.number().int(), ate: z.string() }).nullable().optional(),
  /** Principal settled by a desconto de pontualidade, not paid in money (`valor_pago` excludes it). */
  desconto_concedido: z.number().int().optional(),
  data_pagamento: z.string().nullable(),
  motivo_cancelamento: z.string().nullable(),
  /** 'Já paguei': the day the comprovante awaiting the school's answer was sent (amounts as of it). */
  em_confirmacao_desde: z.string().nullable(),
  /**
   * Whether the reader may open the comprovante awaiting the school's answer: the finance staff, and of a
   * family only the guardian who sent it (it shows their bank and account, not the other guardian's).
   */
  comprovante_visivel: z.boolean(),
  /** The school's reason for refusing the last comprovante, while the tuition is still open. */
  comprovante_recusa: z.string().nullable(),
  /**
   * 'Em negociação' (ADR 0043): the school is negotiating this debt with the family; no automatic reminder
   * goes out while set. The school's note: null in what the family reads.
   */
  negociacao: z.object({ desde: z.string(), motivo: z.string() }).nullable(),
  version: z.number().int(),
});
export type Mensalidade = z.infer<typeof mensalidadeSchema>;

/** The columns the tuition list sorts by on the server. */
export const mensalidadeSortColumns = ['aluno', 'vencimento', 'valor'] as const;

export const listMensalidadesQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(mensalidadeStatuses).or(z.literal('todos')).optional(),
  mes: z.union([monthSchema, z.literal('')]).optional(),
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
  turma_id: z.uuid().optional(),
  aluno_id: z.uuid().optional(),
  /** The tuition a guardian answers for: their children of whom they are the principal guardian. */
  responsavel_id: z.uuid().optional(),
  ...pageQuery({ maxSize: 200 }),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  ...sortQuery(mensalidadeSortColumns),
});
export type ListMensalidadesQuery = z.output<typeof listMensalidadesQuerySchema>;

/**
 * 'Gerar mensalidades'. Charges always follow each class's school year (its dates in the Calendário,
 * or January to December of the class's year when that year is not opened) and never come before the
 * student's data da matrícula: `ano` and `mes` only narrow that down. Without `ano`, each class's own
 * school year; without `mes`, every month of it.
 */
export const gerarMensalidadesInputSchema = z.strictObject({
  ano: z.number().int().min(2000).max(2100).optional(),
  mes: z.number().int().min(1).max(12).optional(),
  turma_id: z.uuid().optional(),
  aluno_id: z.uuid().optional(),
});
export type GerarMensalidadesInput = z.infer<typeof gerarMensalidadesInputSchema>;

/** One class in a generation (the preview and the result share it: they come from one function). */
export const turmaGeracaoSchema = z.object({
  turma_id: z.uuid(),
  turma_nome: z.string(),
  ano_letivo: z.string(),
  /** The months the class's school year covers ('YYYY-MM'); null when the class's year is not a year. */
  ano_letivo_de: z.string().nullable(),
  ano_letivo_ate: z.string().nullable(),
  /** Students with at least one new tuition. */
  alunos: z.number().int(),
  /** New tuition and its total (centavos, after bolsas). */
  mensalidades: z.number().int(),
  valor: z.number().int(),
  /** The first and last month of the new tuition. */
  primeiro_mes: z.string().nullable(),
  ultimo_mes: z.string().nullable(),
  /** Months in the request that already had a tuition (not created again). */
  ja_existiam: z.number().int(),
  /** New tuition already past its due date (late with multa and juros as soon as it is created). */
  vencidas: z.number().int(),
  /** Students charged that year by the payment plan of their signed contract (none generated for them). */
  com_plano: z.number().int(),
});
export type TurmaGeracao = z.infer<typeof turmaGeracaoSchema>;

/** A class's counts before the generation counts any of its students: nothing new, nothing found. */
export const turmaGeracaoSemContagem: Omit<
  TurmaGeracao,
  'turma_id' | 'turma_nome' | 'ano_letivo' | 'ano_letivo_de' | 'ano_letivo_ate'
> = {
  alunos: 0,
  mensalidades: 0,
  valor: 0,
  primeiro_mes: null,
  ultimo_mes: null,
  ja_existiam: 0,
  vencidas: 0,
  com_plano: 0,
};

export const gerarMensalidadesPreviewSchema = z.object({
  mensalidades: z.number().int(),
  valor_total: z.number().int(),
  turmas: z.array(turmaGeracaoSchema),
});
export type GerarMensalidadesPreview = z.infer<typeof gerarMensalidadesPreviewSchema>;

/** Undoing a batch: its still-unpaid tuition is cancelled with one reason (`cancelarLoteInputSchema`). */
export const cancelarLoteResultSchema = z.object({
  canceladas: z.number().int(),
  /** Tuition of the batch with a payment registered: left as it is. */
  mantidas: z.number().int(),
});
export type CancelarLoteResult = z.infer<typeof cancelarLoteResultSchema>;

export const registrarPagamentoInputSchema = z.strictObject({
  valor_pago: centavos,
  data_pagamento: isoDate,
  forma: z.enum(formasPagamento, { error: 'Forma de pagamento inválida' }),
});
export type RegistrarPagamentoInput = z.infer<typeof registrarPagamentoInputSchema>;

/** The day a quote is for (today when absent). */
export const cotacaoQuerySchema = z.strictObject({ data: isoDateSchema.optional() });

const motivo = z.string().trim().min(3, 'Informe o motivo').max(300, 'Máximo de 300 caracteres');
export const cancelarMensalidadeInputSchema = z.strictObject({ motivo });
export const cancelarLoteInputSchema = z.strictObject({ motivo });
export const descontoMensalidadeInputSchema = z.strictObject({
  desconto: z
    .number()
    .int('O desconto deve estar em centavos')
    .min(0, 'O desconto não pode ser negativo')
    .max(100_000_000, 'Valor alto demais'),
  motivo,
});

export const pagamentoSchema = z.object({
  id: z.uuid(),
  valor_pago: z.number().int(),
  principal: z.number().int(),
  multa: z.number().int(),
  juros: z.number().int(),
  /** Desconto de pontualidade granted: `valor_pago` = principal − desconto + multa + juros (ADR 0046). */
  desconto: z.number().int().optional(),
  data_pagamento: z.string(),
  forma: z.enum(formasPagamento),
  /** `banco`: confirmed by the bank (a Pix, Pix Automático, a boleto), so not reversible here. */
  origem: z.enum(pagamentoOrigens),
  /**
   * The payer of record (ADR 0112): the responsável financeiro when the payment was recorded; null when
   * none was kept (a payment older than the record with no principal guardian then).
   */
  pagador: z.object({ id: z.uuid(), nome: z.string() }).nullable().optional(),
});
export type Pagamento = z.infer<typeof pagamentoSchema>;

export const estornarPagamentoInputSchema = z.strictObject({ motivo });
export const estornoResultSchema = z.object({
  mensalidade: mensalidadeSchema,
  /** The Pix the reversed payment came from went back to 'Pix a conciliar' (linked by hand to this month). */
  pix_a_conciliar: z.boolean(),
});
export type EstornoResult = z.infer<typeof estornoResultSchema>;

/** One tuition with its payments (the details dialog). */
export const mensalidadeDetailSchema = mensalidadeSchema.extend({
  pagamentos: z.array(pagamentoSchema),
  /** The Pix charge (issue 33, ADR 0041); null while Pix automático is off. */
  pix: pixCobrancaSchema.nullable(),
});
export type MensalidadeDetail = z.infer<typeof mensalidadeDetailSchema>;

export const pagamentoResultSchema = z.object({ mensalidade: mensalidadeSchema, pagamento: pagamentoSchema });
export type PagamentoResult = z.infer<typeof pagamentoResultSchema>;

export const gerarMensalidadesResultSchema = gerarMensalidadesPreviewSchema.extend({
  criadas: z.number().int(),
  /** The batch the new tuition belongs to (undone in one step); null when nothing was created. */
  lote_id: z.uuid().nullable(),
});
export type GerarMensalidadesResult = z.infer<typeof gerarMensalidadesResultSchema>;

/** A quote of what paying on a date costs (shown before registering a payment). */
export const cotacaoSchema = z.object({
  principal: z.number().int(),
  /** Desconto de pontualidade on that day (ADR 0046): `total` = principal − desconto + multa + juros. */
  desconto: z.number().int().optional(),
  /** The discount's last day, when the school has one for this tuition (whether or not that day passed). */
  desconto_ate: z.string().nullable().optional(),
  multa: z.number().int(),
  juros: z.number().int(),
  total: z.number().int(),
  dias_atraso: z.number().int(),
});
export type Cotacao = z.infer<typeof cotacaoSchema>;

// ---------------------------------------------------------------- 'Já paguei' (ADR 0035)

export const comprovanteSituacoes = ['aguardando', 'confirmado', 'recusado'] as const;
export const COMPROVANTE_MAX_BYTES = 10 * 1024 * 1024;

export const comprovanteSchema = z.object({
  id: z.uuid(),
  mensalidade_id: z.uuid(),
  /** The day it was sent: what was due on it is `valor_devido`. */
  data_referencia: z.string(),
  valor_devido: z.number().int(),
  nome: z.string(),
  tipo: z.string(),
  tamanho: z.number().int(),
  situacao: z.enum(comprovanteSituacoes),
  resposta: z.string().nullable(),
  enviado_em: z.string(),
  enviado_por_nome: z.string().nullable(),
  /** Opens the file (the family who sent it and the finance staff). */
  url: z.string(),
});
export type Comprovante = z.infer<typeof comprovanteSchema>;

/** The school's queue: a tuition em confirmação and the comprovante awaiting an answer. */
export const comprovantePendenteSchema = z.object({
  mensalidade: mensalidadeSchema,
  comprovante: comprovanteSchema,
});
export type ComprovantePendente = z.infer<typeof comprovantePendenteSchema>;

/**
 * Confirming: the payment is recorded as a manual one. Absent fields: the amount due on the day the
 * comprovante was sent, that day, and PIX.
 */
export const confirmarComprovanteInputSchema = z.strictObject({
  valor_pago: centavos.optional(),
  data_pagamento: isoDate.optional(),
  forma: z.enum(formasPagamento, { error: 'Forma de pagamento inválida' }).optional(),
});
export type ConfirmarComprovanteInput = z.infer<typeof confirmarComprovanteInputSchema>;

export const recusarComprovanteInputSchema = z.strictObject({
  motivo: z
    .string()
    .trim()
    .min(3, 'Diga à família por que o comprovante foi recusado')
    .max(300, 'Máximo de 300 caracteres'),
});

/**
 * What the family pays with: the dynamic BR Code of the tuition's active charge (its bank reads the amount
 * of the day, multa and juros included, from the PSP) or, without one, the static code with today's amount.
 */
export const pixSchema = z.object({
  copia_e_cola: z.string(),
  qrcode: z.string(),
  /** Centavos due today. */
  valor: z.number().int(),
  /** The charge's txid (dynamic) or the static code's reference. */
  txid: z.string(),
  dinamico: z.boolean(),
  /**
   * The payment confirms itself: a charge's code, or the fixed code when its key is the one the PSP reports
   * to the school (its reference names the tuition). Otherwise the school confirms it by hand.
   */
  confirmacao_automatica: z.boolean(),
  /** Only in the demo (PIX_PROVIDER=simulado): 'Pagar no banco simulado' with this code. */
  simulacao_url: z.string().optional(),
});
export type PixCode = z.infer<typeof pixSchema>;

export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** "2026-03" → "março de 2026" */
/** '2026-03' → '03/2026': a month in a sentence that lists a run of them. */
export const formatMesReferenciaCurto = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

export function formatMesReferencia(mes: string): string {
  const index = Number(mes.slice(5, 7)) - 1;
  return `${MONTH_NAMES[index] ?? mes} de ${mes.slice(0, 4)}`;
}

/** A charge as its name needs it (any API shape or row carries these). */
export interface CobrancaNomeavel {
  tipo: TipoCobranca;
  mes_referencia: string;
  anuidade_ano: number | null;
}

/** The year a fee enrols into: its anuidade's, else (an older row) the year after it was charged. */
const anoDaTaxa = (cobranca: CobrancaNomeavel) =>
  cobranca.anuidade_ano ?? Number(cobranca.mes_referencia.slice(0, 4)) + 1;

/**
 * What a charge refers to, after the student's name ("Lia Souza, novembro de 2026"): the month of a
 * tuition, or "taxa de matrícula 2027" — the one source of how a charge is named (ADR 0094).
 */
export function referenciaCobranca(cobranca: CobrancaNomeavel): string {
  return cobranca.tipo === 'taxa_matricula'
    ? `taxa de matrícula ${String(anoDaTaxa(cobranca))}`
    : formatMesReferencia(cobranca.mes_referencia);
}

/**
 * A charge's title on its own (lists, boleto, receipt, NFS-e): "Mensalidade de novembro de 2026" or
 * "Taxa de matrícula 2027" (ADR 0094).
 */
export function descricaoCobranca(cobranca: CobrancaNomeavel): string {
  return cobranca.tipo === 'taxa_matricula'
    ? `Taxa de matrícula ${String(anoDaTaxa(cobranca))}`
    : `Mensalidade de ${formatMesReferencia(cobranca.mes_referencia)}`;
}

/**
 * The same name inside a sentence, after an article ('o comprovante da …', 'a … de Ana'): "mensalidade
 * de novembro de 2026" or "taxa de matrícula 2027" (ADR 0094).
 */
export function cobrancaNaFrase(cobranca: CobrancaNomeavel): string {
  const titulo = descricaoCobranca(cobranca);
  return titulo.charAt(0).toLocaleLowerCase('pt-BR') + titulo.slice(1);
}

// ---------------------------------------------------------------- what a family owes now

/**
 * The last due date that is 'em aberto' today: the end of the current month. One definition for the
 * family's home and mensalidades screen and the school's banner ('vencidas + a vencer ainda este mês').
 */
export function emAbertoAte(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/**
 * 'Em aberto': neither paid nor cancelled, and overdue ('vencida') or falling due this month. A later
 * month is 'a vencer', not 'em aberto': a family that paid everything due owes nothing, however many
 * months of the year were generated ahead.
 */
export function isEmAberto(
  mensalidade: Pick<Mensalidade, 'status' | 'data_vencimento'>,
  today: string,
): boolean {
  return (
    mensalidade.status === 'vencido' ||
    (mensalidade.status === 'pendente' && mensalidade.data_vencimento <= emAbertoAte(today))
  );
}

type Arrangeable = Pick<Mensalidade, 'id' | 'aluno_id' | 'status' | 'data_vencimento'>;

/**
 * A family's unpaid tuition in the order they act on it: the overdue ones (oldest first), then each
 * child's next one due, then the later months ('a vencer', folded on the screen); those awaiting the
 * school's confirmation of a comprovante apart ('Em confirmação'). Paid and cancelled
 * ones are left out (paid tuition is the history; cancelled tuition is not the family's business).
 */
export function arrangeFamilyCharges<T extends Arrangeable>(
  charges: readonly T[],
): { vencidas: T[]; proximas: T[]; aVencer: T[]; emConfirmacao: T[] } {
  const byDue = (a: T, b: T) =>
    a.data_vencimento.localeCompare(b.data_vencimento) || a.id.localeCompare(b.id);
  const vencidas = charges.filter((charge) => charge.status === 'vencido').sort(byDue);
  const emConfirmacao = charges.filter((charge) => charge.status === 'em_confirmacao').sort(byDue);
  const pending = charges.filter((charge) => charge.status === 'pendente').sort(byDue);
  const seen = new Set<string>();
  const proximas: T[] = [];
  const aVencer: T[] = [];
  for (const charge of pending) {
    if (seen.has(charge.aluno_id)) aVencer.push(charge);
    else {
      seen.add(charge.aluno_id);
      proximas.push(charge);
    }
  }
  return { vencidas, proximas, aVencer, emConfirmacao };
}

/** GET /api/financeiro/mensalidades/apos-saida: what leaving on `data` would cancel. */
export const mensalidadesAposSaidaQuerySchema = z.strictObject({
  aluno_id: uuidParam,
  data: isoDateSchema,
});
export const mensalidadesAposSaidaSchema = z.object({
  /** Open (nothing paid, no comprovante awaiting the school), due after the day: cancelled when asked. */
  quantidade: z.number().int(),
  /** How many of `quantidade` are enrolment fees, named as fees (ADR 0094); the rest are months. */
  taxas_matricula: z.number().int(),
  total: z.number(),
  /** Due after the day but partly paid: kept (a discount, not a cancellation). */
  com_pagamento: z.number().int(),
  /** Due after the day, nothing recorded, a comprovante awaiting the school ('Já paguei'): kept. */
  em_confirmacao: z.number().int(),
});
export type MensalidadesAposSaida = z.infer<typeof mensalidadesAposSaidaSchema>;

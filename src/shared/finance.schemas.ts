/**
 * Contracts of the finance API (docs/finance.md): the cash book, the finance settings and scholarships,
 * the figures and the reports; the tuition's are in mensalidades.schemas.ts. Money is integer centavos:
 * R$ 850,00 is 85000.
 */
import { z } from 'zod';
import { monthSchema, pageQuery, singleLineText, sortQuery, versionSchema } from './validators.js';
import { centavos, formasPagamento, isoDate, type TipoCobranca } from './mensalidades.schemas.js';

export const transacaoTipos = ['receita', 'despesa'] as const;
export type TransacaoTipo = (typeof transacaoTipos)[number];
export const transacaoStatuses = ['pago', 'pendente'] as const;
export type TransacaoStatus = (typeof transacaoStatuses)[number];

export const categoriasReceita = ['Mensalidade', 'Matrícula', 'Material', 'Eventos', 'Doações', 'Outros'];
export const categoriasDespesa = [
  'Salários',
  'Aluguel',
  'Água e Luz',
  'Material',
  'Manutenção',
  'Impostos',
  'Serviços',
  'Outros',
];
export const TUITION_CATEGORY = 'Mensalidade';
/** Where the enrolment fee's income is filed (ADR 0094): its own category, never a month's tuition. */
export const ENROLMENT_FEE_CATEGORY = 'Matrícula';
/** The income category of a charge's payment, by its kind. */
export const categoriaDaCobranca = (tipo: TipoCobranca) =>
  tipo === 'taxa_matricula' ? ENROLMENT_FEE_CATEGORY : TUITION_CATEGORY;

export const transacaoSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(transacaoTipos),
  descricao: z.string(),
  categoria: z.string(),
  valor: z.number().int(),
  data: z.string(),
  forma_pagamento: z.enum(formasPagamento).nullable(),
  status: z.enum(transacaoStatuses),
  /** Written by a tuition payment: changed only through the tuition. */
  automatica: z.boolean(),
  version: z.number().int(),
});
export type Transacao = z.infer<typeof transacaoSchema>;

export const transacaoInputSchema = z.strictObject({
  tipo: z.enum(transacaoTipos, { error: 'Tipo inválido' }),
  descricao: singleLineText().min(1, 'Descrição é obrigatória').max(200, 'Máximo de 200 caracteres'),
  categoria: singleLineText().min(1, 'Categoria é obrigatória').max(60, 'Máximo de 60 caracteres'),
  valor: centavos,
  data: isoDate,
  forma_pagamento: z.enum(formasPagamento).nullable().optional(),
  status: z.enum(transacaoStatuses, { error: 'Status inválido' }),
  version: versionSchema.optional(),
});
export type TransacaoInput = z.input<typeof transacaoInputSchema>;

/** The columns the receitas/despesas lists sort by on the server. */
export const transacaoSortColumns = ['descricao', 'data', 'valor'] as const;

export const listTransacoesQuerySchema = z.strictObject({
  tipo: z.enum(transacaoTipos).optional(),
  q: z.string().trim().max(100).optional(),
  categoria: z.string().trim().max(60).optional(),
  status: z.enum(transacaoStatuses).or(z.literal('todos')).optional(),
  mes: z.union([monthSchema, z.literal('')]).optional(),
  ...pageQuery({ maxSize: 200 }),
  ...sortQuery(transacaoSortColumns),
});
export type ListTransacoesQuery = z.output<typeof listTransacoesQuerySchema>;

export const turmaMensalidadeSchema = z.object({
  turma_id: z.uuid(),
  turma_nome: z.string(),
  ano_letivo: z.string(),
  alunos_count: z.number().int(),
  valor_mensalidade: z.number().int().nullable(),
  dia_vencimento: z.number().int().nullable(),
});

export const descontoPontualidadeTipos = ['nenhum', 'percentual', 'valor'] as const;
export type DescontoPontualidadeTipo = (typeof descontoPontualidadeTipos)[number];

/**
 * Desconto de pontualidade (ADR 0046): none, a percentage of the amount after bolsa, or a fixed amount
 * (centavos), for paying up to `dias_antes` days before the due date (0: on the due date itself).
 */
export const descontoPontualidadeSchema = z.object({
  tipo: z.enum(descontoPontualidadeTipos),
  percentual: z.number(),
  valor: z.number().int(),
  dias_antes: z.number().int(),
});
export type DescontoPontualidadeConfig = z.infer<typeof descontoPontualidadeSchema>;

/** Two Pix keys are the same key (an e-mail key is case-insensitive; spaces around are typing). */
export function samePixKey(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a?.trim()) && a!.trim().toLowerCase() === b?.trim().toLowerCase();
}

export const financeSettingsSchema = z.object({
  pix_chave: z.string().nullable(),
  /**
   * The key Pix automático (Configurações) is connected with, while on: a Pix paid with the fixed code
   * confirms itself only when `pix_chave` is this key (read-only here).
   */
  pix_automatico_chave: z.string().nullable(),
  pix_beneficiario: z.string().nullable(),
  pix_cidade: z.string().nullable(),
  multa_percentual: z.number(),
  juros_mensal_percentual: z.number(),
  dia_vencimento_padrao: z.number().int(),
  desconto_pontualidade: descontoPontualidadeSchema,
  version: z.number().int(),
  turmas: z.array(turmaMensalidadeSchema),
});
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

/**
 * `GET /api/financeiro/encargos`: what the school charges for paying late, as the family's tuition page
 * states it — percentages as in the settings (2 is 2 %; juros per month, by the day); 0 when none.
 */
export const encargosAtrasoSchema = z.object({
  multa_percentual: z.number(),
  juros_mensal_percentual: z.number(),
});
export type EncargosAtraso = z.infer<typeof encargosAtrasoSchema>;

const percent = (max: number, message: string) =>
  z
    .number({ error: 'Informe um percentual' })
    .min(0, 'O percentual não pode ser negativo')
    .max(max, message)
    .refine(
      (value) =>
        Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
      'Use no máximo duas casas decimais',
    );
export const descontoPontualidadeInputSchema = z
  .strictObject({
    tipo: z.enum(descontoPontualidadeTipos, { error: 'Escolha sem desconto, percentual ou valor fixo' }),
    percentual: percent(50, 'O desconto de pontualidade não pode passar de 50%').default(0),
    valor: z
      .number({ error: 'Informe o valor do desconto' })
      .int('O valor deve estar em centavos')
      .min(0, 'O valor não pode ser negativo')
      .max(1_000_000, 'O desconto não pode passar de R$ 10.000,00')
      .default(0),
    dias_antes: z
      .number({ error: 'Informe até quantos dias antes do vencimento' })
      .int('Use um número inteiro de dias')
      .min(0, 'Os dias antes do vencimento não podem ser negativos')
      .max(28, 'No máximo 28 dias antes do vencimento')
      .default(0),
  })
  .superRefine((value, context) => {
    if (value.tipo === 'percentual' && value.percentual <= 0)
      context.addIssue({
        code: 'custom',
        path: ['percentual'],
        message: 'Informe o percentual do desconto (mais de 0%)',
      });
    if (value.tipo === 'valor' && value.valor <= 0)
      context.addIssue({ code: 'custom', path: ['valor'], message: 'Informe o valor do desconto' });
  });

const optionalText = (max: number, tooLong = `Máximo de ${max} caracteres`) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * What the Pix code (BR Code, EMV fields 59 and 60) carries of the beneficiary's name and city: longer
 * ones are refused, never cut, so the bank app shows the name the school chose.
 */
export const PIX_BENEFICIARIO_MAX = 25;
export const PIX_CIDADE_MAX = 15;

export const updateFinanceSettingsInputSchema = z.strictObject({
  pix_chave: optionalText(77),
  pix_beneficiario: optionalText(
    PIX_BENEFICIARIO_MAX,
    `Beneficiário: até ${String(PIX_BENEFICIARIO_MAX)} letras, o limite do Pix. Abrevie o nome como ele deve aparecer no app do banco.`,
  ),
  pix_cidade: optionalText(
    PIX_CIDADE_MAX,
    `Cidade: até ${String(PIX_CIDADE_MAX)} letras, o limite do Pix. Abrevie o nome da cidade.`,
  ),
  multa_percentual: percent(2, 'A multa não pode passar de 2% (CDC, art. 52, § 1º)'),
  // Juros de mora above 1 % a month are refused as abusive by the courts and the Procons in a consumer's
  // contract (ADR 0076): the school cannot set the family's debt growing faster than that.
  juros_mensal_percentual: percent(1, 'Os juros de mora não podem passar de 1% ao mês'),
  dia_vencimento_padrao: z.number().int().min(1, 'Dia entre 1 e 28').max(28, 'Dia entre 1 e 28'),
  /** Absent: the discount stays as it is. */
  desconto_pontualidade: descontoPontualidadeInputSchema.optional(),
  turmas: z
    .array(
      z.strictObject({
        turma_id: z.uuid(),
        valor_mensalidade: z.number().int().min(0, 'Valor inválido').max(100_000_000).nullable(),
        dia_vencimento: z.number().int().min(1).max(28).nullable(),
      }),
    )
    .max(500)
    .optional(),
  version: versionSchema.optional(),
});
export type UpdateFinanceSettingsInput = z.input<typeof updateFinanceSettingsInputSchema>;

export const bolsaSchema = z.object({
  aluno_id: z.uuid(),
  aluno_nome: z.string(),
  turma_nome: z.string().nullable(),
  percentual: z.number(),
  motivo: z.string().nullable(),
});
export type Bolsa = z.infer<typeof bolsaSchema>;
export const bolsaInputSchema = z.strictObject({
  percentual: percent(100, 'A bolsa vai de 0% a 100%'),
  motivo: optionalText(200),
});

/**
 * What saving a bolsa does to the student's tuition already generated (ADR 0130): the open, untouched
 * months not yet overdue re-priced (`alteradas`) or, with a 100 % bolsa, cancelled (`canceladas`); the
 * others stay as they were. `mensagem` says it in a sentence (the confirmation's question and, after
 * 'Bolsa salva.', the save's answer).
 */
export const bolsaEfeitoSchema = z.object({
  alteradas: z.number().int(),
  canceladas: z.number().int(),
  mensagem: z.string(),
});
export type BolsaEfeito = z.infer<typeof bolsaEfeitoSchema>;

export const alunoFinanceiroSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  matricula: z.string(),
  turma_nome: z.string().nullable(),
  bolsa_percentual: z.number().nullable(),
});
export type AlunoFinanceiro = z.infer<typeof alunoFinanceiroSchema>;

export const financeStatsSchema = z.object({
  receita_total: z.number().int(),
  receita_mes_atual: z.number().int(),
  receitas_pendentes: z.number().int(),
  despesas_mes: z.number().int(),
  saldo_atual: z.number().int(),
  mensalidades_vencidas: z.number().int(),
  mensalidades_pagas: z.number().int(),
  mensalidades_pendentes: z.number().int(),
  /** The same three counts of the enrolment fees, which the mensalidades_* leave out (ADR 0099). */
  taxas_matricula: z.object({
    pagas: z.number().int(),
    vencidas: z.number().int(),
    pendentes: z.number().int(),
  }),
  inadimplencia_taxa: z.number(),
  mes: z.string(),
  serie_mensal: z.array(
    z.object({ mes: z.string(), receitas: z.number().int(), despesas: z.number().int() }),
  ),
});
export type FinanceStats = z.infer<typeof financeStatsSchema>;

export const relatorioTipos = ['fluxo', 'inadimplencia', 'categorias'] as const;
export type RelatorioTipo = (typeof relatorioTipos)[number];
export const relatorioQuerySchema = z.strictObject({
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});

export const fluxoRowSchema = z.object({
  mes: z.string(),
  receitas: z.number().int(),
  despesas: z.number().int(),
  saldo: z.number().int(),
  acumulado: z.number().int(),
});
export type FluxoRow = z.infer<typeof fluxoRowSchema>;
/**
 * Overdue charges and what they come to: how many of each kind — the months of tuition apart from the
 * enrolment fees (ADR 0103, as the cards since ADR 0099) — and, for all of them, the open principal (no
 * charges) and what settles them today: the principal with today's multa and juros, the tuition list's
 * `valor_atualizado` summed.
 */
export const inadimplenciaSomaSchema = z.object({
  mensalidades_vencidas: z.number().int(),
  taxas_matricula_vencidas: z.number().int(),
  valor_em_aberto: z.number().int(),
  valor_atualizado: z.number().int(),
});
export type InadimplenciaSoma = z.infer<typeof inadimplenciaSomaSchema>;
export const inadimplenciaRowSchema = inadimplenciaSomaSchema.extend({
  nome: z.string(),
  /** The charges of the sums above em negociação (an agreement being settled): counted in them, shown apart. */
  em_negociacao: inadimplenciaSomaSchema,
});
export type InadimplenciaRow = z.infer<typeof inadimplenciaRowSchema>;
/** A family in the delinquency report: who to call, where their tuition is, when they were last reminded. */
export const inadimplenciaResponsavelRowSchema = inadimplenciaRowSchema.extend({
  /** Null: the students have no principal guardian. */
  responsavel_id: z.uuid().nullable(),
  /** Digits only (formatPhone shows it). */
  telefone: z.string().nullable(),
  /** When the last reminder went out (ISO), if any. */
  ultimo_lembrete: z.string().nullable(),
});
export type InadimplenciaResponsavelRow = z.infer<typeof inadimplenciaResponsavelRowSchema>;

/** 'Enviar lembrete': to whom it went and about what. */
export const lembreteResultSchema = z.object({
  responsavel_nome: z.string(),
  canais: z.array(z.enum(['portal', 'email'])),
  mensalidades: z.number().int(),
  valor: z.number().int(),
});
export type LembreteResult = z.infer<typeof lembreteResultSchema>;
export const categoriaRowSchema = z.object({
  tipo: z.enum(transacaoTipos),
  categoria: z.string(),
  valor: z.number().int(),
  quantidade: z.number().int(),
});
export type CategoriaRow = z.infer<typeof categoriaRowSchema>;
export const relatorioSchemas = {
  fluxo: z.object({
    ano: z.number().int(),
    linhas: z.array(fluxoRowSchema),
    total_receitas: z.number().int(),
    total_despesas: z.number().int(),
    saldo: z.number().int(),
  }),
  inadimplencia: z.object({
    ano: z.number().int(),
    por_turma: z.array(inadimplenciaRowSchema),
    por_responsavel: z.array(inadimplenciaResponsavelRowSchema),
    /** The whole report (every class, every family), whatever part of it a screen shows. */
    totais: inadimplenciaSomaSchema.extend({ em_negociacao: inadimplenciaSomaSchema }),
  }),
  categorias: z.object({ ano: z.number().int(), linhas: z.array(categoriaRowSchema) }),
};
export interface Relatorios {
  fluxo: z.infer<typeof relatorioSchemas.fluxo>;
  inadimplencia: z.infer<typeof relatorioSchemas.inadimplencia>;
  categorias: z.infer<typeof relatorioSchemas.categorias>;
}
/**
 * One route answers the three reports, so its contract is their union. Each report has a field the
 * later ones lack (fluxo's totals, inadimplência's groups), so the first option that fits is the right one
 * and none loses a field to a shorter shape.
 */
export const relatorioSchema = z.union([
  relatorioSchemas.fluxo,
  relatorioSchemas.inadimplencia,
  relatorioSchemas.categorias,
]);

export const idParamsSchema = z.strictObject({ id: z.uuid({ error: 'Identificador inválido' }) });

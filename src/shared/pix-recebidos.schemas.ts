/**
 * Contracts of the Pix received (issue 33 §2, docs/pix.md): the body a PSP posts to the webhook (the Banco
 * Central's Pix API standard), 'Pix a conciliar' and its actions, and reconciliation. Money is integer
 * centavos; a Pix's `horario` stays as the PSP sent it.
 */
import { DAY_MS } from './calendar.js';
import { z } from 'zod';
import { singleLineText } from './validators.js';
import { tiposCobranca } from './mensalidades.schemas.js';

export const pixRecebidoTipos = ['pix', 'devolucao'] as const;
export type PixRecebidoTipo = (typeof pixRecebidoTipos)[number];
export const pixRecebidoOrigens = ['webhook', 'conciliacao'] as const;
export type PixRecebidoOrigem = (typeof pixRecebidoOrigens)[number];

/**
 * `pago`: it paid its mensalidade by itself; `a_conciliar`: waiting for a person; then what the person did:
 * `vinculado` (paid the mensalidade they chose), `receita` (recorded as a receita), `devolvido` (returned
 * to the payer, by the bank at the school's request or by hand); `devolucao_solicitada`: the school asked
 * its bank to return it and the bank has not settled it yet (ADR 0092).
 */
export const pixRecebidoSituacoes = [
  'pago',
  'a_conciliar',
  'vinculado',
  'receita',
  'devolvido',
  'devolucao_solicitada',
] as const;
export type PixRecebidoSituacao = (typeof pixRecebidoSituacoes)[number];

/** Why a Pix did not pay a mensalidade by itself. */
export const pixRecebidoMotivos = [
  'sem_txid',
  'txid_desconhecido',
  'valor_diferente',
  'mensalidade_cancelada',
  'mensalidade_paga',
  'devolucao',
  'erro',
] as const;
export type PixRecebidoMotivo = (typeof pixRecebidoMotivos)[number];
export const pixRecebidoMotivoLabels: Record<PixRecebidoMotivo, string> = {
  sem_txid: 'Pix sem cobrança (sem txid)',
  txid_desconhecido: 'Cobrança (txid) não reconhecida',
  valor_diferente: 'Valor diferente do devido no dia',
  mensalidade_cancelada: 'Mensalidade cancelada',
  mensalidade_paga: 'Mensalidade já estava paga',
  devolucao: 'Devolução ao pagador',
  erro: 'Não foi possível processar automaticamente',
};

// ---------------------------------------------------------------- the webhook body (BCB Pix API)

/** A decimal amount as the standard writes it: "850.00". */
const pixValor = z.string().regex(/^\d{1,11}\.\d{2}$/, 'Valor inválido (ex.: "850.00")');
const pixValorPositivo = pixValor.refine(
  (valor) => !/^0+\.00$/.test(valor),
  'O valor precisa ser maior que zero',
);
const pixInstante = z.iso.datetime({ offset: true, error: 'Horário inválido (RFC 3339)' });
const componente = z.object({ valor: pixValor });

export const pixDevolucaoSchema = z.object({
  id: z.string().min(1).max(35),
  rtrId: z.string().regex(/^[a-zA-Z0-9]{1,40}$/, 'rtrId inválido'),
  valor: pixValorPositivo,
  horario: z.object({ solicitacao: pixInstante, liquidacao: pixInstante.optional() }),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  natureza: z.string().optional(),
  descricao: z.string().optional(),
  motivo: z.string().optional(),
});
export type PixDevolucaoWire = z.infer<typeof pixDevolucaoSchema>;

/**
 * One Pix received. Unknown fields are allowed and dropped (PSPs add their own); the ones the standard
 * defines are checked.
 */
export const pixRecebidoWireSchema = z.object({
  endToEndId: z.string().regex(/^[a-zA-Z0-9]{1,40}$/, 'endToEndId inválido'),
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/, 'txid inválido')
    .optional(),
  valor: pixValorPositivo,
  horario: pixInstante,
  chave: z.string().max(77).optional(),
  infoPagador: z.string().max(140).optional(),
  pagador: z
    .object({ cpf: z.string().optional(), cnpj: z.string().optional(), nome: z.string().optional() })
    .optional(),
  componentesValor: z
    .object({
      original: componente.optional(),
      juros: componente.optional(),
      multa: componente.optional(),
      abatimento: componente.optional(),
      desconto: componente.optional(),
      saque: componente.optional(),
      troco: componente.optional(),
    })
    .optional(),
  devolucoes: z.array(pixDevolucaoSchema).max(100).optional(),
});
export type PixRecebidoWire = z.infer<typeof pixRecebidoWireSchema>;

/** `POST /api/pix/webhook/{segredo}/pix`: `{"pix": [...]}`, possibly several in one call. */
export const pixWebhookBodySchema = z.object({ pix: z.array(pixRecebidoWireSchema).max(5000) });

export const pixWebhookParamsSchema = z.strictObject({ segredo: z.string().max(200) });

export const pixWebhookResultSchema = z.object({
  recebidos: z.number().int(),
  novos: z.number().int(),
  /** Posted Pix the PSP's API does not hold (`GET /pix/{e2eid}`): not recorded (ADR 0082). */
  nao_confirmados: z.number().int(),
});

// ---------------------------------------------------------------- Pix a conciliar

export const pixDevolucaoStatuses = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;

export const pixAConciliarSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(pixRecebidoTipos),
  /** `a_conciliar`, or `devolucao_solicitada` while the bank returns it (ADR 0092). */
  situacao: z.enum(['a_conciliar', 'devolucao_solicitada']),
  endToEndId: z.string(),
  txid: z.string().nullable(),
  /** Centavos. */
  valor: z.number().int(),
  /** As the PSP sent it. */
  horario: z.string(),
  motivo: z.enum(pixRecebidoMotivos),
  info_pagador: z.string().nullable(),
  pagador_nome: z.string().nullable(),
  origem: z.enum(pixRecebidoOrigens),
  recebido_em: z.string(),
  /** The mensalidade its charge belongs to, when the txid is known. */
  mensalidade: z
    .object({
      id: z.uuid(),
      aluno_nome: z.string(),
      mes_referencia: z.string(),
      tipo: z.enum(tiposCobranca),
      anuidade_ano: z.number().int().nullable(),
    })
    .nullable(),
  /** The school's bank can return it (Pix automático configured, a Pix, not a devolução). */
  pode_devolver: z.boolean(),
  /** The devolução the school last requested from its bank, as the bank last said (ADR 0092). */
  devolucao: z
    .object({
      status: z.enum(pixDevolucaoStatuses),
      solicitada_em: z.string(),
      /** Why the bank did not make it (NAO_REALIZADO), in its words. */
      motivo: z.string().nullable(),
    })
    .nullable(),
});
export type PixAConciliar = z.infer<typeof pixAConciliarSchema>;

export const vincularPixInputSchema = z.strictObject({
  mensalidade_id: z.uuid({ error: 'Escolha a mensalidade' }),
});
export type VincularPixInput = z.infer<typeof vincularPixInputSchema>;

export const receitaPixInputSchema = z.strictObject({
  descricao: singleLineText().min(1, 'Descrição é obrigatória').max(200, 'Máximo de 200 caracteres'),
  categoria: singleLineText().min(1, 'Categoria é obrigatória').max(60, 'Máximo de 60 caracteres'),
});
export type ReceitaPixInput = z.infer<typeof receitaPixInputSchema>;

export const devolvidoPixInputSchema = z.strictObject({
  observacao: singleLineText().max(200, 'Máximo de 200 caracteres').optional(),
});
export type DevolvidoPixInput = z.infer<typeof devolvidoPixInputSchema>;

/** What the school writes to the payer with the devolução (the BCB field `descricao`, ≤ 140). */
export const devolverPixInputSchema = z.strictObject({
  descricao: singleLineText().max(140, 'Máximo de 140 caracteres').optional(),
});
export type DevolverPixInput = z.infer<typeof devolverPixInputSchema>;

/** `POST …/consultar-devolucao`: nothing to say, only to ask the bank where the devolução stands. */
export const consultarDevolucaoInputSchema = z.strictObject({});

export const pixResolvidoSchema = z.object({
  id: z.uuid(),
  situacao: z.enum(pixRecebidoSituacoes),
  mensalidade_id: z.uuid().nullable(),
  transacao_id: z.uuid().nullable(),
});
export type PixResolvido = z.infer<typeof pixResolvidoSchema>;

// ---------------------------------------------------------------- reconciliation

const rfc3339 = z.iso.datetime({
  offset: true,
  error: 'Use data e hora RFC 3339 (ex.: 2026-06-14T00:00:00-03:00)',
});

/** At most 31 days per run (a PSP's list is paged; a month is what a secretaria would ask for). */
export const MAX_CONCILIACAO_DIAS = 31;

export const conciliarInputSchema = z
  .strictObject({ inicio: rfc3339, fim: rfc3339 })
  .refine((input) => Date.parse(input.inicio) < Date.parse(input.fim), {
    error: 'O início precisa ser antes do fim.',
    path: ['fim'],
  })
  .refine((input) => Date.parse(input.fim) - Date.parse(input.inicio) <= MAX_CONCILIACAO_DIAS * DAY_MS, {
    error: `Concilie no máximo ${MAX_CONCILIACAO_DIAS} dias por vez.`,
    path: ['fim'],
  });
export type ConciliarInput = z.infer<typeof conciliarInputSchema>;

export const conciliarResultSchema = z.object({
  /** Pix the PSP listed for the period. */
  encontrados: z.number().int(),
  /** Of those, the ones recorded now (the webhook had not brought them). */
  registrados: z.number().int(),
  /** Of those found, the ones (and their devoluções) waiting in Pix a conciliar. */
  a_conciliar: z.number().int(),
});
export type ConciliarResult = z.infer<typeof conciliarResultSchema>;

export const conciliacaoOrigens = ['manual', 'diaria'] as const;

/** The last reconciliation run, shown on the screen. */
export const ultimaConciliacaoSchema = z.object({
  executada_em: z.string(),
  inicio: z.string(),
  fim: z.string(),
  origem: z.enum(conciliacaoOrigens),
  encontrados: z.number().int(),
  registrados: z.number().int(),
  a_conciliar: z.number().int(),
  /** Why the run failed (the PSP's answer, pt-BR), when it did. */
  erro: z.string().nullable(),
});
export type UltimaConciliacao = z.infer<typeof ultimaConciliacaoSchema>;

export const conciliacaoStatusSchema = z.object({ ultima: ultimaConciliacaoSchema.nullable() });

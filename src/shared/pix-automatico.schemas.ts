/**
 * Contracts of Pix Automático (issue 33 §3, ADR 0044): the school's settings
 * (`GET|PUT /api/financeiro/pix/automatico/config`) and a family's monthly debit of one child's tuition
 * (`GET|POST /api/financeiro/pix/automatico/alunos/:id`, `POST …/alunos/:id/cancelar`).
 */
import { z } from 'zod';
import { isoDateSchema, versionSchema } from './validators.js';

export const tiposConta = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;

export const pixAutomaticoConfigSchema = z.object({
  ativo: z.boolean(),
  agencia: z.string().nullable(),
  conta: z.string().nullable(),
  tipo_conta: z.enum(tiposConta).nullable(),
  /** The PSP answered 404 on /rec: it has no Pix Automático, the families do not see the option. */
  indisponivel: z.boolean(),
  version: z.number().int(),
});
export type PixAutomaticoConfig = z.infer<typeof pixAutomaticoConfigSchema>;

export const pixAutomaticoConfigInputSchema = z
  .strictObject({
    ativo: z.boolean(),
    agencia: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'Agência: até 4 dígitos')
      .nullable(),
    conta: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'Conta: só dígitos (até 20)')
      .nullable(),
    tipo_conta: z.enum(tiposConta, { error: 'Escolha o tipo de conta' }).nullable(),
    version: versionSchema.optional(),
  })
  .refine((value) => !value.ativo || (value.agencia && value.conta && value.tipo_conta), {
    message: 'Para ligar o Pix Automático, informe agência, conta e tipo de conta que recebem os débitos',
    path: ['conta'],
  });
export type PixAutomaticoConfigInput = z.infer<typeof pixAutomaticoConfigInputSchema>;

export const recorrenciaStatusSchema = z.enum(['aguardando', 'ativa', 'rejeitada', 'cancelada', 'expirada']);

export const recorrenciaSchema = z.object({
  id: z.uuid(),
  status: recorrenciaStatusSchema,
  valor_maximo: z.number().int(),
  data_inicial: z.string(),
  contrato: z.string(),
  /** The QR to read in the bank app (while aguardando). */
  copia_e_cola: z.string(),
  encerrada_por: z.enum(['responsavel', 'escola', 'banco']).nullable(),
  /** The guardian who asked for it: the debit is from their bank account. */
  pedido_por: z.string(),
  /** The one asking is that guardian (who, with the school, may cancel it). */
  pedido_por_voce: z.boolean(),
  /** The demo's simulated bank (PIX_PROVIDER=simulado) authorises it on its own page (while aguardando). */
  simulacao_url: z.string().optional(),
  /** The month's charges sent, most recent first. */
  cobrancas: z.array(
    z.object({
      mensalidade_id: z.uuid(),
      txid: z.string(),
      /**
       * 'retirada': the school withdrew it at the bank (the month was paid, cancelled or discounted);
       * 'nao_enviada': the bank took no sending before the window closed (the month goes by the Pix).
       */
      status: z.enum(['ativa', 'concluida', 'cancelada', 'retirada', 'expirada', 'erro', 'nao_enviada']),
      valor: z.number().int(),
      data_vencimento: z.string(),
      erro: z.string().nullable(),
    }),
  ),
});
export type Recorrencia = z.infer<typeof recorrenciaSchema>;

export const debitoAutomaticoSchema = z.object({
  /** The school offers Pix Automático and its PSP has it; when false the option is not shown. */
  disponivel: z.boolean(),
  /** The live one, or else the last that ended; null when never asked. */
  recorrencia: recorrenciaSchema.nullable(),
});
export type DebitoAutomatico = z.infer<typeof debitoAutomaticoSchema>;

export const autorizarDebitoSchema = z.strictObject({
  valor_maximo: z
    .number({ error: 'Informe o valor máximo' })
    .int('O valor deve estar em centavos')
    .positive('O valor máximo deve ser positivo')
    .max(100_000_000, 'Valor alto demais'),
  data_inicial: isoDateSchema,
});
export type AutorizarDebitoInput = z.infer<typeof autorizarDebitoSchema>;

export const alunoParamsSchema = z.object({ id: z.uuid('Aluno inválido') });

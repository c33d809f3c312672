/**
 * The contracts of the bank's files (issue 36 §1, ADR 0056): the CNAB 240 remessa the school sends and
 * the retorno the bank answers with. The files themselves are text; these are the JSON around them.
 */
import { z } from 'zod';

export const cnabOcorrenciaSituacoes = [
  'aplicada',
  'rejeitada',
  'ignorada',
  'a_conciliar',
  'conciliada',
] as const;
export type CnabOcorrenciaSituacao = (typeof cnabOcorrenciaSituacoes)[number];

/** A retorno line that matched no boleto (or could not pay its mensalidade): kept for a person. */
export const cnabNaoEncontradoSchema = z.object({
  id: z.uuid(),
  linha: z.number().int(),
  nosso_numero: z.string(),
  ocorrencia: z.string(),
  ocorrencia_texto: z.string(),
  data_ocorrencia: z.string().nullable(),
  valor_titulo: z.number().int(),
  valor_pago: z.number().int(),
  motivo: z.string(),
  recebido_em: z.string(),
});
export type CnabNaoEncontrado = z.infer<typeof cnabNaoEncontradoSchema>;

export const cnabRetornoResultSchema = z.object({
  /** Mensalidades paid by this upload (nothing new on a second upload of the same file). */
  liquidados: z.number().int(),
  confirmados: z.number().int(),
  baixados: z.number().int(),
  rejeitados: z.array(z.object({ linha: z.number().int(), nosso_numero: z.string(), motivo: z.string() })),
  nao_encontrados: z.array(cnabNaoEncontradoSchema),
  /** Lines already applied by an earlier upload of the same events. */
  repetidos: z.number().int(),
  /** Bank tariffs recorded as despesas by this upload, in centavos. */
  tarifas: z.number().int(),
});
export type CnabRetornoResult = z.infer<typeof cnabRetornoResultSchema>;

export const cnabRemessaSchema = z.object({
  id: z.uuid(),
  banco: z.string(),
  nsa: z.number().int(),
  data: z.string(),
  nome_arquivo: z.string(),
  quantidade: z.number().int(),
  valor_total: z.number().int(),
  gerada_por: z.string().nullable(),
  gerada_em: z.string(),
});
export type CnabRemessa = z.infer<typeof cnabRemessaSchema>;

export const cnabPendenteSchema = z.object({
  mensalidade_id: z.uuid(),
  aluno_nome: z.string(),
  mes_referencia: z.string(),
  nosso_numero: z.string(),
  vencimento: z.string(),
  valor: z.number().int(),
  movimento: z.enum(['entrada', 'baixa', 'alteracao_vencimento']),
  situacao: z.string(),
  /** What keeps it out of the next remessa (the payer's CPF or address), or null. */
  problema: z.string().nullable(),
});
export type CnabPendente = z.infer<typeof cnabPendenteSchema>;

export const cnabPainelSchema = z.object({
  banco: z.string().nullable(),
  /** Only in the demo (PIX_PROVIDER=simulado): the simulated bank's page that takes the remessa. */
  banco_simulado_url: z.string().optional(),
  banco_suportado: z.boolean(),
  pendentes: z.array(cnabPendenteSchema),
  remessas: z.array(cnabRemessaSchema),
  nao_encontrados: z.array(cnabNaoEncontradoSchema),
  rejeitados: z.array(
    z.object({
      mensalidade_id: z.uuid(),
      aluno_nome: z.string(),
      nosso_numero: z.string(),
      motivo: z.string(),
    }),
  ),
});
export type CnabPainel = z.infer<typeof cnabPainelSchema>;

export const cnabRemessaParamsSchema = z.object({ id: z.uuid({ error: 'Remessa inválida.' }) });

export const cnabConciliarInputSchema = z.strictObject({
  observacao: z.string().trim().min(3, 'Diga o que foi feito com esta linha.').max(500),
});

/** The largest retorno accepted (a school's day fits many times over). */
export const CNAB_MAX_BYTES = 5 * 1024 * 1024;

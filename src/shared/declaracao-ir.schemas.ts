import { z } from 'zod';

/**
 * The declaração de pagamentos para o Imposto de Renda (IRPF, despesas com instrução): what the school
 * received in a calendar year for the children of whom the guardian is the responsável financeiro.
 */
export const declaracaoIrQuerySchema = z.strictObject({
  ano: z.coerce
    .number({ error: 'Ano inválido' })
    .int('Ano inválido')
    .min(2000, 'Ano inválido')
    .max(2100, 'Ano inválido'),
});

/** A year with payments, and each child's total in it (centavos). */
export const declaracaoIrAnoSchema = z.object({
  ano: z.number().int(),
  total: z.number().int(),
  alunos: z.array(z.object({ id: z.uuid(), nome: z.string(), total: z.number().int() })),
});
export type DeclaracaoIrAno = z.infer<typeof declaracaoIrAnoSchema>;

export const declaracaoIrAnosSchema = z.array(declaracaoIrAnoSchema);

export const declaracaoIrUrl = (ano: number) => `/api/financeiro/declaracao-ir.pdf?ano=${String(ano)}`;
export const declaracaoIrFileName = (ano: number) => `declaracao-imposto-de-renda-${String(ano)}.pdf`;

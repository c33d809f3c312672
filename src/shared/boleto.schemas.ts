/**
 * Contracts of the boleto registrado (issue 36 §1, ADR 0055): the school's agreement with its bank
 * (`GET|PUT /api/financeiro/boleto/configuracao`), one mensalidade's boleto
 * (`GET /api/financeiro/mensalidades/:id/boleto`, `…/boleto.pdf`) and a class's boletos in one PDF
 * (`GET /api/financeiro/boleto/lote.pdf?turma_id=&mes_referencia=`).
 */
import { z } from 'zod';
import { isCalendarMonth, versionSchema } from './validators.js';

/** The banks the product knows (FEBRABAN codes); each one's rules are in features/boleto/bancos.ts. */
export const bancosBoleto = [
  { codigo: '001', nome: 'Banco do Brasil', carteiras: ['17', '18'], convenio: 'Convênio (7 dígitos)' },
  { codigo: '756', nome: 'Sicoob', carteiras: ['1'], convenio: 'Código do beneficiário (até 7 dígitos)' },
  { codigo: '341', nome: 'Itaú', carteiras: ['109', '112', '175'], convenio: 'Convênio (não usado no Itaú)' },
] as const;
export const codigosBanco = ['001', '756', '341'] as const;
export type CodigoBanco = (typeof codigosBanco)[number];

export function nomeDoBanco(codigo: string): string {
  return bancosBoleto.find((banco) => banco.codigo === codigo)?.nome ?? codigo;
}

export const boletoSituacaoLabels = {
  a_registrar: 'A registrar no banco',
  registrado: 'Registrado',
  rejeitado: 'Rejeitado pelo banco',
  liquidado: 'Pago',
  baixado: 'Baixado',
} as const;

export const boletoConfigSchema = z.object({
  ativo: z.boolean(),
  banco: z.enum(codigosBanco).nullable(),
  agencia: z.string().nullable(),
  conta: z.string().nullable(),
  carteira: z.string().nullable(),
  convenio: z.string().nullable(),
  proximo_nosso_numero: z.number().int(),
  instrucoes: z.string().nullable(),
  version: z.number().int(),
});
export type BoletoConfig = z.infer<typeof boletoConfigSchema>;

const digits = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}: até ${String(max)} dígitos`)
    .regex(/^\d*$/, `${label}: só dígitos`);

export const boletoConfigInputSchema = z
  .strictObject({
    ativo: z.boolean({ error: 'Diga se a escola emite boletos' }),
    banco: z.enum(codigosBanco, { error: 'Escolha o banco' }).nullable(),
    agencia: digits('Agência', 4),
    conta: digits('Conta', 12),
    carteira: digits('Carteira', 3),
    convenio: digits('Convênio', 7),
    proximo_nosso_numero: z
      .number({ error: 'Informe o próximo nosso número' })
      .int('O nosso número é um número inteiro')
      .min(1, 'O próximo nosso número começa em 1')
      .max(2_147_483_647, 'Nosso número alto demais'),
    instrucoes: z.string().trim().max(400, 'Instruções: no máximo 400 caracteres').nullable(),
    version: versionSchema.optional(),
  })
  .refine((value) => !value.ativo || value.banco !== null, {
    message: 'Para emitir boletos, escolha o banco',
    path: ['banco'],
  });
export type BoletoConfigInput = z.infer<typeof boletoConfigInputSchema>;

/** For the tuition screens (school and family): whether to offer 'Boleto' at all. */
export const boletoDisponivelSchema = z.object({
  disponivel: z.boolean(),
  banco_nome: z.string().nullable(),
});
export type BoletoDisponivel = z.infer<typeof boletoDisponivelSchema>;

export const boletoSchema = z.object({
  mensalidade_id: z.uuid(),
  banco: z.enum(codigosBanco),
  banco_nome: z.string(),
  nosso_numero: z.string(),
  /** The 44 digits the ficha de compensação's bars encode. */
  codigo_barras: z.string(),
  /** The 47 digits, no dots or spaces. */
  linha_digitavel: z.string(),
  /** As printed: `00190.00009 07777.777009 00087.654182 6 49000000295295`. */
  linha_digitavel_formatada: z.string(),
  vencimento: z.string(),
  /**
   * Centavos: the open principal when issued; multa and juros after the due date per the instructions.
   * Issued after the tuition's due date (ADR 0131): the amount of its own due date, `multa` and `juros`
   * included.
   */
  valor: z.number().int(),
  /** Multa and juros included in `valor` (0 for a boleto issued in time). */
  multa: z.number().int(),
  juros: z.number().int(),
  /** The tuition's due date when the boleto was issued after it (its own `vencimento` is later); else null. */
  vencimento_mensalidade: z.string().nullable(),
  situacao: z.enum(['a_registrar', 'registrado', 'rejeitado', 'liquidado', 'baixado']),
  motivo_rejeicao: z.string().nullable(),
  pagador: z.object({ nome: z.string(), cpf: z.string() }),
});
export type Boleto = z.infer<typeof boletoSchema>;

export const boletoLoteQuerySchema = z.strictObject({
  turma_id: z.uuid({ error: 'Escolha a turma' }),
  mes_referencia: z.string().refine(isCalendarMonth, 'Mês de referência no formato AAAA-MM'),
});
export type BoletoLoteQuery = z.infer<typeof boletoLoteQuerySchema>;

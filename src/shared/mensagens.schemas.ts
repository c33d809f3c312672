import { z } from 'zod';
import { singleLineText, uuidParam } from './validators.js';

/** Contracts of 'Mensagens': a guardian and the school talking about one child. */

export const MENSAGEM_MAX = 4000;
export const destinos = ['secretaria', 'professor'] as const;
export const destinoLabels: Record<(typeof destinos)[number], string> = {
  secretaria: 'Secretaria',
  professor: 'Professor',
};

const texto = z
  .string()
  .trim()
  .min(1, 'Escreva a mensagem')
  .max(MENSAGEM_MAX, `Máximo de ${String(MENSAGEM_MAX)} caracteres`);

export const conversaInputSchema = z
  .strictObject({
    aluno_id: uuidParam,
    destino: z.enum(destinos, { error: 'Escolha com quem falar' }),
    professor_id: uuidParam.nullable().optional(),
    assunto: singleLineText()
      .min(3, 'O assunto deve ter ao menos 3 caracteres')
      .max(120, 'Máximo de 120 caracteres'),
    texto,
  })
  .superRefine((input, context) => {
    if (input.destino === 'professor' && !input.professor_id)
      context.addIssue({ code: 'custom', path: ['professor_id'], message: 'Escolha o professor' });
  });
export type ConversaInput = z.input<typeof conversaInputSchema>;

export const mensagemInputSchema = z.strictObject({ texto });

export const conversaSchema = z.object({
  id: z.string(),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  responsavel: z.object({ id: z.string(), nome: z.string() }),
  destino: z.enum(destinos),
  professor: z.object({ id: z.string(), nome: z.string() }).nullable(),
  assunto: z.string(),
  ultima_mensagem_em: z.string(),
  nao_lidas: z.number().int(),
  /** The guardian is no longer linked to the child: kept by the school, read-only (staff only see it). */
  encerrada: z.boolean(),
});
export type Conversa = z.infer<typeof conversaSchema>;

export const conversasSchema = z.object({ items: z.array(conversaSchema), nao_lidas: z.number().int() });
export type Conversas = z.infer<typeof conversasSchema>;

export const mensagemSchema = z.object({
  id: z.string(),
  autor_nome: z.string(),
  lado: z.enum(['familia', 'escola']),
  texto: z.string(),
  created_at: z.string(),
  minha: z.boolean(),
});
export type Mensagem = z.infer<typeof mensagemSchema>;

export const conversaDetalheSchema = conversaSchema.extend({ mensagens: z.array(mensagemSchema) });
export type ConversaDetalhe = z.infer<typeof conversaDetalheSchema>;

/** Whom a guardian may write to, per child: the secretaria and the child's teachers with an account. */
export const destinosOpcoesSchema = z.array(
  z.object({
    aluno: z.object({ id: z.string(), nome: z.string() }),
    professores: z.array(z.object({ id: z.string(), nome: z.string() })),
  }),
);
export type DestinosOpcoes = z.infer<typeof destinosOpcoesSchema>;

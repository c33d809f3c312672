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
    /** The family's choice; the school's side leaves it out (a teacher writes as themselves, staff as the secretaria). */
    destino: z.enum(destinos, { error: 'Escolha com quem falar' }).optional(),
    professor_id: uuidParam.nullable().optional(),
    assunto: singleLineText()
      .min(3, 'O assunto deve ter ao menos 3 caracteres')
      .max(120, 'Máximo de 120 caracteres'),
    texto,
    /**
     * The school's side only: which of the student's guardians (their `guardians` ids) to write to, each in
     * a conversation of their own; left out, every guardian the school's rule allows (ADR 0036).
     */
    responsaveis: z.array(uuidParam).min(1, 'Escolha ao menos um responsável').max(10).optional(),
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
  /** Who wrote first: the family, or the school (a teacher or the secretaria, issue 32 §2). */
  iniciada_por: z.enum(['familia', 'escola']),
  /** A teacher's conversation the coordination follows (the school's rule): the family is told so. */
  monitorada: z.boolean(),
  /** Opened by the coordination following it: read only. */
  somente_leitura: z.boolean(),
  /**
   * For the family, in a teacher's conversation outside the teachers' hours: when what they write now
   * reaches the teacher ('Fora do horário: sua mensagem será entregue às 7h'); null within the hours.
   */
  aviso_horario: z.string().nullable(),
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
  /** A family's message written outside the teachers' hours: when it reaches the teacher (null: at once). */
  entrega_em: z.string().nullable(),
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

/** Which guardians a conversation the school starts goes to (separated parents, ADR 0036). */
export const responsaveisRegras = ['todos', 'principal'] as const;
export const responsaveisRegraLabels: Record<(typeof responsaveisRegras)[number], string> = {
  todos: 'Cada responsável vinculado, numa conversa só sua',
  principal: 'Somente o responsável principal',
};
/** Whom families may start a conversation with. */
export const familiasIniciamOpcoes = ['professores_e_secretaria', 'somente_secretaria'] as const;
export const familiasIniciamLabels: Record<(typeof familiasIniciamOpcoes)[number], string> = {
  professores_e_secretaria: 'Com os professores do filho e com a secretaria',
  somente_secretaria: 'Somente com a secretaria',
};

const hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o formato 07:00');

/** The school's rules for conversations (Configurações → Mensagens). */
export const mensagensConfigSchema = z
  .strictObject({
    /** The coordination reads the teachers' conversations (read only); the family is told. */
    monitoramento: z.boolean(),
    /** Teachers' hours for replies: a family's message outside them reaches the teacher at the start. */
    horario_ativo: z.boolean(),
    horario_inicio: hora,
    horario_fim: hora,
    /** Monday to Friday only (a message on the weekend reaches the teacher on Monday). */
    horario_dias_uteis: z.boolean(),
    familias_iniciam: z.enum(familiasIniciamOpcoes, { error: 'Escolha uma opção' }),
    responsaveis: z.enum(responsaveisRegras, { error: 'Escolha uma opção' }),
  })
  .superRefine((value, context) => {
    if (value.horario_inicio >= value.horario_fim)
      context.addIssue({
        code: 'custom',
        path: ['horario_fim'],
        message: 'O fim do horário deve ser depois do início',
      });
  });
export type MensagensConfig = z.infer<typeof mensagensConfigSchema>;

/** Today's behaviour, until the school decides otherwise. */
export const mensagensConfigPadrao: MensagensConfig = {
  monitoramento: false,
  horario_ativo: false,
  horario_inicio: '07:00',
  horario_fim: '19:00',
  horario_dias_uteis: true,
  familias_iniciam: 'professores_e_secretaria',
  responsaveis: 'todos',
};

/** The students a person of the school may start a conversation about, with their guardians. */
export const alunosParaConversaQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  turma_id: uuidParam.optional(),
});
export const alunoParaConversaSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string() }),
  turma: z.object({ id: z.string(), nome: z.string() }).nullable(),
  responsaveis: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      parentesco: z.string(),
      principal: z.boolean(),
      /** Has a portal account, and the school's rule lets the school write to them. */
      disponivel: z.boolean(),
      /** Why not: no active portal account, or the school writes to the principal only (null when available). */
      motivo: z.enum(['sem_acesso', 'so_principal']).nullable(),
    }),
  ),
});
export type AlunoParaConversa = z.infer<typeof alunoParaConversaSchema>;
export const alunosParaConversaSchema = z.array(alunoParaConversaSchema);

/** The teachers' conversations the coordination follows (read only), when the school's rule says so. */
export const acompanhamentoSchema = z.object({ ativo: z.boolean(), items: z.array(conversaSchema) });
export type Acompanhamento = z.infer<typeof acompanhamentoSchema>;

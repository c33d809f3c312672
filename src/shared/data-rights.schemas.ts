import { z } from 'zod';
import { uuidParam } from './validators.js';

export const meusDadosQuerySchema = z.strictObject({ formato: z.enum(['json', 'pdf']).default('json') });

/** `GET /api/meus-dados?formato=json`: everything the school holds about the guardian and their children. */
export const meusDadosSchema = z.object({
  gerado_em: z.string(),
  escola: z.string(),
  /** Table → rows that refer to the guardian (their record, account, acceptances, requests, sign-ins). */
  responsavel: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  filhos: z.array(
    z.object({
      id: z.uuid(),
      nome: z.string(),
      /** Table → rows that refer to the child (record, classes, attendance, grades, tuition, consents…). */
      dados: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
    }),
  ),
});
export type MeusDados = z.infer<typeof meusDadosSchema>;

export const requestTipos = ['correcao', 'exclusao'] as const;
export const requestTipoLabels = { correcao: 'Correção de dados', exclusao: 'Exclusão de dados' } as const;
export const requestSituacoes = ['pendente', 'atendida', 'recusada'] as const;
export const requestSituacaoLabels = {
  pendente: 'Pendente',
  atendida: 'Atendida',
  recusada: 'Recusada',
} as const;
/** LGPD art. 19, II: a full answer within 15 days of the request. */
export const REQUEST_DEADLINE_DAYS = 15;

export const createRequestInputSchema = z.strictObject({
  tipo: z.enum(requestTipos, { error: 'Escolha o tipo de solicitação' }),
  descricao: z
    .string({ error: 'Descreva o pedido' })
    .trim()
    .min(10, 'Descreva o pedido (ao menos 10 caracteres)')
    .max(2000, 'Máximo de 2000 caracteres'),
  aluno_id: uuidParam.nullable().optional(),
});
export type CreateRequestInput = z.input<typeof createRequestInputSchema>;

export const answerRequestInputSchema = z.strictObject({
  situacao: z.enum(['atendida', 'recusada'], { error: 'Escolha atendida ou recusada' }),
  resposta: z
    .string({ error: 'Escreva a resposta' })
    .trim()
    .min(5, 'Escreva a resposta ao solicitante')
    .max(2000, 'Máximo de 2000 caracteres'),
});
export type AnswerRequestInput = z.input<typeof answerRequestInputSchema>;

export const listRequestsQuerySchema = z.strictObject({
  situacao: z.enum(requestSituacoes).or(z.literal('')).optional(),
});

export const dataRequestSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(requestTipos),
  descricao: z.string(),
  situacao: z.enum(requestSituacoes),
  resposta: z.string().nullable(),
  prazo: z.string(),
  dias_restantes: z.number().int(),
  criado_em: z.string(),
  respondido_em: z.string().nullable(),
  solicitante: z.string().nullable(),
  aluno: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

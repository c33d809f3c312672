import { z } from 'zod';
import { pageQuery, uuidParam } from './validators.js';

/** Contracts of the bell (portal notifications), the user's delivery preferences and the queue's state. */

export const notificacaoTipos = [
  'comunicado',
  'mensagem',
  'boletim',
  'falta',
  'mensalidade',
  'seguranca',
  'matricula',
  'retificacao',
] as const;
export type NotificacaoTipo = (typeof notificacaoTipos)[number];
export const notificacaoTipoLabels: Record<NotificacaoTipo, string> = {
  comunicado: 'Comunicados',
  mensagem: 'Mensagens',
  boletim: 'Boletim publicado',
  falta: 'Faltas do aluno',
  mensalidade: 'Mensalidades',
  seguranca: 'Avisos de segurança',
  matricula: 'Matrícula online',
  retificacao: 'Retificações de notas',
};

/** Kinds only the school's side ever receives: a family's or a student's preferences do not list them. */
export const staffOnlyNotificacaoTipos: readonly NotificacaoTipo[] = ['retificacao'];

export const notificacaoSchema = z.object({
  id: z.string(),
  tipo: z.enum(notificacaoTipos),
  titulo: z.string(),
  texto: z.string(),
  link: z.string().nullable(),
  lida_em: z.string().nullable(),
  created_at: z.string(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

export const listNotificacoesQuerySchema = z.strictObject({
  ...pageQuery({ defaultSize: 20, maxSize: 100 }),
  nao_lidas: z.enum(['true', 'false']).optional(),
});

export const notificacaoPageSchema = z.object({
  items: z.array(notificacaoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nao_lidas: z.number().int(),
});
export type NotificacaoPage = z.infer<typeof notificacaoPageSchema>;

export const contagemSchema = z.object({ nao_lidas: z.number().int() });

/** Marks some (`ids`) or, without ids, every notification as read. */
export const marcarLidasInputSchema = z.strictObject({
  ids: z.array(uuidParam).min(1).max(200).optional(),
});

export const preferenciaSchema = z.object({
  tipo: z.enum(notificacaoTipos),
  email: z.boolean(),
  sms: z.boolean(),
  /** Web Push on the devices that turned it on (issue 35); on until the person turns it off. */
  push: z.boolean(),
});
export const preferenciasSchema = z.object({
  itens: z.array(preferenciaSchema),
  /** The school's switches: a channel the school turned off is not offered. */
  email_disponivel: z.boolean(),
  sms_disponivel: z.boolean(),
});
export type Preferencias = z.infer<typeof preferenciasSchema>;

export const updatePreferenciasInputSchema = z.strictObject({
  itens: z
    .array(
      z.strictObject({
        tipo: z.enum(notificacaoTipos),
        email: z.boolean(),
        sms: z.boolean(),
        // Absent: left as it was (clients from before push send only e-mail and SMS).
        push: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(notificacaoTipos.length),
});

export const entregaStatus = ['pendente', 'enviado', 'falhou'] as const;
export const filaSchema = z.object({
  pendentes: z.number().int(),
  enviados_24h: z.number().int(),
  falhas: z.number().int(),
  proxima_tentativa: z.string().nullable(),
  email: z.enum(['smtp', 'arquivo']),
  sms: z.boolean(),
  ultimos_erros: z.array(
    z.object({
      id: z.string(),
      canal: z.enum(['email', 'sms', 'push']),
      status: z.enum(entregaStatus),
      tentativas: z.number().int(),
      erro: z.string(),
      atualizado_em: z.string(),
    }),
  ),
});
export type Fila = z.infer<typeof filaSchema>;

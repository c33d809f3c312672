/**
 * Contracts of the teachers' retificação requests: the request, the secretary's approval or refusal, the
 * list.
 */
import { z } from 'zod';
import { rectificationReason, singleLineText, uuidParam } from './validators.js';
import { gradeValueSchema } from './grades.schemas.js';

// ---------------------------------------------------------------- teachers' retificação requests

/** POST /api/retificacoes — a teacher asks the secretary to correct a grade of a closed period. */
export const rectificationRequestInputSchema = z.strictObject({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
  /** The grade asked for; null: 'sem nota'. */
  valor: gradeValueSchema,
  motivo: rectificationReason('o motivo da retificação'),
});
export type RectificationRequestInput = z.infer<typeof rectificationRequestInputSchema>;

/** POST /api/retificacoes/:id/aprovar — an optional note to the teacher. */
export const rectificationApprovalInputSchema = z.strictObject({
  resposta: singleLineText().pipe(z.string().max(500, 'Máximo de 500 caracteres')).optional(),
});
export type RectificationApprovalInput = z.infer<typeof rectificationApprovalInputSchema>;

/** POST /api/retificacoes/:id/recusar — the teacher is told why. */
export const rectificationRefusalInputSchema = z.strictObject({
  resposta: rectificationReason('por que a solicitação foi recusada'),
});
export type RectificationRefusalInput = z.infer<typeof rectificationRefusalInputSchema>;

export const rectificationStatuses = ['pendente', 'aprovada', 'recusada'] as const;
export type RectificationStatus = (typeof rectificationStatuses)[number];
export const rectificationStatusLabels: Record<RectificationStatus, string> = {
  pendente: 'Pendente',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
};

export const rectificationRequestsQuerySchema = z.strictObject({
  situacao: z.enum([...rectificationStatuses, 'todas'], { error: 'Situação inválida' }).optional(),
  turma_id: uuidParam.optional(),
});
export type RectificationRequestsQuery = z.infer<typeof rectificationRequestsQuerySchema>;

export const rectificationRequestSchema = z.object({
  id: z.string(),
  turma: z.object({ id: z.string(), nome: z.string() }),
  disciplina: z.string(),
  periodo: z.object({ id: z.string(), nome: z.string() }),
  avaliacao: z.object({ id: z.string(), nome: z.string() }),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  /** The grade when asked, the one asked for, and the current one (as shown on the scale). */
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  atual: z.string().nullable(),
  motivo: z.string(),
  situacao: z.enum(rectificationStatuses),
  solicitado_por: z.string().nullable(),
  solicitado_em: z.string(),
  resposta: z.string().nullable(),
  decidido_por: z.string().nullable(),
  decidido_em: z.string().nullable(),
});
export type RectificationRequest = z.infer<typeof rectificationRequestSchema>;

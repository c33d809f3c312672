import { z } from 'zod';
import { MAX_INTEGER } from './validators.js';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `Informe ${label}` })
    .int(`Informe ${label} em número inteiro`)
    .min(min, `No mínimo ${min}`)
    .max(max, `No máximo ${max}`);

/**
 * How long the school keeps what it does not need forever (Configurações → Privacidade). The retention
 * job applies them once a day; the 'Registro das operações de tratamento' quotes them.
 */
export const retentionValuesSchema = z.strictObject({
  /** Expired sessions, used or expired reset links, sign-in counters and sent e-mail/SMS, in days. */
  registros_tecnicos_dias: whole('os dias', 1, 365),
  /** The audit trail's details and IP addresses, in days (the row — who, what, when — stays). */
  auditoria_dias: z
    .number({ error: 'Informe os dias' })
    .int('Informe os dias em número inteiro')
    // Marco Civil da Internet, art. 15: application access logs are kept at least 6 months.
    .min(180, 'No mínimo 180 dias (Marco Civil da Internet, art. 15)')
    .max(3650, 'No máximo 3650 dias'),
  /** A guardian with no child at the school for this many years is anonymised. */
  responsaveis_anos: z
    .number({ error: 'Informe os anos' })
    .int('Informe os anos em número inteiro')
    // The guardian signs the tuition contract: its records are kept five years.
    .min(5, 'No mínimo 5 anos (prazo de cobrança das mensalidades)')
    .max(30, 'No máximo 30 anos'),
  /**
   * Matrícula online (issue 34): a family that wrote on the site and did not enrol is deleted this many
   * months after its last movement in the funnel.
   */
  interessados_meses: whole('os meses', 1, 60),
});
export type RetentionValues = z.infer<typeof retentionValuesSchema>;

export const defaultRetention: RetentionValues = {
  registros_tecnicos_dias: 30,
  auditoria_dias: 730,
  responsaveis_anos: 5,
  interessados_meses: 12,
};

export const updateRetentionInputSchema = retentionValuesSchema.extend({
  /** Absent (a client from before matrícula online): the saved value stays. */
  interessados_meses: retentionValuesSchema.shape.interessados_meses.optional(),
  version: z.number().int().min(0).max(MAX_INTEGER).optional(),
});
export type UpdateRetentionInput = z.infer<typeof updateRetentionInputSchema>;

/** What one run of the retention job removed or anonymised. */
export const retentionRunSchema = z.object({
  sessoes: z.number().int(),
  links_de_senha: z.number().int(),
  trocas_de_email: z.number().int(),
  contadores_de_login: z.number().int(),
  limites_de_requisicao: z.number().int(),
  entregas: z.number().int(),
  auditoria: z.number().int(),
  responsaveis_anonimizados: z.number().int(),
  /** Absent from the runs recorded before matrícula online. */
  interessados_removidos: z.number().int().optional(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

export const retentionRunLabels: Record<keyof RetentionRun, string> = {
  sessoes: 'Sessões expiradas',
  links_de_senha: 'Links de redefinição de senha',
  trocas_de_email: 'Confirmações de e-mail vencidas',
  contadores_de_login: 'Contadores de tentativas de login',
  limites_de_requisicao: 'Contadores de limite de requisições',
  entregas: 'E-mails e SMS já enviados',
  auditoria: 'Detalhes de auditoria apagados',
  responsaveis_anonimizados: 'Responsáveis anonimizados',
  interessados_removidos: 'Famílias interessadas que não se matricularam',
};

export const retentionSettingsSchema = z.object({
  ...retentionValuesSchema.shape,
  version: z.number().int(),
  updated_at: z.string().nullable(),
  /** The last run (any instance): when and what it did. */
  ultima_execucao: z.object({ em: z.string(), resultado: retentionRunSchema }).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

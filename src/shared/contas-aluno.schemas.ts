/**
 * Contracts of the students' own portal accounts (issue 31 §4, ADR 0029, docs/portal-do-aluno.md):
 * `POST /api/alunos/:id/acesso` `{ email }`, the guardian's consent (LGPD art. 14), the guardian's
 * request to disable it, and the first série that may have one.
 */
import { z } from 'zod';
import { emailSchema } from './auth.schemas.js';
import { serieRank } from './classes.schemas.js';
import { passwordMailFields } from './users.schemas.js';
import { optionalText, uuidParam } from './validators.js';

/** How the guardian gave their consent: in person at the secretaria, a signed form, the portal. */
export const consentimentoMeios = ['presencial', 'termo_assinado', 'portal'] as const;
export type ConsentimentoMeio = (typeof consentimentoMeios)[number];
export const consentimentoMeioLabels: Record<ConsentimentoMeio, string> = {
  presencial: 'Presencialmente, na secretaria',
  termo_assinado: 'Termo de consentimento assinado',
  portal: 'Pelo portal do responsável',
};

/** From the 6º ano by default (issue 31, API section); configurable in Configurações → Acadêmico. */
export const SERIE_MINIMA_PADRAO = '6º ano';

export const createStudentAccountInputSchema = z.strictObject({
  email: emailSchema,
  /**
   * The guardian's consent (LGPD art. 14 §1), recorded before the account is made. Required: without it
   * the account is refused.
   */
  consentimento: z
    .strictObject({
      responsavel_id: uuidParam,
      meio: z.enum(consentimentoMeios, { error: 'Informe como o responsável consentiu' }),
    })
    .optional(),
});
export type CreateStudentAccountInput = z.infer<typeof createStudentAccountInputSchema>;

export const studentAccountStatusInputSchema = z.strictObject({
  status: z.enum(['ativo', 'inativo'], { error: 'Status inválido' }),
});

export const disableRequestInputSchema = z.strictObject({ motivo: optionalText(500, { multiline: true }) });

export const studentAccountSchema = z.object({
  aluno_id: z.uuid(),
  aluno_nome: z.string(),
  usuario_id: z.uuid(),
  email: z.string(),
  status: z.enum(['ativo', 'inativo', 'suspenso']),
  ultimo_login: z.string().nullable(),
  criada_em: z.string(),
  consentimento: z.object({
    responsavel_id: z.uuid().nullable(),
    responsavel_nome: z.string(),
    meio: z.enum(consentimentoMeios),
    em: z.string(),
    registrado_por: z.string().nullable(),
  }),
  /** A guardian's pending request to disable the account (null: none). */
  pedido_desativacao: z
    .object({ em: z.string(), por: z.string().nullable(), motivo: z.string().nullable() })
    .nullable(),
});
export type StudentAccount = z.infer<typeof studentAccountSchema>;

/** `GET /api/alunos/:id/acesso`: the account, if any, and whether one may be made now and why not. */
export const studentAccessSchema = z.object({
  conta: studentAccountSchema.nullable(),
  elegivel: z.boolean(),
  motivo: z.string().nullable(),
  serie_minima: z.string(),
  /**
   * The family's authorization already given to the 'portal_aluno' consent purpose (in their portal, or
   * a paper form the secretaria recorded): the account can then be made with the e-mail alone (staff
   * only; null for anyone else, or when there is an account or no authorization standing).
   */
  autorizacao_familia: z.object({ responsavel_nome: z.string(), em: z.string() }).nullable(),
  /** The student's guardians, to name who consented (staff only; empty for anyone else). */
  responsaveis: z.array(z.object({ id: z.uuid(), nome: z.string(), parentesco: z.string() })),
});
export type StudentAccess = z.infer<typeof studentAccessSchema>;

/** `POST /api/alunos/:id/acesso`: the account and, once, its generated password. */
export const createdStudentAccountSchema = z.object({
  conta: studentAccountSchema,
  senhaGerada: z.string(),
  ...passwordMailFields,
});
export type CreatedStudentAccount = z.infer<typeof createdStudentAccountSchema>;

export const resetStudentPasswordResultSchema = z.object({ novaSenha: z.string(), ...passwordMailFields });

export const studentAccountSettingsSchema = z.object({ serie_minima: z.string() });
export const studentAccountSettingsInputSchema = z.strictObject({
  serie_minima: z
    .string({ error: 'Escolha a série' })
    .refine((serie) => serieRank(serie) !== null, 'Série desconhecida'),
});
export type StudentAccountSettings = z.infer<typeof studentAccountSettingsSchema>;

/** `GET /api/portal-aluno`: who the signed-in student is (the Portal do Aluno's home). */
export const studentPortalSchema = z.object({
  aluno: z.object({ id: z.uuid(), nome: z.string(), matricula: z.string() }),
  turma: z.object({ id: z.uuid(), nome: z.string(), serie: z.string(), nivel: z.string() }).nullable(),
  escola: z.string(),
});
export type StudentPortal = z.infer<typeof studentPortalSchema>;

export const pendingRequestsQuerySchema = z.strictObject({
  pedidos: z.enum(['1', '0']).optional(),
});

import { z } from 'zod';

/** `GET /api/privacidade`: the current texts and whether the signed-in user must (re)accept them. */
export const legalDocumentSchema = z.object({
  versao: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
});
export const privacyStatusSchema = z.object({
  /** Guardians accept the current versions at first sign-in and again when either changes. */
  pendente: z.boolean(),
  privacidade: legalDocumentSchema,
  termos: legalDocumentSchema,
  ultimo_aceite: z
    .object({ versao_privacidade: z.number().int(), versao_termos: z.number().int(), aceito_em: z.string() })
    .nullable(),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

/** The versions the guardian read: accepting an older text than the current one is refused. */
export const acceptPrivacyInputSchema = z.strictObject({
  versao_privacidade: z.number().int().min(1),
  versao_termos: z.number().int().min(1),
});
export type AcceptPrivacyInput = z.infer<typeof acceptPrivacyInputSchema>;

import { z } from 'zod';
import { builtInPerfis, isPermission, niveis, type Permission } from './permissions.js';
import { requiredName, versionSchema } from './validators.js';

/** A profile (ADR 0025): a named set of permissions. The built-in ones (`chave`) cannot change. */
export const perfilSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  permissoes: z.array(z.string()),
  /** `direcao`, `secretaria`, …; null for a profile the school made. */
  chave: z.enum(builtInPerfis).nullable(),
  /** Built-in: fixed, cannot be edited or deleted. */
  padrao: z.boolean(),
  /** The kind of account a built-in profile is for; null for a custom one (staff). */
  nivel: z.enum(niveis).nullable(),
  /** How many accounts hold it. */
  usuarios: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Perfil = z.infer<typeof perfilSchema>;

/** One permission, for the profile screen: its code, its words in Portuguese and its group. */
export const permissaoSchema = z.object({
  id: z.string(),
  rotulo: z.string(),
  grupo: z.string(),
});
export type Permissao = z.infer<typeof permissaoSchema>;

const permissoesSchema = z
  .array(
    z
      .string({ error: 'Permissão inválida' })
      .refine((value) => isPermission(value), { error: 'Permissão desconhecida' }),
    { error: 'Escolha as permissões do perfil.' },
  )
  .min(1, 'Escolha ao menos uma permissão.')
  .max(100)
  .transform((values) => [...new Set(values)] as Permission[]);

export const perfilInputSchema = z.strictObject({
  nome: requiredName('Nome do perfil').max(60, 'Máximo de 60 caracteres'),
  permissoes: permissoesSchema,
});
export type PerfilInput = z.input<typeof perfilInputSchema>;

export const updatePerfilInputSchema = z.strictObject({
  nome: requiredName('Nome do perfil').max(60, 'Máximo de 60 caracteres').optional(),
  permissoes: permissoesSchema.optional(),
  version: versionSchema.optional(),
});
export type UpdatePerfilInput = z.input<typeof updatePerfilInputSchema>;

/** `perfis` of `POST|PATCH /api/users`: the profiles the account holds (ids). */
export const perfilIdsSchema = z
  .array(z.uuid({ error: 'Perfil inválido' }), { error: 'Escolha os perfis do usuário.' })
  .min(1, 'Escolha ao menos um perfil.')
  .max(20)
  .transform((values) => [...new Set(values)]);

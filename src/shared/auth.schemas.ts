import { z } from 'zod';
import { niveis, permissions, type Permission } from './permissions.js';
import { requiredName } from './validators.js';

export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .min(1, 'E-mail é obrigatório')
  .max(254, 'E-mail inválido')
  .pipe(z.email('E-mail inválido'))
  .transform((value) => value.toLowerCase());

/** The login form's rules are the spec's (section 5): existing passwords may be as short as 6. */
export const loginInputSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Senha deve ter pelo menos 6 caracteres' })
    .min(6, 'Senha deve ter pelo menos 6 caracteres')
    .max(256, 'Senha muito longa'),
  lembrar: z.boolean().optional(),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** A new password: the common-password and school-name checks run on the server. */
export const newPasswordSchema = z
  .string({ error: 'Nova senha é obrigatória' })
  .min(1, 'Nova senha é obrigatória')
  .min(PASSWORD_MIN_LENGTH, `Senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(256, 'Senha muito longa');

export const changePasswordInputSchema = z.strictObject({
  senhaAtual: z.string({ error: 'Senha atual é obrigatória' }).min(1, 'Senha atual é obrigatória').max(256),
  novaSenha: newPasswordSchema,
  /**
   * Only at the first sign-in: the person's own name. The first administrator is created as
   * 'Administrador' and signed comunicados 'De: Administrador' (issue 29) until asked.
   */
  nome: requiredName('Seu nome')
    .refine((value) => value.toLocaleLowerCase('pt-BR') !== FIRST_ADMIN_NAME.toLocaleLowerCase('pt-BR'), {
      message: 'Escreva o seu nome, como as famílias e a equipe vão vê-lo',
    })
    .optional(),
});

/** The name the first administrator is created with, until they write their own. */
export const FIRST_ADMIN_NAME = 'Administrador';

export const forgotPasswordInputSchema = z.strictObject({ email: emailSchema });

export const resetPasswordInputSchema = z.strictObject({
  token: z.string().min(20, 'Link inválido ou expirado').max(200, 'Link inválido ou expirado'),
  novaSenha: newPasswordSchema,
});

export const currentUserSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string(),
  usuario: z.string(),
  nivel: z.enum(niveis),
  tipo: z.enum(['admin', 'teacher', 'parent', 'student']),
  ativo: z.boolean(),
  primeiro_login: z.boolean(),
  data_criacao: z.string(),
  /**
   * What the user's profiles allow (the union of their permissions, ADR 0025): the menus read it
   * through `permissionsOf`. The server always sends both; they are optional so that an answer from
   * before profiles (a page open across the upgrade) still reads by its level.
   */
  permissoes: z.array(z.enum(permissions as [Permission, ...Permission[]])).optional(),
  /** The names of the user's profiles. */
  perfis: z.array(z.string()).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const SESSION_LIMITS = {
  idleMinutes: 30,
  absoluteHours: 12,
  rememberIdleDays: 7,
  rememberAbsoluteDays: 30,
} as const;

export const RESET_TOKEN_MINUTES = 30;

/**
 * What sign-in, password change and `GET /api/auth/me` answer: the signed-in user and when the session
 * ends at the latest (its absolute limit, ISO 8601): the portal's offline copy of the user answers only
 * until then (issue 35 §5).
 */
export const signedInSchema = z.object({ user: currentUserSchema, sessao_expira_em: z.iso.datetime() });
export type SignedIn = z.infer<typeof signedInSchema>;

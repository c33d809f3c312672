import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.schemas.js';
import { perfilIdsSchema } from './perfis.schemas.js';
import {
  optionalBirthDateSchema,
  optionalPhoneSchema,
  optionalText,
  pageQuery,
  sortQuery,
  versionSchema,
} from './validators.js';

/** `tipo` as the user-management screen names it (the spec's Usuario entity). */
/** 'aluno': a student's own account, made from the student's record (POST /api/alunos/:id/acesso), never here. */
export const userTipos = ['admin', 'professor', 'responsavel', 'aluno'] as const;
export type UserTipo = (typeof userTipos)[number];
export const userTipoLabels: Record<UserTipo, string> = {
  // Every staff account (secretaria, coordenação, financeiro, direção): what it may do is its profiles.
  admin: 'Equipe da escola',
  professor: 'Professor',
  responsavel: 'Responsável',
  aluno: 'Aluno',
};

export const userStatuses = ['ativo', 'inativo', 'suspenso'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusLabels: Record<UserStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  suspenso: 'Suspenso',
};

/**
 * Generated passwords are dictated at the counter or on the phone, copied from paper and typed on a
 * phone's keyboard: four groups of four lowercase letters and digits ('k7mx-4rpq-9tzw-h3nb'), read aloud
 * group by group, with no capital letter nor symbol to shift to. No 0/o, 1/l/i nor dead key (ABNT2). The
 * 31 characters give 4.95 bits each: 16 of them (79 bits) are stronger than the 12 of 70 (73.6 bits)
 * the first generator used, so nothing is lost for being easy to say (ADR 0088).
 */
export const GENERATED_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_GROUPS = 4;
export const GENERATED_PASSWORD_GROUP_LENGTH = 4;
/** Characters of a generated password, its dashes included. */
export const GENERATED_PASSWORD_LENGTH =
  GENERATED_PASSWORD_GROUPS * (GENERATED_PASSWORD_GROUP_LENGTH + 1) - 1;
/** What a generated password looks like (the alphabet's ranges): for tests and the screen that shows one. */
export const GENERATED_PASSWORD_PATTERN = /^[a-hjkmnp-z2-9]{4}(?:-[a-hjkmnp-z2-9]{4}){3}$/;

export const userSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  endereco: z.string().nullable(),
  data_nascimento: z.string().nullable(),
  tipo: z.enum(userTipos),
  status: z.enum(userStatuses),
  created_at: z.string(),
  ultimo_login: z.string().nullable(),
  primeiro_login: z.boolean(),
  /** The teacher record this (professor) account is linked to. */
  professor: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  /** The access profiles the account holds (ADR 0025); what it may do is the union of theirs. */
  perfis: z.array(z.object({ id: z.uuid(), nome: z.string() })),
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

const nomeSchema = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, 'Nome é obrigatório')
  .max(120, 'Máximo de 120 caracteres');

const userFields = {
  nome: nomeSchema,
  email: emailSchema,
  telefone: optionalPhoneSchema,
  endereco: optionalText(300),
  data_nascimento: optionalBirthDateSchema,
  tipo: z.enum(userTipos, { error: 'Tipo inválido' }),
  /** The profiles (ids) the account holds; omitted: its kind's default (new) or unchanged. */
  perfis: perfilIdsSchema.optional(),
};

/**
 * The acting administrator's own password, asked again before creating or promoting an administrator,
 * changing an administrator's e-mail and resetting someone's password (see `needsAdminPassword`).
 */
const senhaAtualSchema = z
  .string({ error: 'Confirme com a sua senha.' })
  .max(256, 'Senha inválida')
  .optional();

export const createUserInputSchema = z.strictObject({
  ...userFields,
  /** Omitted: the server generates one and returns it once. */
  senha: newPasswordSchema.optional(),
  senha_atual: senhaAtualSchema,
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const updateUserInputSchema = z.strictObject({
  ...userFields,
  status: z.enum(userStatuses, { error: 'Status inválido' }).optional(),
  version: versionSchema.optional(),
  senha_atual: senhaAtualSchema,
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** `PATCH /api/users/:id`: only the fields given change (e.g. `{ perfis }`). */
export const patchUserInputSchema = updateUserInputSchema.partial();
export type PatchUserData = z.output<typeof patchUserInputSchema>;

export const resetUserPasswordInputSchema = z
  .strictObject({ senha: newPasswordSchema.optional(), senha_atual: senhaAtualSchema })
  .optional();

/** The columns the users list sorts by on the server. */
export const userSortColumns = ['nome', 'tipo', 'status', 'ultimo_login', 'created_at'] as const;

/**
 * When an administrator must type their own password again (docs/architecture.md, Segurança): a hijacked session must not
 * mint or take over an administrator. Shared so the form asks exactly when the server will.
 */
export function needsAdminPassword(
  before: { tipo: UserTipo; email: string; perfis?: readonly string[] } | null,
  after: { tipo: UserTipo; email: string; perfis?: readonly string[] | undefined },
): boolean {
  if (after.tipo !== 'admin') return false;
  if (before === null || before.tipo !== 'admin') return true;
  // A staff account's profiles are what it may do: changing them hands out (or takes) power.
  if (after.perfis !== undefined && before.perfis !== undefined) {
    const held = new Set(before.perfis);
    if (after.perfis.length !== held.size || after.perfis.some((id) => !held.has(id))) return true;
  }
  return before.email.trim().toLowerCase() !== after.email.trim().toLowerCase();
}

export const listUsersQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  tipo: z.enum(userTipos).or(z.literal('todos')).optional(),
  status: z.enum(userStatuses).or(z.literal('todos')).optional(),
  ...pageQuery(),
  ...sortQuery(userSortColumns),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const userCountsSchema = z.object({
  total: z.number(),
  admins: z.number(),
  ativos: z.number(),
  primeiroLogin: z.number(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const idParamsSchema = z.strictObject({ id: z.uuid({ error: 'Identificador inválido' }) });

/** Parsed (output) shapes, as services receive them. */
export type CreateUserData = z.output<typeof createUserInputSchema>;
export type UpdateUserData = z.output<typeof updateUserInputSchema>;

/**
 * What became of the e-mail with a new account's password: 'enviado' by the mail server (SMTP_URL);
 * 'caixa_de_saida' when the server sends no mail (no SMTP_URL) and wrote it to DATA_DIR/outbox, where
 * nobody receives it; 'falhou' when the mail server refused it. `emailEnviado` is true only for
 * 'enviado', so no screen says a password was mailed when it was not.
 */
export const envioEmailStates = ['enviado', 'caixa_de_saida', 'falhou'] as const;
export type EnvioEmail = (typeof envioEmailStates)[number];
export const passwordMailFields = {
  emailEnviado: z.boolean(),
  /** Present when a password was mailed (or would have been). */
  envioEmail: z.enum(envioEmailStates).optional(),
};

/** `POST /api/users`: the account and, once, the password generated for it. */
export const createdUserSchema = z.object({
  usuario: userSchema,
  senhaGerada: z.string().optional(),
  ...passwordMailFields,
});
export type CreatedUser = z.infer<typeof createdUserSchema>;

/** `POST /api/users/:id/reset-password`: the new password, shown once. */
export const resetUserPasswordResultSchema = z.object({ novaSenha: z.string(), ...passwordMailFields });

export const generatedPasswordSchema = z.object({ senha: z.string() });

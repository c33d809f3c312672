import { z } from 'zod';
import { niveis } from './permissions.js';
import { checkMatriculaPattern, DEFAULT_MATRICULA_PATTERN } from './matricula-pattern.js';
import {
  isoDateSchema,
  MAX_INTEGER,
  optionalText,
  pageQuery,
  phoneDigitsProblem,
  sortQuery,
} from './validators.js';

/**
 * CNPJ check digits (mod 11, weights 2–9). From July 2026 the first 12 characters may be letters
 * (IN RFB 2.229/2024): each character counts as its ASCII code minus 48, so digits keep their value.
 */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

function cnpjDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const first = cnpjDigit(cnpj.slice(0, 12));
  const second = cnpjDigit(cnpj.slice(0, 12) + String(first));
  return cnpj.endsWith(`${first}${second}`);
}

export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/** Link fields accept only http(s) addresses or a path on this site (docs/architecture.md, Segurança). */
const safeLink = z
  .string()
  .trim()
  .max(500, 'Máximo de 500 caracteres')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value), {
    message: 'Use um endereço http(s):// ou um caminho do site (/...)',
  })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const schoolSettingsSchema = z.object({
  nome: z.string(),
  endereco: z.string().nullable(),
  telefone: z.string().nullable(),
  /** Digits, like `telefone`; the site links it to WhatsApp (wa.me/55…) only when set. */
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  site: z.string().nullable(),
  logo: z.string().nullable(),
  cnpj: z.string().nullable(),
  codigo_inep: z.string().nullable(),
  diretor: z.string().nullable(),
  /** How a matrícula left blank (form or import) is numbered: `{ano}{sequencial:4}` by default. */
  padrao_matricula: z.string(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

export const DEFAULT_SCHOOL_NAME = 'Sistema Escolar';

/** A Brazilian phone with its DDD (10 or 11 digits); kept as digits, empty as null. */
const brPhone = (message: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/\D/g, ''))
    // '+55 11 91234-5678' or '55 11 …' as copied from WhatsApp: the country code is not part of it.
    .transform((digits) => (digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits))
    .superRefine((digits, context) => {
      const problem = phoneDigitsProblem(digits, message);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((digits) => (digits === '' ? null : digits))
    .nullable()
    .optional();

export const updateSchoolSettingsInputSchema = z.strictObject({
  nome: z
    .string({ error: 'Nome da escola é obrigatório' })
    .trim()
    .min(2, 'Nome da escola é obrigatório')
    .max(150, 'Máximo de 150 caracteres'),
  endereco: optionalText(300),
  telefone: brPhone('Telefone inválido. Use DDD + número, ex.: (11) 3123-4567'),
  whatsapp: brPhone('WhatsApp inválido. Use DDD + número, ex.: (11) 91234-5678'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || z.email().safeParse(value).success, 'E-mail inválido')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  site: z
    .string()
    .trim()
    .max(300, 'Site muito longo (máximo 300 caracteres)')
    // 'www.escola.com.br' is how a school writes its site: it becomes https://www.escola.com.br.
    .transform((value) => (value === '' || /^https?:\/\//i.test(value) ? value : `https://${value}`))
    // A dot with a character on each side, found without backtracking (issue 29: `[^\s]+\.[^\s]+` tried
    // every dot against every split, quadratic in the length).
    .refine((value) => value === '' || /^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(value), {
      message: 'Site inválido. Use um endereço completo, ex.: www.escola.com.br',
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  logo: safeLink,
  cnpj: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidCnpj(value), 'CNPJ inválido (verifique os dígitos)')
    .transform((value) => (value === '' ? null : formatCnpj(value)))
    .nullable()
    .optional(),
  codigo_inep: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{8}$/.test(value), 'O código INEP tem 8 dígitos')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  diretor: optionalText(150),
  padrao_matricula: z
    .string()
    .trim()
    .transform((value) => (value === '' ? DEFAULT_MATRICULA_PATTERN : value))
    .superRefine((value, context) => {
      const problem = checkMatriculaPattern(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  // 0 while the settings were never saved.
  version: z.number().int().min(0).max(MAX_INTEGER).optional(),
});
export type UpdateSchoolSettingsInput = z.input<typeof updateSchoolSettingsInputSchema>;
export type UpdateSchoolSettingsData = z.output<typeof updateSchoolSettingsInputSchema>;

export const temas = ['claro', 'escuro', 'automatico'] as const;
export const idiomas = ['pt-BR', 'en-US', 'es-ES'] as const;
export const fusosHorarios = ['America/Sao_Paulo', 'America/New_York', 'Europe/London'] as const;
export const moedas = ['BRL', 'USD', 'EUR'] as const;

export const temaLabels: Record<(typeof temas)[number], string> = {
  claro: 'Claro',
  escuro: 'Escuro',
  automatico: 'Automático',
};
export const idiomaLabels: Record<(typeof idiomas)[number], string> = {
  'pt-BR': 'Português (Brasil)',
  'en-US': 'English (US)',
  'es-ES': 'Español',
};
export const fusoLabels: Record<(typeof fusosHorarios)[number], string> = {
  'America/Sao_Paulo': 'Brasília (America/Sao_Paulo)',
  'America/New_York': 'Nova York (America/New_York)',
  'Europe/London': 'Londres (Europe/London)',
};
export const moedaLabels: Record<(typeof moedas)[number], string> = {
  BRL: 'Real (R$)',
  USD: 'Dólar (US$)',
  EUR: 'Euro (€)',
};

/** The spec's system settings table with its defaults. */
export const systemSettingsValuesSchema = z.strictObject({
  manutencao: z.boolean(),
  backup_automatico: z.boolean(),
  notificacoes_email: z.boolean(),
  notificacoes_sms: z.boolean(),
  tema: z.enum(temas),
  idioma: z.enum(idiomas),
  fuso_horario: z.enum(fusosHorarios),
  moeda: z.enum(moedas),
  /** Fill the address from the CEP with a public CEP service (the school opts in; off by default). */
  consulta_cep: z.boolean().default(false),
  /** Tell the families of an absence recorded in the roll call (the school opts in; off by default). */
  notificar_faltas: z.boolean().default(false),
  /** Tell the families 3 days before a tuition falls due and once when it is overdue (opt in). */
  notificar_mensalidades: z.boolean().default(false),
});
export type SystemSettingsValues = z.infer<typeof systemSettingsValuesSchema>;

export const defaultSystemSettings: SystemSettingsValues = {
  manutencao: false,
  backup_automatico: true,
  notificacoes_email: true,
  notificacoes_sms: false,
  tema: 'claro',
  idioma: 'pt-BR',
  fuso_horario: 'America/Sao_Paulo',
  moeda: 'BRL',
  consulta_cep: false,
  notificar_faltas: false,
  notificar_mensalidades: false,
};

export const updateSystemSettingsInputSchema = systemSettingsValuesSchema.extend({
  // 0 while the settings were never saved.
  version: z.number().int().min(0).max(MAX_INTEGER).optional(),
});
export type UpdateSystemSettingsInput = z.infer<typeof updateSystemSettingsInputSchema>;

export const systemSettingsSchema = z.object({
  ...systemSettingsValuesSchema.shape,
  consulta_cep: z.boolean(),
  notificar_faltas: z.boolean(),
  notificar_mensalidades: z.boolean(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  /** Whether an SMS provider is configured (SMS_URL): without it SMS cannot be turned on. */
  sms_disponivel: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** What every visitor's portal needs before signing in: the theme, formats and maintenance flag. */
export const publicSystemSettingsSchema = z.object({
  manutencao: z.boolean(),
  tema: z.enum(temas),
  idioma: z.enum(idiomas),
  fuso_horario: z.enum(fusosHorarios),
  moeda: z.enum(moedas),
  nome_escola: z.string(),
  /** Whether the portal's address fields may look a CEP up (GET /api/cep/:cep). */
  consulta_cep: z.boolean(),
});
export type PublicSystemSettings = z.infer<typeof publicSystemSettingsSchema>;

export const cepParamsSchema = z.strictObject({
  cep: z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .refine((digits) => digits.length === 8, 'CEP inválido: use 8 dígitos'),
});

/** An address found by its CEP: what the form puts in the address field. */
export const cepAddressSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** What GET /api/cep/:cep answers when it has no address (the portal says each case in its own words). */
export const cepMessages = {
  /** 404: the CEP service does not know this CEP. */
  notFound: 'CEP não encontrado.',
  /** 503: the CEP service did not answer (network, timeout, its own failure); the CEP may well exist. */
  unavailable: 'O serviço de consulta de CEP não respondeu. Tente de novo em alguns minutos.',
  /** 404: the school has not turned the lookup on (Configurações → Sistema). */
  disabled: 'A consulta de CEP está desativada nas configurações.',
} as const;

export const SMS_UNAVAILABLE_MESSAGE =
  'Configure um provedor de SMS (variável SMS_URL) para ativar as notificações por SMS.';

/**
 * `GET /api/configuracoes/roles`: one entry per access profile (ADR 0025), built-in and the school's own,
 * with every permission and whether the profile holds it. `nivel`/`tipo` name the kind of account a
 * built-in profile is for (null on a custom profile, which any staff account may hold).
 */
export const roleMatrixEntrySchema = z.object({
  id: z.string(),
  nivel: z.enum(niveis).nullable(),
  tipo: z.string().nullable(),
  nome: z.string(),
  padrao: z.boolean(),
  permissoes: z.array(z.object({ chave: z.string(), descricao: z.string(), permitido: z.boolean() })),
});
export type RoleMatrixEntry = z.infer<typeof roleMatrixEntrySchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  usuario: z.object({ id: z.string(), nome: z.string(), email: z.string(), nivel: z.string() }),
  iniciada_em: z.string(),
  ultimo_acesso: z.string(),
  ip: z.string().nullable(),
  dispositivo: z.string(),
  lembrar: z.boolean(),
  atual: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const endedSessionsSchema = z.object({ encerradas: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const passwordConfirmationSchema = z.strictObject({
  senha: z.string({ error: 'Informe a sua senha' }).min(1, 'Informe a sua senha').max(200),
});

export const wipeInputSchema = z.strictObject({
  confirmacao: z.string({ error: 'Digite o nome da escola' }).max(200),
  senha: z.string({ error: 'Informe a sua senha' }).min(1, 'Informe a sua senha').max(200),
});

const tableCounts = z.record(z.string(), z.number().int());

export const backupSummarySchema = z.object({
  formato: z.string(),
  versao_formato: z.number().int(),
  versao_app: z.string(),
  criado_em: z.string(),
  tabelas: tableCounts,
  total_registros: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const BACKUP_KEY_FORMAT_MESSAGE =
  'A chave de backup tem 64 caracteres, só números e letras de a a f (16 grupos de 4). Confira o que foi digitado.';

/**
 * A backup key as a person types it from a printed copy (ADR 0104): 64 hexadecimal characters, spaces,
 * dashes and capitals tolerated. Answers the 64 lower-case characters.
 */
export const backupKeyTextSchema = z
  .string({ error: BACKUP_KEY_FORMAT_MESSAGE })
  .max(200, BACKUP_KEY_FORMAT_MESSAGE)
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, BACKUP_KEY_FORMAT_MESSAGE));

/** The restore screen's field for another installation's key, when the file is encrypted under it. */
export const restoreKeyInputSchema = z.strictObject({ chave_backup: backupKeyTextSchema });

/** `GET /api/configuracoes/backup/chave`: this installation's backup key, to keep apart from the backups. */
export const backupKeySchema = z.object({
  chave: z.string().regex(/^[0-9a-f]{64}$/),
  /** The key's public id, as written in every backup file (`chave_id`). */
  chave_id: z.string(),
});
export type BackupKey = z.infer<typeof backupKeySchema>;

/**
 * Restoring a backup asks the password again and, for a file this installation did not sign, this; for a
 * file another installation encrypted, that installation's key.
 */
export const restoreConfirmationSchema = passwordConfirmationSchema.extend({
  confirmar_origem: z.boolean().optional(),
  chave_backup: backupKeyTextSchema.optional(),
});

/**
 * Where a backup file comes from, as its signature says (ADR 0008): signed by this installation's key,
 * signed by another installation's key (which we cannot check), or not signed at all.
 */
export const backupOriginStatuses = ['esta_instalacao', 'outra_instalacao', 'sem_assinatura'] as const;
export type BackupOriginStatus = (typeof backupOriginStatuses)[number];

export const backupOriginLabels: Record<BackupOriginStatus, string> = {
  esta_instalacao: 'Assinado por esta instalação',
  outra_instalacao: 'Assinado por outra instalação',
  sem_assinatura: 'Sem assinatura',
};

export const backupAdministratorSchema = z.object({
  nome: z.string(),
  email: z.string(),
  status: z.string(),
  /** Not an administrator of this database today (a new account, or an existing one promoted). */
  novo: z.boolean(),
});
export type BackupAdministrator = z.infer<typeof backupAdministratorSchema>;

export const backupOriginSchema = z.object({
  situacao: z.enum(backupOriginStatuses),
  /** True unless this installation signed the file: the restore then needs `confirmar_origem: true`. */
  confirmacao_necessaria: z.boolean(),
  /** The administrator accounts that will exist after the restore (the accounts are replaced). */
  administradores: z.array(backupAdministratorSchema),
});
export type BackupOrigin = z.infer<typeof backupOriginSchema>;

export const restorePlanSchema = z.object({
  backup: backupSummarySchema,
  atual: tableCounts,
  /** Tables emptied and refilled with the backup's rows. */
  substituidas: z.array(z.string()),
  /** Tables the restore leaves as they are (see BACKUP_EXCLUDED_TABLES, audit_log merged). */
  preservadas: z.array(z.string()),
  origem: backupOriginSchema,
  /** Audit entries of the file that this database lacks: added, marked as imported (never as native). */
  auditoria_importada: z.number().int(),
});
export type RestorePlan = z.infer<typeof restorePlanSchema>;

/** A dry run answers the plan; a restore done answers it with the safety backup written just before. */
export const restoreResultSchema = restorePlanSchema.extend({ backup_de_seguranca: z.string().optional() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;

export const wipeResultSchema = z.object({
  tabelas: z.array(z.string()),
  usuarios_removidos: z.number().int(),
  /** The automatic backup written just before the wipe. */
  backup_de_seguranca: z.string(),
});
export type WipeResult = z.infer<typeof wipeResultSchema>;

export const automaticBackupSchema = z.object({
  nome: z.string(),
  tipo: z.enum(['diario', 'antes-restauracao', 'antes-limpeza']),
  criado_em: z.string(),
  tamanho: z.number().int(),
});
export type AutomaticBackup = z.infer<typeof automaticBackupSchema>;

export const backupNameSchema = z.strictObject({
  nome: z.string().regex(/^[a-z-]+-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{3})?Z\.json$/, 'Backup inválido'),
});

/** The columns the audit trail sorts by on the server. */
export const auditSortColumns = ['em', 'usuario', 'acao', 'entidade'] as const;

export const auditQuerySchema = z.strictObject({
  usuario_id: z.uuid('Usuário inválido').optional(),
  acao: z.string().trim().max(60).optional(),
  entidade: z.string().trim().max(60).optional(),
  de: isoDateSchema.optional(),
  ate: isoDateSchema.optional(),
  ...pageQuery({ defaultSize: 50, maxSize: 200 }),
  format: z.enum(['json', 'csv']).default('json'),
  ...sortQuery(auditSortColumns),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/**
 * Where an audit entry was written: here, or copied in by a restore (from a backup this installation
 * signed, or from one it did not). Imported entries are history someone else wrote: shown as such.
 */
export const auditOrigins = ['local', 'backup', 'backup_externo'] as const;
export type AuditOrigin = (typeof auditOrigins)[number];

export const auditOriginLabels: Record<AuditOrigin, string> = {
  local: 'Registrada nesta instalação',
  backup: 'Importada de backup desta instalação',
  backup_externo: 'Importada de backup de outra origem',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  origem: z.enum(auditOrigins),
  em: z.string(),
  usuario_id: z.string().nullable(),
  usuario_nome: z.string().nullable(),
  acao: z.string(),
  entidade: z.string(),
  entidade_id: z.string().nullable(),
  ip: z.string().nullable(),
  /** Free-form by action (what changed, the filters of an export): passed through as written. */
  detalhes: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The entry in plain Portuguese, naming the person and the record as they are when it is read
   * ('Nota de Ana Souza em Matemática, 2º bimestre (Prova 1): 6,0 → 7,5'); the raw fields above stay.
   */
  descricao: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFacetsSchema = z.object({
  acoes: z.array(z.string()),
  entidades: z.array(z.string()),
  usuarios: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

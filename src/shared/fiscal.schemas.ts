/**
 * Contracts of the NFS-e padrão nacional (issue 36 §2, ADR 0057): the fiscal settings
 * (`GET|PUT /api/fiscal/configuracao`), the batch of a competência (`POST /api/fiscal/nfse/emitir`), the
 * notes of a competência (`GET /api/fiscal/nfse?competencia=`), one note's XML (`GET
 * /api/fiscal/nfse/:id/xml`) and its cancellation (`POST /api/fiscal/nfse/:id/cancelar`).
 * The A1 certificate (`certificado_pfx`, base64) and its password go in and never come back: the GET says
 * `tem_certificado`, the certificate's holder, CNPJ and validity.
 */
import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from './settings.schemas.js';
import { monthSchema, singleLineText, versionSchema } from './validators.js';

/** A `.pfx` in base64: a few KB; 64 KB leaves room for long chains. */
export const PFX_MAX = 64 * 1024;

/** 1 = produção, 2 = produção restrita (the national `tpAmb`). */
export const fiscalAmbientes = ['producao_restrita', 'producao'] as const;
export type FiscalAmbiente = (typeof fiscalAmbientes)[number];

/**
 * The `regTrib` group: 'simples_nacional' is `opSimpNac` 3 (ME/EPP) with `regApTribSN` 1 (taxes by the
 * Simples); 'normal' is `opSimpNac` 1 (not in the Simples).
 */
export const fiscalRegimes = ['simples_nacional', 'normal'] as const;
export type FiscalRegime = (typeof fiscalRegimes)[number];

export const nfseStatuses = ['pendente', 'emitida', 'rejeitada', 'cancelada'] as const;
export type NfseStatus = (typeof nfseStatuses)[number];

/** Reasons of the cancel event e101101 (`cMotivo`, TSCodJustCanc): 1 erro na emissão, 2 serviço não prestado, 9 outros. */
export const motivosCancelamento = ['1', '2', '9'] as const;

/** The national rule (TSMotivo): a reason of 15 to 255 characters. */
export const MOTIVO_CANCELAMENTO_MIN = 15;
export const MOTIVO_CANCELAMENTO_MAX = 255;

/** Municipalities whose official code does not follow the check digit rule (IBGE's known exceptions). */
const IBGE_SEM_DV = new Set([
  '2201919',
  '2201988',
  '2202251',
  '2611533',
  '3117836',
  '3152131',
  '4305871',
  '5203939',
  '5203962',
]);

/**
 * IBGE municipality code check digit (7th digit): weights 1,2,1,2,1,2 on the first six, each product's
 * digits summed, DV = (10 − sum mod 10) mod 10.
 */
export function isValidCodigoIbge(value: string): boolean {
  if (!/^\d{7}$/.test(value)) return false;
  if (IBGE_SEM_DV.has(value)) return true;
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const product = Number(value[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10 === Number(value[6]);
}

const digits = (label: string, length: { min: number; max: number }) =>
  z
    .string({ error: `Informe ${label}` })
    .trim()
    .transform((value) => value.replace(/[.\-/\s]/g, ''))
    .pipe(
      z
        .string()
        .refine(
          (value) => value.length >= length.min && value.length <= length.max && /^\d+$/.test(value),
          length.min === length.max
            ? `${label[0]?.toUpperCase()}${label.slice(1)} deve ter ${length.min} dígitos`
            : `Use de ${length.min} a ${length.max} dígitos`,
        ),
    );

/** The national API's address: https only (the calls carry the school's certificate). */
const httpsUrl = z.url({ protocol: /^https$/, error: 'Use um endereço https://' });

export const fiscalConfiguracaoInputSchema = z
  .strictObject({
    cnpj: z
      .string({ error: 'Informe o CNPJ da escola' })
      .trim()
      .transform(normalizeCnpj)
      .refine(isValidCnpj, 'CNPJ inválido: confira os dígitos'),
    inscricao_municipal: singleLineText()
      .min(1, 'Informe a inscrição municipal')
      .max(15, 'A inscrição municipal tem no máximo 15 caracteres')
      .refine((value) => /^[0-9A-Za-z]+$/.test(value), 'Use só letras e números na inscrição municipal'),
    municipio_ibge: digits('o código IBGE do município', { min: 7, max: 7 }).refine(
      isValidCodigoIbge,
      'Código IBGE do município inválido: confira o dígito verificador',
    ),
    regime: z.enum(fiscalRegimes, { error: 'Escolha Simples Nacional ou regime normal' }),
    /** 6 digits: item (2) + subitem (2) of LC 116/2003 + desdobro nacional (2); school education is 08.01.01. */
    codigo_tributacao_nacional: digits('o código de tributação nacional', { min: 6, max: 6 }),
    /** NBS (Nomenclatura Brasileira de Serviços), 9 digits: required by the DPS layout 1.01. */
    codigo_nbs: digits('o código NBS do serviço', { min: 9, max: 9 }),
    /**
     * The IBS/CBS group (layout 1.01, LC 214/2025), sent only in the regime normal (the Simples Nacional is
     * out of it until 2027): the operation indicator (cIndOp, 6 digits), the CST (3 digits) and the tax
     * classification (cClassTrib, 6 digits) the school's accountant gives. Required when regime = normal.
     */
    ibscbs_ind_op: digits('o indicador da operação (cIndOp)', { min: 6, max: 6 }).nullable().optional(),
    ibscbs_cst: digits('o CST do IBS/CBS', { min: 3, max: 3 }).nullable().optional(),
    ibscbs_class_trib: digits('a classificação tributária (cClassTrib)', { min: 6, max: 6 })
      .nullable()
      .optional(),
    aliquota_iss_percentual: z
      .number({ error: 'Informe a alíquota do ISS' })
      .min(0, 'A alíquota não pode ser negativa')
      .max(5, 'A alíquota do ISS vai até 5% (LC 116/2003, art. 8º)')
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
        'Use no máximo duas casas decimais',
      ),
    ambiente: z.enum(fiscalAmbientes, { error: 'Escolha produção restrita (testes) ou produção' }),
    serie: digits('a série da DPS', { min: 1, max: 5 }),
    proximo_numero_dps: z
      .number({ error: 'Informe o próximo número de DPS' })
      .int('Use um número inteiro')
      .min(1, 'O número da DPS começa em 1')
      .max(Number.MAX_SAFE_INTEGER, 'Número grande demais'),
    /** Off (the law's rule): every mensalidade of the competência, paid or not. On: only the paid ones. */
    somente_pagas: z.boolean().default(false),
    /** Null or '': the national default for the environment. */
    url_producao_restrita: httpsUrl.nullable().optional().or(z.literal('')),
    url_producao: httpsUrl.nullable().optional().or(z.literal('')),
    /** The A1 certificate (.pfx/.p12) in base64; absent or '' keeps the stored one. */
    certificado_pfx: z
      .string()
      .max(PFX_MAX, 'O arquivo do certificado é grande demais')
      .nullable()
      .optional()
      .transform((value) =>
        value === null || value === undefined || value.trim() === '' ? undefined : value,
      )
      .refine(
        (value) => value === undefined || /^[A-Za-z0-9+/=\s]+$/.test(value),
        'O certificado deve vir em base64',
      ),
    senha_certificado: z.string().max(300, 'Máximo de 300 caracteres').nullable().optional(),
    version: versionSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.regime !== 'normal') return;
    for (const [path, label] of [
      ['ibscbs_ind_op', 'o indicador da operação (cIndOp)'],
      ['ibscbs_cst', 'o CST do IBS/CBS'],
      ['ibscbs_class_trib', 'a classificação tributária (cClassTrib)'],
    ] as const)
      if (!value[path])
        context.addIssue({
          code: 'custom',
          path: [path],
          message: `No regime normal, informe ${label} (peça ao contador)`,
        });
  });
export type FiscalConfiguracaoInput = z.input<typeof fiscalConfiguracaoInputSchema>;
export type FiscalConfiguracaoData = z.output<typeof fiscalConfiguracaoInputSchema>;

export const fiscalCertificadoSchema = z.object({
  /** The holder as the certificate names it (CN). */
  titular: z.string(),
  cnpj: z.string().nullable(),
  valido_de: z.string(),
  valido_ate: z.string(),
});
export type FiscalCertificado = z.infer<typeof fiscalCertificadoSchema>;

export const fiscalConfiguracaoSchema = z.object({
  configurada: z.boolean(),
  cnpj: z.string().nullable(),
  inscricao_municipal: z.string().nullable(),
  municipio_ibge: z.string().nullable(),
  regime: z.enum(fiscalRegimes),
  codigo_tributacao_nacional: z.string(),
  codigo_nbs: z.string().nullable(),
  ibscbs_ind_op: z.string().nullable(),
  ibscbs_cst: z.string().nullable(),
  ibscbs_class_trib: z.string().nullable(),
  aliquota_iss_percentual: z.number(),
  ambiente: z.enum(fiscalAmbientes),
  serie: z.string(),
  proximo_numero_dps: z.number().int(),
  somente_pagas: z.boolean(),
  url_producao_restrita: z.string().nullable(),
  url_producao: z.string().nullable(),
  /** The address the notes go to now (the setting or the national default). */
  url_efetiva: z.string(),
  tem_certificado: z.boolean(),
  certificado: fiscalCertificadoSchema.nullable(),
  version: z.number().int(),
});
export type FiscalConfiguracao = z.infer<typeof fiscalConfiguracaoSchema>;

/**
 * Whether the school can emit NFS-e now — what the finance staff's 'Emitir notas' needs to know (they do
 * not read the settings themselves): `faltando`, the settings still blank; `motivo`, the server's own
 * refusal of 'Emitir' (a blank setting, or a certificate expired or unreadable). Null when ready.
 */
export const nfseSituacaoSchema = z.object({
  pronta: z.boolean(),
  faltando: z.array(z.string()),
  motivo: z.string().nullable(),
});
export type NfseSituacao = z.infer<typeof nfseSituacaoSchema>;

export const nfseEmitirInputSchema = z.strictObject({
  competencia: monthSchema,
});
export type NfseEmitirInput = z.infer<typeof nfseEmitirInputSchema>;

export const nfseProgressoSchema = z.object({
  pendentes: z.number().int(),
  emitidas: z.number().int(),
  rejeitadas: z.number().int(),
  canceladas: z.number().int(),
});

export const nfseLoteSchema = z.object({
  id: z.uuid(),
  competencia: z.string(),
  /** Notes this batch created (a mensalidade that already has a live note is not counted). */
  total: z.number().int(),
  progresso: nfseProgressoSchema,
  /** True when no note of the batch is still pendente. */
  concluido: z.boolean(),
  criado_em: z.string(),
});
export type NfseLote = z.infer<typeof nfseLoteSchema>;

export const nfseListQuerySchema = z.object({ competencia: monthSchema });

export const nfseSchema = z.object({
  id: z.uuid(),
  lote_id: z.uuid().nullable(),
  mensalidade_id: z.uuid(),
  competencia: z.string(),
  status: z.enum(nfseStatuses),
  ambiente: z.enum(fiscalAmbientes),
  serie: z.string(),
  numero_dps: z.number().int(),
  /** The NFS-e number the national system gave (null until emitida). */
  numero: z.string().nullable(),
  chave_acesso: z.string().nullable(),
  /** Rejection code (e.g. 'E0014'), when rejeitada. */
  codigo: z.string().nullable().optional(),
  motivo: z.string().nullable().optional(),
  aluno: z.object({ id: z.uuid(), nome: z.string() }),
  tomador: z.object({ nome: z.string(), cpf: z.string().nullable() }),
  /** Centavos. */
  valor: z.number().int(),
  emitida_em: z.string().nullable(),
  cancelada_em: z.string().nullable(),
  motivo_cancelamento: z.string().nullable(),
  /**
   * The note's tuition was cancelled after it was issued: a note still 'emitida' then describes a service
   * not charged, and the Direção cancels it (the list says so).
   */
  mensalidade_cancelada: z.boolean(),
});
export type Nfse = z.infer<typeof nfseSchema>;

/** The notes of a competência, a plain list (the batch's progress is `GET /api/fiscal/nfse/lotes/:id`). */
export const nfseListSchema = z.array(nfseSchema);
export type NfseList = z.infer<typeof nfseListSchema>;

export const nfseXmlSchema = z.object({
  /** The signed DPS as sent. */
  dps: z.string().nullable(),
  /** The NFS-e XML the national system returned (null until emitida). */
  nfse: z.string().nullable(),
  /** The signed cancel event (pedRegEvento) and the answer, when cancelled. */
  evento_cancelamento: z.string().nullable(),
});
export type NfseXml = z.infer<typeof nfseXmlSchema>;

export const nfseCancelarInputSchema = z.strictObject({
  motivo: z
    .string({
      error: `Explique o motivo do cancelamento (de ${MOTIVO_CANCELAMENTO_MIN} a ${MOTIVO_CANCELAMENTO_MAX} caracteres)`,
    })
    .pipe(singleLineText())
    .pipe(
      z
        .string()
        .min(
          MOTIVO_CANCELAMENTO_MIN,
          `O motivo do cancelamento precisa de ao menos ${MOTIVO_CANCELAMENTO_MIN} caracteres (regra nacional)`,
        )
        .max(MOTIVO_CANCELAMENTO_MAX, `Máximo de ${MOTIVO_CANCELAMENTO_MAX} caracteres`),
    ),
  /** 1 erro na emissão, 2 serviço não prestado, 9 outros (default). */
  codigo_motivo: z.enum(motivosCancelamento, { error: 'Motivo: 1, 2 ou 9' }).default('9'),
});
export type NfseCancelarInput = z.input<typeof nfseCancelarInputSchema>;

/**
 * Contracts of the Pix provider settings (issue 33 §1, Configurações → Financeiro → Pix automático,
 * ADR 0040): `GET|PUT /api/financeiro/pix/provedor` and `POST /api/financeiro/pix/provedor/testar`.
 * The secrets (`client_secret`, `chave_privada_pem`, the `.p12` and its password) go in and never come
 * back: the GET says `tem_segredo` and `tem_certificado`. A PUT that leaves a secret out (or empty) keeps
 * the stored one.
 */
import { z } from 'zod';
import { singleLineText, versionSchema } from './validators.js';

export const PEM_MAX = 20_000;
/** A `.p12` in base64 (certificate chain + key): a few KB; 64 KB leaves room for long chains. */
export const P12_MAX = 64 * 1024;

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Informe a ${label}`)
    .max(500, 'Máximo de 500 caracteres')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, `A ${label} deve ser um endereço https:// (a API Pix só funciona com TLS)`);

/** '' or null: "keep what is stored" (the screen never has the secret to send back). */
const keptSecret = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => (value === null || value === undefined || value.trim() === '' ? undefined : value));

const pem = (kind: RegExp, label: string) =>
  keptSecret(PEM_MAX, `O ${label} passa do tamanho esperado`).refine(
    (value) => value === undefined || kind.test(value),
    `Cole o ${label} em formato PEM (o texto entre -----BEGIN e -----END)`,
  );

export const pixProvedorInputSchema = z.strictObject({
  ativo: z.boolean({ error: 'Diga se o Pix automático fica ligado' }),
  base_url: httpsUrl('URL da API'),
  token_url: httpsUrl('URL do token'),
  client_id: singleLineText().min(1, 'Informe o client id').max(300, 'Máximo de 300 caracteres'),
  client_secret: keptSecret(1000, 'Máximo de 1000 caracteres').refine(
    (value) => value === undefined || !/[\r\n]/.test(value),
    'O client secret é uma linha só',
  ),
  certificado_pem: pem(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/, 'certificado'),
  chave_privada_pem: pem(/-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END/, 'chave privada'),
  /** Instead of the PEM pair: the `.p12`/`.pfx` the bank sent, in base64, and its password. */
  certificado_p12: keptSecret(P12_MAX, 'O arquivo .p12 é grande demais').refine(
    (value) => value === undefined || /^[A-Za-z0-9+/=\s]+$/.test(value),
    'O arquivo .p12 deve vir em base64',
  ),
  senha_p12: z.string().max(300, 'Máximo de 300 caracteres').nullable().optional(),
  /** The PSP's server CA, when not a public one; '' or null removes it, absent keeps it. */
  ca_pem: z
    .string()
    .max(PEM_MAX, 'A CA passa do tamanho esperado')
    .nullable()
    .optional()
    .refine(
      (value) => !value?.trim() || /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(value),
      'Cole a CA do banco em formato PEM (-----BEGIN CERTIFICATE-----)',
    ),
  chave_pix: singleLineText().min(1, 'Informe a chave Pix da escola').max(77, 'Máximo de 77 caracteres'),
  validade_apos_vencimento: z
    .number({ error: 'Informe quantos dias a cobrança vale depois do vencimento' })
    .int('Use um número inteiro de dias')
    .min(0, 'Entre 0 e 365 dias')
    .max(365, 'Entre 0 e 365 dias')
    .default(30),
  version: versionSchema.optional(),
});
export type PixProvedorInput = z.input<typeof pixProvedorInputSchema>;
export type PixProvedorData = z.output<typeof pixProvedorInputSchema>;

export const webhookStatuses = ['nao_registrado', 'registrado', 'erro'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const pixProvedorSchema = z.object({
  ativo: z.boolean(),
  base_url: z.string().nullable(),
  token_url: z.string().nullable(),
  client_id: z.string().nullable(),
  ca_pem: z.string().nullable(),
  chave_pix: z.string().nullable(),
  validade_apos_vencimento: z.number().int(),
  tem_segredo: z.boolean(),
  tem_certificado: z.boolean(),
  /** 'pem' or 'p12': how the certificate was given. */
  formato_certificado: z.enum(['pem', 'p12']).nullable(),
  certificado_valido_ate: z.string().nullable(),
  /** `PUBLIC_URL` + `/api/pix/webhook/{segredo}` (the PSP appends `/pix`). */
  webhook_url: z.string(),
  /** Real PSPs only call https addresses: the screen warns when false. */
  webhook_https: z.boolean(),
  webhook: z.object({
    status: z.enum(webhookStatuses),
    registrado_em: z.string().nullable(),
    erro: z.string().nullable(),
  }),
  version: z.number().int(),
});
export type PixProvedor = z.infer<typeof pixProvedorSchema>;

export const pixProvedorTesteSchema = z.object({ ok: z.boolean(), mensagem: z.string() });
export type PixProvedorTeste = z.infer<typeof pixProvedorTesteSchema>;

/**
 * A person's postal address in parts (issue 36, ADR 0058): what a boleto prints for the payer and CNAB
 * segment Q sends to the bank (logradouro, número, bairro, CEP, cidade, UF). The guardian's record keeps
 * the parts beside the one-line `endereco`, which is derived from them so every screen and document that
 * shows the line keeps working.
 */
import { z } from 'zod';
import { UFS } from './documents.schemas.js';
import { singleLineText } from './validators.js';

export { UFS };
export type Uf = (typeof UFS)[number];

export const ENDERECO_LIMITES = {
  logradouro: 200,
  numero: 20,
  complemento: 100,
  bairro: 100,
  cidade: 100,
} as const;

export const CEP_INVALIDO = 'CEP deve ter 8 dígitos';
export const UF_INVALIDA = 'UF inválida: use a sigla do estado, ex.: SP';
export const NUMERO_INVALIDO = 'Informe o número (com algarismos) ou s/n';
export const SEM_NUMERO = 'S/N';

/** The parts a complete address needs (complemento is optional), each with what to say when it is missing. */
export const ENDERECO_OBRIGATORIO = {
  cep: 'Informe o CEP',
  logradouro: 'Informe a rua (logradouro)',
  numero: 'Informe o número ou s/n',
  bairro: 'Informe o bairro',
  cidade: 'Informe a cidade',
  uf: 'Informe a UF',
} as const;

export const enderecoParteKeys = [
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
] as const;
export type EnderecoParteKey = (typeof enderecoParteKeys)[number];

const SEM_NUMERO_PATTERN = /^s\/?n\.?$/i;

/** A street number has a digit ('123', '1.200', '45-A', 'Km 12'), or is 's/n' (any case) when there is none. */
export function isNumeroValido(value: string): boolean {
  const text = value.trim();
  return SEM_NUMERO_PATTERN.test(text) || /\d/.test(text);
}

/** One of the 27 UFs (any case). */
export function isUf(value: string): boolean {
  return (UFS as readonly string[]).includes(value.trim().toUpperCase());
}

/** '' or null: not informed. */
const blankToNull = (value: string) => (value === '' ? null : value);
const parte = (max: number) =>
  singleLineText()
    .max(max, `Máximo de ${String(max)} caracteres`)
    .transform(blankToNull)
    .nullable()
    .optional();

/** '01001-000', '01.001-000' or '01001000' as its 8 digits. */
const cepSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{2}\.?\d{3}-?\d{3}$/.test(value), CEP_INVALIDO)
  .transform((value) => blankToNull(value.replace(/\D/g, '')))
  .nullable()
  .optional();

/** A UF ('sp' → 'SP'); '' or null: not informed. */
export const ufSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || isUf(value), UF_INVALIDA)
  .transform(blankToNull)
  .nullable()
  .optional();

const numeroSchema = singleLineText()
  .max(ENDERECO_LIMITES.numero, `Máximo de ${String(ENDERECO_LIMITES.numero)} caracteres`)
  .refine((value) => value === '' || isNumeroValido(value), NUMERO_INVALIDO)
  .transform((value) => (SEM_NUMERO_PATTERN.test(value) ? SEM_NUMERO : blankToNull(value)))
  .nullable()
  .optional();

/** The address parts as flat fields of a person's input (the guardian forms and API). */
export const enderecoPartesFields = {
  cep: cepSchema,
  logradouro: parte(ENDERECO_LIMITES.logradouro),
  numero: numeroSchema,
  complemento: parte(ENDERECO_LIMITES.complemento),
  bairro: parte(ENDERECO_LIMITES.bairro),
  cidade: parte(ENDERECO_LIMITES.cidade),
  uf: ufSchema,
};

export interface EnderecoPartes {
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
}

type PartesInformadas = Partial<Record<EnderecoParteKey, string | null | undefined>>;

const isGiven = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Whether any part was given (a complete address is then required). */
export function temEnderecoPartes(value: PartesInformadas): boolean {
  return enderecoParteKeys.some((key) => isGiven(value[key]));
}

/**
 * All or nothing: a guardian's address in parts is complete (everything but the complemento) or absent,
 * because a half address prints a boleto the bank refuses. Run once the fields are valid on their own.
 */
export function checkEnderecoCompleto(value: PartesInformadas, ctx: z.core.$RefinementCtx): void {
  if (!temEnderecoPartes(value)) return;
  for (const [key, message] of Object.entries(ENDERECO_OBRIGATORIO))
    if (!isGiven(value[key as EnderecoParteKey]))
      ctx.addIssue({ code: 'custom', message, path: [key], input: value[key as EnderecoParteKey] });
}

/** The parts of a checked input as the columns keep them (null for each when none was given). */
export function enderecoPartesOf(value: PartesInformadas): EnderecoPartes {
  const given = temEnderecoPartes(value);
  const of = (key: EnderecoParteKey) => (given ? (value[key] ?? null) : null);
  return {
    cep: of('cep'),
    logradouro: of('logradouro'),
    numero: of('numero'),
    complemento: of('complemento'),
    bairro: of('bairro'),
    cidade: of('cidade'),
    uf: of('uf'),
  };
}

/** '01001000' as '01001-000'; anything else as given. */
export function formatCep(cep: string): string {
  const digits = cep.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : cep.trim();
}

/**
 * The one-line address from the parts: 'Rua das Flores, 123 - Apto 4 - Centro - São Paulo/SP - CEP
 * 01001-000' (the form the online enrolment already wrote). Missing parts are left out; null when none.
 */
export function formatEnderecoLinha(parts: PartesInformadas): string | null {
  const text = (key: EnderecoParteKey) => (parts[key] ?? '').trim();
  const rua = [text('logradouro'), text('numero')].filter(Boolean).join(', ');
  const line = [
    [rua, text('complemento')].filter(Boolean).join(' - '),
    text('bairro'),
    [text('cidade'), text('uf').toUpperCase()].filter(Boolean).join('/'),
    text('cep') ? `CEP ${formatCep(text('cep'))}` : '',
  ]
    .filter(Boolean)
    .join(' - ');
  return line === '' ? null : line.slice(0, 300);
}

/**
 * What a guardian's record stores from a checked input: the parts and the line derived from them, or —
 * when no part was given — the one-line address as typed (older records keep theirs until edited).
 */
export function enderecoColumnsOf(
  value: PartesInformadas & { endereco?: string | null | undefined },
): EnderecoPartes & { endereco: string | null } {
  const parts = enderecoPartesOf(value);
  return temEnderecoPartes(value)
    ? { ...parts, endereco: formatEnderecoLinha(parts) }
    : { ...parts, endereco: value.endereco ?? null };
}

/** The parts in an answer (each null when not informed). */
export const enderecoPartesSchema = z.object({
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});

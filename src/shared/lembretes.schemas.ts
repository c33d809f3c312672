/**
 * Contracts of the automatic tuition reminders (issue 33 §4, ADR 0043): when they go out (Configurações →
 * Financeiro → Lembretes automáticos) and the 'Em negociação' mark that stops them for one tuition.
 */
import { z } from 'zod';
import { versionSchema } from './validators.js';

/** The three moments of the schedule: before the due date, the first day(s) after, and later. */
export const lembreteMomentos = ['antes', 'depois', 'atraso'] as const;
export type LembreteMomento = (typeof lembreteMomentos)[number];
export const lembreteMomentoLabels: Record<LembreteMomento, string> = {
  antes: 'Antes do vencimento',
  depois: 'Logo depois do vencimento',
  atraso: 'Mais tarde, se continuar em aberto',
};

export const LEMBRETE_DIAS_ANTES_MAX = 15;
export const LEMBRETE_DIAS_DEPOIS_MAX = 60;

const dias = (max: number) =>
  z
    .number({ error: 'Informe o número de dias' })
    .int('Use um número inteiro de dias')
    .min(1, 'No mínimo 1 dia')
    .max(max, `No máximo ${max} dias`);

const regra = (max: number) =>
  z.strictObject({ ativo: z.boolean({ error: 'Ligado ou desligado?' }), dias: dias(max) });

export const updateLembretesConfigInputSchema = z
  .strictObject({
    /** The schedule as a whole: off until the school turns it on. */
    ativo: z.boolean({ error: 'Ligado ou desligado?' }),
    antes: regra(LEMBRETE_DIAS_ANTES_MAX),
    depois: regra(LEMBRETE_DIAS_DEPOIS_MAX),
    atraso: regra(LEMBRETE_DIAS_DEPOIS_MAX),
    version: versionSchema.optional(),
  })
  .refine((value) => !(value.depois.ativo && value.atraso.ativo) || value.atraso.dias > value.depois.dias, {
    path: ['atraso', 'dias'],
    message: 'O último lembrete deve sair depois do primeiro após o vencimento',
  });
export type UpdateLembretesConfigInput = z.infer<typeof updateLembretesConfigInputSchema>;

/** One reminder's words as the family receives them (the preview shows the three). */
export const lembreteTextoSchema = z.object({
  /** The bell's title and the e-mail's subject: never more than 'Mensalidade de <mês>' (CDC art. 42). */
  assunto: z.string(),
  /** The bell's text (seen only in the family's own portal). */
  texto: z.string(),
  /** The e-mail's body, after 'Olá, <nome>.' and before the portal's link. */
  email: z.string(),
  /** The SMS, before the portal's link. */
  sms: z.string(),
});
export type LembreteTexto = z.infer<typeof lembreteTextoSchema>;

export const lembretesConfigSchema = z.object({
  ativo: z.boolean(),
  antes: z.object({ ativo: z.boolean(), dias: z.number().int() }),
  depois: z.object({ ativo: z.boolean(), dias: z.number().int() }),
  atraso: z.object({ ativo: z.boolean(), dias: z.number().int() }),
  /** 0 until the school first saves (the defaults). */
  version: z.number().int(),
  /** The three texts with an example tuition, as they would go out today. */
  previa: z.object({ antes: lembreteTextoSchema, depois: lembreteTextoSchema, atraso: lembreteTextoSchema }),
  /** Whether the school's phone or e-mail is filled in (the texts give the family a contact). */
  tem_contato: z.boolean(),
});
export type LembretesConfig = z.infer<typeof lembretesConfigSchema>;

const motivo = z
  .string({ error: 'Informe o motivo' })
  .trim()
  .min(3, 'Informe o motivo')
  .max(300, 'Máximo de 300 caracteres');

/** 'Em negociação' set or cleared by the staff: always with a reason (audited). */
export const negociacaoInputSchema = z.strictObject({ motivo });
export type NegociacaoInput = z.infer<typeof negociacaoInputSchema>;

/** A family's open charges marked (or cleared) at once: the months of tuition and the enrolment fees apart. */
export const negociacaoFamiliaResultSchema = z.object({
  mensalidades: z.number().int(),
  taxas_matricula: z.number().int(),
});
export type NegociacaoFamiliaResult = z.infer<typeof negociacaoFamiliaResultSchema>;

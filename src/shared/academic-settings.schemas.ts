/**
 * Contracts of the academic settings ('Acadêmico'): scale, passing grade, recuperação and annual-average
 * rules, period weights.
 */
import { z } from 'zod';
import {
  conceitos,
  escalas,
  parseTenths,
  regrasMediaAnual,
  regrasRecuperacao,
  scaleMaxTenths,
  type AveragingRules,
  type Conceito,
  type Escala,
  type RegraMediaAnual,
} from './averages.js';
import {
  defaultStageRules,
  etapas,
  mergeStageRules,
  stageRuleIssues,
  stageRulesInputSchema,
  stageRulesSchema,
  type StageRules,
  type StageRulesInput,
} from './stage-rules.js';

/**
 * Contracts of grades, the boletim and closing the year. Grades and averages travel as
 * numbers with one decimal (7.5) and are stored as exact decimals; `texto` is how they read ('7,5' or
 * 'B'). The rules are in shared/averages.ts.
 */

// ---------------------------------------------------------------- academic settings ('Acadêmico')

/** A decimal with one place, as a number or text ('7,5'); kept as the number 7.5. */
const decimalOne = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} inválida` }).transform((value, context) => {
    const tenths = parseTenths(value);
    if (tenths === null) {
      context.addIssue({
        code: 'custom',
        message: `${label} inválida: use um número com até uma casa decimal`,
      });
      return z.NEVER;
    }
    return tenths / 10;
  });

const academicShape = {
  escala: z.enum(escalas, { error: 'Escala inválida' }),
  /** Numeric value (0–10) of each concept, used when the scale is A–E. */
  conceitos: z.strictObject(
    Object.fromEntries(
      conceitos.map((concept) => [concept, decimalOne(`Valor do conceito ${concept}`)]),
    ) as Record<Conceito, ReturnType<typeof decimalOne>>,
  ),
  recuperacao: z.enum(regrasRecuperacao, { error: 'Regra de recuperação inválida' }),
  media_anual: z.enum(regrasMediaAnual, { error: 'Regra da média anual inválida' }),
  /** Weight of each period (1st, 2nd…), when the annual average is weighted. */
  pesos_periodos: z
    .array(z.number().int('Peso inválido').min(1, 'Peso mínimo 1').max(10, 'Peso máximo 10'))
    .max(4, 'No máximo 4 períodos'),
  media_aprovacao: decimalOne('Média de aprovação'),
  /** How the recuperação final counts (ADR 0097); a document saved before it reads the default. */
  recuperacao_final: z
    .enum(regrasRecuperacao, { error: 'Regra da recuperação final inválida' })
    .default('substitui_se_maior'),
  /** The average needed after the recuperação final; null: the passing average. */
  media_recuperacao_final: decimalOne('Média depois da recuperação final').nullable().default(null),
  frequencia_minima: z.boolean({ error: 'Informe se a reprovação por falta vale' }),
};

/** The stored rules per stage: a document saved before them (or a year closed before them) has the law's. */
const storedStageRules = stageRulesInputSchema
  .optional()
  .transform((value): StageRules => mergeStageRules(defaultStageRules, value));

function checkAcademicSettings(
  value: {
    escala: Escala;
    conceitos: Record<Conceito, number>;
    media_aprovacao: number;
    media_recuperacao_final: number | null;
    media_anual: RegraMediaAnual;
    pesos_periodos: number[];
    etapas?: StageRulesInput | StageRules | undefined;
  },
  context: z.RefinementCtx,
) {
  const max = scaleMaxTenths(value.escala) / 10;
  if (value.etapas)
    for (const etapa of etapas) {
      const own = value.etapas[etapa];
      if (own)
        for (const issue of stageRuleIssues(etapa, own, max))
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  if (value.media_aprovacao > max || value.media_aprovacao <= 0)
    context.addIssue({
      code: 'custom',
      path: ['media_aprovacao'],
      message: `A média de aprovação deve estar entre 0 e ${String(max)}`,
    });
  if (
    value.media_recuperacao_final !== null &&
    (value.media_recuperacao_final <= 0 || value.media_recuperacao_final > value.media_aprovacao)
  )
    context.addIssue({
      code: 'custom',
      path: ['media_recuperacao_final'],
      message: `A média depois da recuperação final deve ser maior que 0 e no máximo a média de aprovação (${String(
        value.media_aprovacao,
      ).replace('.', ',')})`,
    });
  conceitos.forEach((concept, index) => {
    const own = value.conceitos[concept];
    if (own > 10)
      context.addIssue({ code: 'custom', path: ['conceitos', concept], message: 'O valor vai de 0 a 10' });
    const next = conceitos[index + 1];
    if (next && own <= value.conceitos[next])
      context.addIssue({
        code: 'custom',
        path: ['conceitos', concept],
        message: `${concept} deve valer mais que ${next}`,
      });
  });
  if (value.media_anual === 'pesos' && value.pesos_periodos.length === 0)
    context.addIssue({ code: 'custom', path: ['pesos_periodos'], message: 'Informe o peso de cada período' });
}

export const REPROVACAO_POR_FALTA_OBRIGATORIA =
  'A reprovação por falta não pode ser desligada: a LDB (art. 24, VI) exige a frequência mínima para a aprovação. A escola pode exigir mais em Regras por etapa.';

/**
 * What a school may send for `frequencia_minima`: only true (or nothing). The minimum attendance is the
 * law's condition of approval, which a school may raise (Regras por etapa) and never switch off. Stored
 * documents keep their boolean: a closed year's snapshot is the record of how it was closed.
 */
const lawfulMinimum = z.literal(true, { error: REPROVACAO_POR_FALTA_OBRIGATORIA }).default(true);

/** The school-wide part alone (the general form of Configurações → Acadêmico): no `etapas`. */
export const academicGeneralValuesSchema = z
  .strictObject({ ...academicShape, frequencia_minima: lawfulMinimum })
  .superRefine(checkAcademicSettings);

export const academicSettingsValuesSchema = z
  .strictObject({ ...academicShape, etapas: storedStageRules })
  .superRefine(checkAcademicSettings);
export type AcademicSettingsValues = z.output<typeof academicSettingsValuesSchema>;

export const defaultAcademicSettings: AcademicSettingsValues = {
  escala: '0-10',
  conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
  recuperacao: 'substitui_se_maior',
  media_anual: 'media_periodos',
  pesos_periodos: [],
  media_aprovacao: 6,
  recuperacao_final: 'substitui_se_maior',
  media_recuperacao_final: null,
  frequencia_minima: true,
  etapas: defaultStageRules,
};

export const updateAcademicSettingsInputSchema = z
  .strictObject({
    ...academicShape,
    frequencia_minima: lawfulMinimum,
    /** The rules per stage; a stage (or a field) left out keeps its saved value. */
    etapas: stageRulesInputSchema.optional(),
    // 0 is the version of settings never saved (the defaults).
    version: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .superRefine(checkAcademicSettings);
export type UpdateAcademicSettingsInput = z.input<typeof updateAcademicSettingsInputSchema>;

/** The answer of the settings routes: the values (numbers, not text) with the version. */
export const academicSettingsSchema = z.object({
  escala: z.enum(escalas),
  conceitos: z.object(
    Object.fromEntries(conceitos.map((concept) => [concept, z.number()])) as Record<Conceito, z.ZodNumber>,
  ),
  recuperacao: z.enum(regrasRecuperacao),
  media_anual: z.enum(regrasMediaAnual),
  pesos_periodos: z.array(z.number().int()),
  media_aprovacao: z.number(),
  recuperacao_final: z.enum(regrasRecuperacao),
  media_recuperacao_final: z.number().nullable(),
  frequencia_minima: z.boolean(),
  etapas: stageRulesSchema,
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type AcademicSettings = AcademicSettingsValues & { version: number; updated_at: string | null };

/** The settings as the averaging functions take them (tenths). */
export function rulesOf(values: AcademicSettingsValues): AveragingRules {
  const tenths = (value: number) => Math.round(value * 10);
  return {
    escala: values.escala,
    conceitos: Object.fromEntries(conceitos.map((c) => [c, tenths(values.conceitos[c])])) as Record<
      Conceito,
      number
    >,
    recuperacao: values.recuperacao,
    mediaAnual: values.media_anual,
    pesosPeriodos: values.pesos_periodos,
    mediaAprovacao: tenths(values.media_aprovacao),
    recuperacaoFinal: values.recuperacao_final,
    mediaRecuperacaoFinal:
      values.media_recuperacao_final === null ? null : tenths(values.media_recuperacao_final),
    frequenciaMinima: values.frequencia_minima,
    etapas: values.etapas,
  };
}

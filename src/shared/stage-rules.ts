/**
 * The rules of each stage of educação básica (Configurações → Acadêmico → Regras por etapa): how it is
 * evaluated, the minimum attendance, the Conselho Tutelar line, and the passing average and recuperação
 * when they differ from the school's. `stageRulesOf` is the one function every screen, report and PDF
 * asks for a class's rules.
 */
import { z } from 'zod';
import { parseTenths, regrasRecuperacao, type AveragingRules, type RegraRecuperacao } from './averages.js';
import { infantilEtapaOf, isInfantil } from './classes.schemas.js';

export const etapas = ['creche', 'pre_escola', 'fundamental_1', 'fundamental_2', 'medio'] as const;
export type Etapa = (typeof etapas)[number];

export const etapaLabels: Record<Etapa, string> = {
  creche: 'Educação Infantil — creche',
  pre_escola: 'Educação Infantil — pré-escola',
  fundamental_1: 'Ensino Fundamental I (1º ao 5º ano)',
  fundamental_2: 'Ensino Fundamental II (6º ao 9º ano)',
  medio: 'Ensino Médio',
};

/** Genitive of each stage, for messages ('… da pré-escola'). */
const etapaDe: Record<Etapa, string> = {
  creche: 'da creche',
  pre_escola: 'da pré-escola',
  fundamental_1: 'do Fundamental I',
  fundamental_2: 'do Fundamental II',
  medio: 'do Ensino Médio',
};

export const avaliacoes = ['notas', 'parecer'] as const;
export type Avaliacao = (typeof avaliacoes)[number];
export const avaliacaoLabels: Record<Avaliacao, string> = {
  notas: 'Notas',
  parecer: 'Parecer descritivo',
};

/**
 * The law's floor of each stage: the minimum attendance (LDB art. 24, VI: 75 %; art. 31, IV: 60 % in
 * the pré-escola; none in the creche) and the legal basis shown beside it.
 */
export const frequenciaMinimaLegal: Record<Etapa, number | null> = {
  creche: null,
  pre_escola: 60,
  fundamental_1: 75,
  fundamental_2: 75,
  medio: 75,
};
export const baseLegalFrequencia: Record<Etapa, string> = {
  creche: 'A lei não fixa frequência mínima para a creche (LDB art. 31).',
  pre_escola: 'LDB art. 31, IV: ao menos 60 % na pré-escola.',
  fundamental_1: 'LDB art. 24, VI: ao menos 75 % das horas letivas.',
  fundamental_2: 'LDB art. 24, VI: ao menos 75 % das horas letivas.',
  medio: 'LDB art. 24, VI: ao menos 75 % das horas letivas.',
};

/**
 * The Conselho Tutelar line the law sets (LDB art. 12, VIII, by Lei 13.803/2019): absences past 30 % of
 * the percentage the law allows — 30 % of 25 % = 7,5 % of the lessons; in the pré-escola 30 % of 40 % =
 * 12 %; none in the creche (no legal minimum).
 */
export const limiteConselhoLegal: Record<Etapa, number | null> = {
  creche: null,
  pre_escola: 12,
  fundamental_1: 7.5,
  fundamental_2: 7.5,
  medio: 7.5,
};

/**
 * Educação Infantil is evaluated by parecer descritivo, never by grades (LDB art. 31, I). Fundamental
 * and Médio are evaluated by grades here: a parecer in the first years of Fundamental would need every
 * grade screen (Notas, boletim, year closing, histórico) to follow it, which they do not (ADR 0028).
 */
export const avaliacaoDaEtapa: Record<Etapa, Avaliacao> = {
  creche: 'parecer',
  pre_escola: 'parecer',
  fundamental_1: 'notas',
  fundamental_2: 'notas',
  medio: 'notas',
};

export const isInfantilEtapa = (etapa: Etapa): boolean => etapa === 'creche' || etapa === 'pre_escola';

/** The years a ciclo de alfabetização may span: the first three of Fundamental I (Res. CNE/CEB 7/2010 art. 30). */
export const CICLO_ANOS = [1, 2, 3] as const;

/** The stage's rules as stored and answered: null in a field is 'none' (attendance) or 'the school's'. */
export interface StageRule {
  avaliacao: Avaliacao;
  /** Minimum attendance in % (whole number); null: none (only the creche may have none). */
  frequencia_minima: number | null;
  /** Absences (% of the lessons given) past which the Conselho Tutelar is notified; null: no line. */
  limite_conselho: number | null;
  /** The stage's passing average; null: the school's (Infantil: always null, no grades). */
  media_aprovacao: number | null;
  /** The stage's recuperação rule; null: the school's. */
  recuperacao: RegraRecuperacao | null;
  /** The stage's recuperação final rule (ADR 0097); null: the school's. */
  recuperacao_final: RegraRecuperacao | null;
  /** The average needed after the recuperação final; null: the school's (else the passing average). */
  media_recuperacao_final: number | null;
  /**
   * Fundamental I only: the ciclo de alfabetização, the first years in which the school does not retain by
   * grade (Res. CNE/CEB 7/2010 art. 30; the school's regimento) — up to the 1º, 2º or 3º ano; null: none
   * (ADR 0125). Retention by absence (LDB art. 24, VI) still holds.
   */
  ciclo_sem_reprovacao_ate: number | null;
}
export type StageRules = Record<Etapa, StageRule>;

export const defaultStageRules: StageRules = Object.fromEntries(
  etapas.map((etapa) => [
    etapa,
    {
      avaliacao: avaliacaoDaEtapa[etapa],
      frequencia_minima: frequenciaMinimaLegal[etapa],
      limite_conselho: limiteConselhoLegal[etapa],
      media_aprovacao: null,
      recuperacao: null,
      recuperacao_final: null,
      media_recuperacao_final: null,
      ciclo_sem_reprovacao_ate: null,
    },
  ]),
) as StageRules;

/** A percentage with up to one decimal, from a number or text ('7,5'). */
const percentField = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} inválida` })
    .transform((value, context) => {
      const tenths = parseTenths(value);
      if (tenths === null || tenths > 1000) {
        context.addIssue({ code: 'custom', message: `${label} inválida: use um número de 0 a 100` });
        return z.NEVER;
      }
      return tenths / 10;
    })
    .nullable();

/** One stage as the PUT takes it: every field optional (what is left out keeps its saved value). */
export const stageRuleInputSchema = z.strictObject({
  avaliacao: z.enum(avaliacoes, { error: 'Forma de avaliação inválida' }).optional(),
  frequencia_minima: percentField('Frequência mínima').optional(),
  limite_conselho: percentField('Limite para o Conselho Tutelar').optional(),
  media_aprovacao: percentField('Média de aprovação').optional(),
  recuperacao: z.enum(regrasRecuperacao, { error: 'Regra de recuperação inválida' }).nullable().optional(),
  recuperacao_final: z
    .enum(regrasRecuperacao, { error: 'Regra da recuperação final inválida' })
    .nullable()
    .optional(),
  media_recuperacao_final: percentField('Média depois da recuperação final').optional(),
  ciclo_sem_reprovacao_ate: z
    .union([z.number(), z.string()], { error: 'Ciclo de alfabetização inválido' })
    .transform((value, context) => {
      const year = Number(value);
      if (!CICLO_ANOS.includes(year as 1)) {
        context.addIssue({
          code: 'custom',
          message: 'Ciclo de alfabetização inválido: até o 1º, 2º ou 3º ano',
        });
        return z.NEVER;
      }
      return year;
    })
    .nullable()
    .optional(),
});
export type StageRuleInput = z.output<typeof stageRuleInputSchema>;

export const stageRulesInputSchema = z.strictObject(
  Object.fromEntries(etapas.map((etapa) => [etapa, stageRuleInputSchema.optional()])) as Record<
    Etapa,
    z.ZodOptional<typeof stageRuleInputSchema>
  >,
  { error: 'Regras por etapa inválidas' },
);
export type StageRulesInput = z.output<typeof stageRulesInputSchema>;

/** The answer's shape of one stage. */
export const stageRuleSchema = z.object({
  avaliacao: z.enum(avaliacoes),
  frequencia_minima: z.number().nullable(),
  limite_conselho: z.number().nullable(),
  media_aprovacao: z.number().nullable(),
  recuperacao: z.enum(regrasRecuperacao).nullable(),
  recuperacao_final: z.enum(regrasRecuperacao).nullable(),
  media_recuperacao_final: z.number().nullable(),
  ciclo_sem_reprovacao_ate: z.number().nullable(),
});
export const stageRulesSchema = z.object(
  Object.fromEntries(etapas.map((etapa) => [etapa, stageRuleSchema])) as Record<
    Etapa,
    typeof stageRuleSchema
  >,
);

const fmt = (value: number) => String(value).replace('.', ',');

/**
 * The law's limits on a stage's rules (the school may be stricter, never looser), as issues on
 * `etapas.<etapa>.<field>`; `maxGrade` is the school's scale's highest grade.
 */
export function stageRuleIssues(
  etapa: Etapa,
  rule: StageRuleInput,
  maxGrade: number,
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const at = (field: string, message: string) => issues.push({ path: ['etapas', etapa, field], message });
  if (rule.avaliacao !== undefined && rule.avaliacao !== avaliacaoDaEtapa[etapa])
    at(
      'avaliacao',
      isInfantilEtapa(etapa)
        ? 'Na Educação Infantil a avaliação é por parecer descritivo, sem notas (LDB art. 31, I).'
        : `A avaliação ${etapaDe[etapa]} é por notas.`,
    );
  const legal = frequenciaMinimaLegal[etapa];
  if (rule.frequencia_minima !== undefined) {
    if (rule.frequencia_minima === null) {
      if (legal !== null)
        at(
          'frequencia_minima',
          `Informe a frequência mínima ${etapaDe[etapa]}: a lei exige ao menos ${fmt(legal)} %.`,
        );
    } else if (legal !== null && rule.frequencia_minima < legal)
      at(
        'frequencia_minima',
        `A frequência mínima ${etapaDe[etapa]} não pode ser menor que ${fmt(legal)} % (${
          etapa === 'pre_escola' ? 'LDB art. 31, IV' : 'LDB art. 24, VI'
        }).`,
      );
    else if (rule.frequencia_minima <= 0)
      at('frequencia_minima', 'A frequência mínima deve ser maior que 0 % (ou deixe sem mínimo).');
  }
  const line = limiteConselhoLegal[etapa];
  if (rule.limite_conselho !== undefined) {
    if (rule.limite_conselho === null) {
      if (line !== null)
        at(
          'limite_conselho',
          `Informe o limite de faltas para o Conselho Tutelar ${etapaDe[etapa]}: a lei manda notificar acima de ${fmt(line)} %.`,
        );
    } else if (line !== null && rule.limite_conselho > line)
      at(
        'limite_conselho',
        `O limite para o Conselho Tutelar ${etapaDe[etapa]} não pode passar de ${fmt(line)} % das aulas (30 % das faltas permitidas em lei, Lei 13.803/2019).`,
      );
    else if (rule.limite_conselho <= 0)
      at('limite_conselho', 'O limite para o Conselho Tutelar deve ser maior que 0 %.');
  }
  if (isInfantilEtapa(etapa)) {
    if (rule.media_aprovacao !== undefined && rule.media_aprovacao !== null)
      at('media_aprovacao', 'A Educação Infantil não tem notas nem média de aprovação (LDB art. 31).');
    if (rule.recuperacao !== undefined && rule.recuperacao !== null)
      at('recuperacao', 'A Educação Infantil não tem notas nem recuperação (LDB art. 31).');
    if (
      (rule.recuperacao_final !== undefined && rule.recuperacao_final !== null) ||
      (rule.media_recuperacao_final !== undefined && rule.media_recuperacao_final !== null)
    )
      at('recuperacao_final', 'A Educação Infantil não tem notas nem recuperação final (LDB art. 31).');
  } else if (
    rule.media_recuperacao_final !== undefined &&
    rule.media_recuperacao_final !== null &&
    (rule.media_recuperacao_final <= 0 || rule.media_recuperacao_final > maxGrade)
  )
    at(
      'media_recuperacao_final',
      `A média depois da recuperação final deve estar entre 0 e ${fmt(maxGrade)}`,
    );
  if (
    etapa !== 'fundamental_1' &&
    rule.ciclo_sem_reprovacao_ate !== undefined &&
    rule.ciclo_sem_reprovacao_ate !== null
  )
    at(
      'ciclo_sem_reprovacao_ate',
      'O ciclo de alfabetização sem reprovação por nota só existe nos primeiros anos do Fundamental I.',
    );
  if (
    !isInfantilEtapa(etapa) &&
    rule.media_aprovacao !== undefined &&
    rule.media_aprovacao !== null &&
    (rule.media_aprovacao <= 0 || rule.media_aprovacao > maxGrade)
  )
    at('media_aprovacao', `A média de aprovação deve estar entre 0 e ${fmt(maxGrade)}`);
  return issues;
}

/** The saved rules with a PUT's stages laid over them (a field left out keeps its value). */
export function mergeStageRules(saved: StageRules, input: StageRulesInput | undefined): StageRules {
  if (!input) return saved;
  return Object.fromEntries(
    etapas.map((etapa) => {
      const given: Record<string, unknown> = input[etapa] ?? {};
      const own = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
      return [etapa, { ...saved[etapa], ...own }];
    }),
  ) as StageRules;
}

/** The stage of a class: Infantil by its age group, the others by `nivel`; null without a class. */
export function etapaOf(turma: { nivel: string; serie: string } | null | undefined): Etapa | null {
  if (!turma) return null;
  if (isInfantil(turma.nivel)) return infantilEtapaOf(turma.serie);
  if (turma.nivel === 'Fundamental I') return 'fundamental_1';
  if (turma.nivel === 'Ensino Médio') return 'medio';
  return 'fundamental_2';
}

/** A class's rules: the school's averaging rules with its stage's own laid over them. */
export interface ClassRules extends AveragingRules {
  etapa: Etapa | null;
  avaliacao: Avaliacao;
  /** Minimum attendance in %; null: none (no 'below the minimum', no failing by absence). */
  minima: number | null;
  /** The Conselho Tutelar line in % of the year's planned lessons (ADR 0117); null: none. */
  limiteConselho: number | null;
  /** The class is a year of the school's ciclo de alfabetização: no retention by grade (ADR 0125). */
  semReprovacaoPorNota: boolean;
}

/**
 * The one answer to 'which rules hold for this class': its stage's minimum attendance, Conselho
 * Tutelar line, evaluation, passing average and recuperação, from the rules of the year (a closed
 * year's snapshot or today's settings). Without a class (a student not placed), the law's general
 * rules (75 %, 7,5 %) and the school's averages.
 */
export function stageRulesOf(
  turma: { nivel: string; serie: string } | null | undefined,
  rules: AveragingRules,
): ClassRules {
  const etapa = etapaOf(turma);
  if (etapa === null)
    return {
      ...rules,
      etapa,
      avaliacao: 'notas',
      minima: 75,
      limiteConselho: 7.5,
      semReprovacaoPorNota: false,
    };
  const own = (rules.etapas ?? defaultStageRules)[etapa];
  // A snapshot of a year closed before ADR 0125 has no ciclo: none.
  const ciclo = etapa === 'fundamental_1' ? (own.ciclo_sem_reprovacao_ate ?? null) : null;
  const ano = /^(\d+)/.exec(turma?.serie.trim() ?? '');
  return {
    ...rules,
    etapa,
    avaliacao: own.avaliacao,
    minima: own.frequencia_minima,
    limiteConselho: own.limite_conselho,
    mediaAprovacao:
      own.media_aprovacao === null ? rules.mediaAprovacao : Math.round(own.media_aprovacao * 10),
    recuperacao: own.recuperacao ?? rules.recuperacao,
    recuperacaoFinal: own.recuperacao_final ?? rules.recuperacaoFinal,
    mediaRecuperacaoFinal:
      own.media_recuperacao_final === null
        ? rules.mediaRecuperacaoFinal
        : Math.round(own.media_recuperacao_final * 10),
    // Infantil never fails (LDB art. 31): no retention by absence either.
    frequenciaMinima: rules.frequenciaMinima && !isInfantilEtapa(etapa),
    semReprovacaoPorNota: ciclo !== null && ano !== null && Number(ano[1]) <= ciclo,
  };
}

/** '75 %', '60 %' or 'sem mínimo' — how a screen names a minimum. */
export const minimaText = (minima: number | null): string =>
  minima === null ? 'sem mínimo' : `${fmt(minima)} %`;
export const percentText = (value: number): string => `${fmt(value)} %`;

import { z } from 'zod';
import { withAliases } from './aliases.js';
import {
  conceitos,
  escalas,
  parseTenths,
  regrasMediaAnual,
  regrasRecuperacao,
  scaleMaxTenths,
  situacoes,
  type AveragingRules,
  type Conceito,
  type Escala,
  type RegraMediaAnual,
  type RegraRecuperacao,
  type Situacao,
} from './averages.js';
import { turnos } from './classes.schemas.js';
import { disciplinas } from './teachers.schemas.js';
import { isoDateSchema, requiredName, singleLineText, uuidParam, versionSchema } from './validators.js';

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
  frequencia_minima: z.boolean({ error: 'Informe se a regra dos 75 % vale' }),
};

function checkAcademicSettings(
  value: {
    escala: Escala;
    conceitos: Record<Conceito, number>;
    media_aprovacao: number;
    media_anual: RegraMediaAnual;
    pesos_periodos: number[];
  },
  context: z.RefinementCtx,
) {
  const max = scaleMaxTenths(value.escala) / 10;
  if (value.media_aprovacao > max || value.media_aprovacao <= 0)
    context.addIssue({
      code: 'custom',
      path: ['media_aprovacao'],
      message: `A média de aprovação deve estar entre 0 e ${String(max)}`,
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

export const academicSettingsValuesSchema = z.strictObject(academicShape).superRefine(checkAcademicSettings);
export type AcademicSettingsValues = z.output<typeof academicSettingsValuesSchema>;

export const defaultAcademicSettings: AcademicSettingsValues = {
  escala: '0-10',
  conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
  recuperacao: 'substitui_se_maior',
  media_anual: 'media_periodos',
  pesos_periodos: [],
  media_aprovacao: 6,
  frequencia_minima: true,
};

export const updateAcademicSettingsInputSchema = z
  .strictObject({
    ...academicShape,
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
  frequencia_minima: z.boolean(),
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
    frequenciaMinima: values.frequencia_minima,
  };
}

// ---------------------------------------------------------------- assessments

export const tiposAvaliacao = ['regular', 'recuperacao'] as const;
export type TipoAvaliacao = (typeof tiposAvaliacao)[number];
export const tipoAvaliacaoLabels: Record<TipoAvaliacao, string> = {
  regular: 'Avaliação',
  recuperacao: 'Recuperação do período',
};

/** Issue 14 named the filters `turma`, `disciplina` and `periodo`: `turma` and `periodo` are taken too. */
export const assessmentsQuerySchema = withAliases(
  {
    turma_id: uuidParam.optional(),
    disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }).optional(),
    periodo_id: uuidParam.optional(),
  },
  { turma: 'turma_id', periodo: 'periodo_id' },
);
export type AssessmentsQuery = z.infer<typeof assessmentsQuerySchema>;

const pesoSchema = z
  .union([z.number(), z.string()], { error: 'Peso inválido' })
  .transform((value, context) => {
    const tenths = parseTenths(value);
    if (tenths === null || tenths === 0 || tenths > 100) {
      context.addIssue({ code: 'custom', message: 'O peso vai de 0,1 a 10, com até uma casa decimal' });
      return z.NEVER;
    }
    return tenths / 10;
  });

export const assessmentInputSchema = z.strictObject({
  turma_id: uuidParam,
  disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }),
  periodo_id: uuidParam,
  nome: requiredName('Nome da avaliação'),
  data: isoDateSchema,
  peso: pesoSchema.default(1),
  tipo: z.enum(tiposAvaliacao, { error: 'Tipo inválido' }).default('regular'),
});
export type AssessmentData = z.output<typeof assessmentInputSchema>;

export const assessmentUpdateSchema = z.strictObject({
  nome: requiredName('Nome da avaliação'),
  data: isoDateSchema,
  peso: pesoSchema.default(1),
  version: versionSchema.optional(),
});
export type AssessmentUpdateData = z.output<typeof assessmentUpdateSchema>;

export const assessmentSchema = z.object({
  id: z.string(),
  turma_id: z.string(),
  turma_nome: z.string(),
  disciplina: z.string(),
  periodo_id: z.string(),
  periodo_nome: z.string(),
  nome: z.string(),
  data: z.string(),
  peso: z.number(),
  tipo: z.enum(tiposAvaliacao),
  /** Students with a grade entered / on the roll. */
  notas_lancadas: z.number().int(),
  version: z.number().int(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

// ---------------------------------------------------------------- grades

/** `GET /api/notas/turmas/{id}?disciplina=&periodo=` as issue 14 wrote it; `periodo_id` as before. */
export const gridQuerySchema = withAliases(
  {
    disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }),
    periodo_id: uuidParam,
  },
  { periodo: 'periodo_id' },
);

/** One cell: a number, '7,5', a concept letter, or null (not given — different from 0). */
export const gradeValueSchema = z.union([z.number(), z.string().trim().max(10), z.null()], {
  error: 'Nota inválida',
});

/** A grade as a form's text box holds it: blank is 'sem nota' (null), the rest is read on the scale. */
export const gradeTextSchema = z
  .string({ error: 'Nota inválida' })
  .trim()
  .max(10, 'Nota inválida')
  .transform((text) => (text === '' ? null : text));

export const gradeCellInputSchema = z.strictObject({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
  valor: gradeValueSchema,
  /** The grade's version as read; omit (or 0) for a cell that had no grade yet. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
/**
 * `PUT /api/notas`: `{notas: [...]}`, or — as issue 14 wrote it, "a batch of {avaliacao_id, aluno_id,
 * valor|null, version}" — the list itself (its errors then name `notas.N…` all the same).
 */
export const gradesBatchInputSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { notas: body } : body),
  z.strictObject({
    notas: z
      .array(gradeCellInputSchema)
      .min(1, 'Nenhuma nota enviada')
      .max(2000, 'No máximo 2.000 notas por vez'),
  }),
);
export type GradesBatchInput = z.infer<typeof gradesBatchInputSchema>;

export const gradeCellSchema = z.object({
  /** Null while the cell never had a grade. */
  id: z.string().nullable(),
  avaliacao_id: z.string(),
  valor: z.number().nullable(),
  texto: z.string().nullable(),
  version: z.number().int(),
});
export type GradeCell = z.infer<typeof gradeCellSchema>;

const gridAssessmentSchema = z.object({
  id: z.string(),
  nome: z.string(),
  data: z.string(),
  peso: z.number(),
  tipo: z.enum(tiposAvaliacao),
  version: z.number().int(),
});
export type GridAssessment = z.infer<typeof gridAssessmentSchema>;

const gridStudentSchema = z.object({
  id: z.string(),
  nome: z.string(),
  matricula: z.string(),
  notas: z.array(gradeCellSchema),
  /** Weighted mean of the regular assessments, then the recuperação rule. */
  media: z.number().nullable(),
  media_texto: z.string().nullable(),
});
export type GridStudent = z.infer<typeof gridStudentSchema>;

export const periodStateSchema = z.object({
  fechado: z.boolean(),
  publicado: z.boolean(),
  /** 'data' (the closing date passed) or 'manual' (an administrator closed or reopened it). */
  origem: z.enum(['data', 'manual']),
  data_fechamento: z.string(),
});
export type PeriodState = z.infer<typeof periodStateSchema>;

/**
 * Deleting an avaliação that has grades. 'livre': the period is open and was never published; 'com_motivo':
 * the period is closed or published — the administrator deletes with a reason, and the audit keeps the
 * grades and their history; 'so_secretaria': published, reopened — only the administrator deletes, with a
 * reason; 'bloqueada': the period is closed to this user, or the year was closed.
 */
export const assessmentDeletionModes = ['livre', 'com_motivo', 'so_secretaria', 'bloqueada'] as const;
export type AssessmentDeletionMode = (typeof assessmentDeletionModes)[number];

export const gradesGridSchema = z.object({
  turma: z.object({ id: z.string(), nome: z.string() }),
  disciplina: z.string(),
  periodo: periodStateSchema.extend({
    id: z.string(),
    nome: z.string(),
    inicio: z.string(),
    fim: z.string(),
  }),
  escala: z.enum(escalas),
  conceitos: z.object(
    Object.fromEntries(conceitos.map((concept) => [concept, z.number()])) as Record<Conceito, z.ZodNumber>,
  ),
  /** Why the user cannot change grades here (closed period, closed year); null when they can. */
  bloqueio: z.string().nullable(),
  /** A teacher of this subject with the period closed to them: they may ask for a retificação. */
  pode_solicitar_retificacao: z.boolean(),
  /**
   * What this user may do with an avaliação that has grades (one without grades goes freely unless
   * 'bloqueada'): see assessmentDeletionModes.
   */
  exclusao_com_notas: z.enum(assessmentDeletionModes),
  /** Pending retificação requests on this grid's cells ('depois' as shown on the scale). */
  retificacoes_pendentes: z.array(
    z.object({
      id: z.string(),
      avaliacao_id: z.string(),
      aluno_id: z.string(),
      depois: z.string().nullable(),
    }),
  ),
  avaliacoes: z.array(gridAssessmentSchema),
  alunos: z.array(gridStudentSchema),
});
export type GradesGrid = z.infer<typeof gradesGridSchema>;

export const savedGradesSchema = z.object({
  salvas: z.number().int(),
  notas: z.array(gradeCellSchema.extend({ aluno_id: z.string() })),
});
export type SavedGrades = z.infer<typeof savedGradesSchema>;

/** A required reason on one line: a missing one reads as what to write, not as a type error. */
const requiredReason = (message: string, length: { min: number; max: number; tooLong: string }) =>
  z
    .string({ error: message })
    .pipe(singleLineText())
    .pipe(z.string().min(length.min, message).max(length.max, length.tooLong));

const rectificationReason = (what: string) =>
  requiredReason(`Explique ${what} (ao menos 5 caracteres)`, {
    min: 5,
    max: 500,
    tooLong: 'Máximo de 500 caracteres',
  });

/**
 * DELETE /api/avaliacoes/{id} (optional JSON body): the reason, required from the administrator for an
 * avaliação with grades in a closed or published period; the audit keeps it with the grades deleted.
 */
export const assessmentDeleteReasonSchema = z.strictObject({
  motivo: rectificationReason('o motivo da exclusão'),
});
export const assessmentDeleteInputSchema = assessmentDeleteReasonSchema.partial();
export type AssessmentDeleteInput = z.output<typeof assessmentDeleteInputSchema>;

export const rectificationInputSchema = z.strictObject({
  valor: gradeValueSchema,
  motivo: rectificationReason('o motivo da retificação'),
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type RectificationInput = z.infer<typeof rectificationInputSchema>;

/**
 * POST /api/notas/retificar — the same retificação addressed by its cell (avaliação × aluno), for a cell
 * that never had a grade (a late make-up test): there is no grade id yet. `version` 0 (or omitted) is
 * the empty cell as read; a grade written there meanwhile is a 412.
 */
export const cellRectificationInputSchema = rectificationInputSchema.extend({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
});
export type CellRectificationInput = z.infer<typeof cellRectificationInputSchema>;

// ---------------------------------------------------------------- teachers' retificação requests

/** POST /api/retificacoes — a teacher asks the secretary to correct a grade of a closed period. */
export const rectificationRequestInputSchema = z.strictObject({
  avaliacao_id: uuidParam,
  aluno_id: uuidParam,
  /** The grade asked for; null: 'sem nota'. */
  valor: gradeValueSchema,
  motivo: rectificationReason('o motivo da retificação'),
});
export type RectificationRequestInput = z.infer<typeof rectificationRequestInputSchema>;

/** POST /api/retificacoes/:id/aprovar — an optional note to the teacher. */
export const rectificationApprovalInputSchema = z.strictObject({
  resposta: singleLineText().pipe(z.string().max(500, 'Máximo de 500 caracteres')).optional(),
});
export type RectificationApprovalInput = z.infer<typeof rectificationApprovalInputSchema>;

/** POST /api/retificacoes/:id/recusar — the teacher is told why. */
export const rectificationRefusalInputSchema = z.strictObject({
  resposta: rectificationReason('por que a solicitação foi recusada'),
});
export type RectificationRefusalInput = z.infer<typeof rectificationRefusalInputSchema>;

export const rectificationStatuses = ['pendente', 'aprovada', 'recusada'] as const;
export type RectificationStatus = (typeof rectificationStatuses)[number];
export const rectificationStatusLabels: Record<RectificationStatus, string> = {
  pendente: 'Pendente',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
};

export const rectificationRequestsQuerySchema = z.strictObject({
  situacao: z.enum([...rectificationStatuses, 'todas'], { error: 'Situação inválida' }).optional(),
  turma_id: uuidParam.optional(),
});
export type RectificationRequestsQuery = z.infer<typeof rectificationRequestsQuerySchema>;

export const rectificationRequestSchema = z.object({
  id: z.string(),
  turma: z.object({ id: z.string(), nome: z.string() }),
  disciplina: z.string(),
  periodo: z.object({ id: z.string(), nome: z.string() }),
  avaliacao: z.object({ id: z.string(), nome: z.string() }),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  /** The grade when asked, the one asked for, and the current one (as shown on the scale). */
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  atual: z.string().nullable(),
  motivo: z.string(),
  situacao: z.enum(rectificationStatuses),
  solicitado_por: z.string().nullable(),
  solicitado_em: z.string(),
  resposta: z.string().nullable(),
  decidido_por: z.string().nullable(),
  decidido_em: z.string().nullable(),
});
export type RectificationRequest = z.infer<typeof rectificationRequestSchema>;

/**
 * 'apos_publicacao': a grade entered or changed in the grid while its period was open again after being
 * published — the families had already seen the boletim, so the history says so.
 */
export const gradeChangeKinds = ['lancamento', 'retificacao', 'apos_publicacao'] as const;
export type GradeChangeKind = (typeof gradeChangeKinds)[number];
export const gradeChangeKindLabels: Record<GradeChangeKind, string> = {
  lancamento: 'Lançamento',
  retificacao: 'Retificação',
  apos_publicacao: 'Alteração após a publicação',
};

const gradeHistoryEntrySchema = z.object({
  id: z.string(),
  tipo: z.enum(gradeChangeKinds),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  motivo: z.string().nullable(),
  por: z.string().nullable(),
  em: z.string(),
});
export type GradeHistoryEntry = z.infer<typeof gradeHistoryEntrySchema>;

export const gradeHistorySchema = z.object({
  nota_id: z.string(),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  avaliacao: z.object({ id: z.string(), nome: z.string(), disciplina: z.string() }),
  atual: z.string().nullable(),
  historico: z.array(gradeHistoryEntrySchema),
});
export type GradeHistory = z.infer<typeof gradeHistorySchema>;

// ---------------------------------------------------------------- periods: close, reopen, publish

export const periodActionInputSchema = z.strictObject({
  /** One class; omitted: the whole school. */
  turma_id: uuidParam.optional(),
});
export type PeriodActionInput = z.infer<typeof periodActionInputSchema>;

export const publishInputSchema = periodActionInputSchema.extend({
  publicado: z.boolean().default(true),
});

const periodClassStateSchema = periodStateSchema.extend({ turma_id: z.string(), turma_nome: z.string() });
export type PeriodClassState = z.infer<typeof periodClassStateSchema>;

export const periodStatusSchema = z.object({
  periodo: z.object({ id: z.string(), nome: z.string(), data_fechamento: z.string() }),
  turmas: z.array(periodClassStateSchema),
});
export type PeriodStatus = z.infer<typeof periodStatusSchema>;

// ---------------------------------------------------------------- conselho de classe

export const conselhoResultados = ['aprovado', 'reprovado_nota', 'reprovado_falta'] as const;
export type ConselhoResultado = (typeof conselhoResultados)[number];
export const conselhoResultadoLabels: Record<ConselhoResultado, string> = {
  aprovado: 'Aprovado',
  reprovado_nota: 'Reprovado por nota',
  reprovado_falta: 'Reprovado por falta',
};

export const councilInputSchema = z.strictObject({
  ano: z.number().int().min(2000).max(2100).optional(),
  /** A subject's result; omitted: the student's overall result. */
  disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }).optional(),
  resultado: z.enum(conselhoResultados, { error: 'Resultado inválido' }),
  motivo: requiredReason('Registre o motivo da decisão (ao menos 10 caracteres)', {
    min: 10,
    max: 1000,
    tooLong: 'Máximo de 1.000 caracteres',
  }),
});
export type CouncilInput = z.infer<typeof councilInputSchema>;

const councilDecisionSchema = z.object({
  id: z.string(),
  aluno_id: z.string(),
  ano: z.number().int(),
  disciplina: z.string().nullable(),
  resultado: z.enum(conselhoResultados),
  motivo: z.string(),
  por: z.string().nullable(),
  em: z.string(),
});
export type CouncilDecision = z.infer<typeof councilDecisionSchema>;

// ---------------------------------------------------------------- boletim

export const reportCardQuerySchema = z.strictObject({
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
});

const reportCardPeriodSchema = z.object({
  numero: z.number().int(),
  nome: z.string(),
  publicado: z.boolean(),
  fechado: z.boolean(),
  media: z.number().nullable(),
  media_texto: z.string().nullable(),
  /** Before the recuperação (null when there was none). */
  recuperacao: z.number().nullable(),
  recuperacao_texto: z.string().nullable(),
  /** Null when the roll is daily (absences are per day, not per subject): see `frequencia.por_dia`. */
  faltas: z.number().int().nullable(),
});
export type ReportCardPeriod = z.infer<typeof reportCardPeriodSchema>;

const reportCardSubjectSchema = z.object({
  disciplina: z.string(),
  periodos: z.array(reportCardPeriodSchema),
  media_anual: z.number().nullable(),
  media_anual_texto: z.string().nullable(),
  /** Null when the roll is daily (Fundamental I): absences are counted per day, in `frequencia`. */
  faltas: z.number().int().nullable(),
  frequencia: z.number().nullable(),
  situacao: z.enum(situacoes),
  /** The situation the rules give, when the conselho de classe changed it. */
  situacao_calculada: z.enum(situacoes).nullable(),
  conselho: councilDecisionSchema.nullable(),
});
export type ReportCardSubject = z.infer<typeof reportCardSubjectSchema>;

export const reportCardSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string(), matricula: z.string() }),
  turma: z.object({ id: z.string(), nome: z.string(), serie: z.string() }).nullable(),
  ano: z.number().int(),
  ano_letivo_id: z.string().nullable(),
  ano_encerrado: z.boolean(),
  escala: z.enum(escalas),
  media_aprovacao: z.number(),
  periodos: z.array(z.object({ numero: z.number().int(), nome: z.string(), publicado: z.boolean() })),
  disciplinas: z.array(reportCardSubjectSchema),
  frequencia: z.object({
    /** Lessons given — or, with `por_dia`, school days with a roll. */
    aulas_dadas: z.number().int(),
    faltas: z.number().int(),
    frequencia: z.number().nullable(),
    /** The roll is taken once a day (Fundamental I): absences are days, not per subject. */
    por_dia: z.boolean(),
  }),
  situacao: z.enum(situacoes),
  situacao_calculada: z.enum(situacoes).nullable(),
  conselho: councilDecisionSchema.nullable(),
  /** True when the viewer (a guardian) sees only the published periods. */
  somente_publicados: z.boolean(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

/** '3 faltas em 86 dias letivos' (daily roll: absences are days) or '3 faltas em 120 aulas'. */
export function absencesText(
  frequencia: Pick<ReportCard['frequencia'], 'faltas' | 'aulas_dadas' | 'por_dia'>,
): string {
  const { faltas, aulas_dadas: dadas, por_dia: porDia } = frequencia;
  const unit = porDia ? (dadas === 1 ? 'dia letivo' : 'dias letivos') : dadas === 1 ? 'aula' : 'aulas';
  return `${String(faltas)} ${faltas === 1 ? 'falta' : 'faltas'} em ${String(dadas)} ${unit}`;
}

// ---------------------------------------------------------------- closing the year, rematrícula

export const rematriculaQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun deve ser true ou false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export const destinoTipos = ['proxima_serie', 'mesma_serie', 'concluido', 'nao_rematriculado'] as const;
export type DestinoTipo = (typeof destinoTipos)[number];
export const destinoTipoLabels: Record<DestinoTipo, string> = {
  proxima_serie: 'Próxima série',
  mesma_serie: 'Mesma série (retido)',
  concluido: 'Concluído',
  nao_rematriculado: 'Não rematriculado',
};

export const rematriculaInputSchema = z.strictObject({
  /** Adjustments to the proposal: a class left out, another shift or capacity, a teacher. */
  turmas: z
    .array(
      z.strictObject({
        origem_id: uuidParam,
        incluir: z.boolean().default(true),
        nome: requiredName('Nome da turma').optional(),
        turno: z.enum(turnos, { error: 'Turno inválido' }).optional(),
        capacidade_maxima: z
          .number({ error: 'Capacidade inválida' })
          .int('Capacidade inválida')
          .min(1, 'Capacidade mínima: 1 aluno')
          .max(200, 'Capacidade máxima: 200 alunos')
          .optional(),
        professor_responsavel_id: uuidParam.nullable().optional(),
      }),
    )
    .max(500)
    .default([]),
  /**
   * A student's destination changed by the administrator (e.g. did not re-enrol), and optionally the
   * class of next year they go to (`turma_nome`, one of the proposal's classes).
   */
  alunos: z
    .array(
      z.strictObject({
        aluno_id: uuidParam,
        destino: z.enum(destinoTipos, { error: 'Destino inválido' }),
        turma_nome: requiredName('Turma de destino').optional(),
      }),
    )
    .max(10_000)
    .default([]),
});
export type RematriculaInput = z.input<typeof rematriculaInputSchema>;

const situacaoCountsSchema = z.object(
  Object.fromEntries(situacoes.map((situacao) => [situacao, z.number().int()])) as Record<
    Situacao,
    z.ZodNumber
  >,
);

export const rematriculaClassSchema = z.object({
  origem_id: z.string(),
  origem_nome: z.string(),
  origem_serie: z.string(),
  /** Null: the last série (its students conclude). */
  nome: z.string().nullable(),
  serie: z.string().nullable(),
  nivel: z.string().nullable(),
  turno: z.enum(turnos),
  capacidade_maxima: z.number().int(),
  professor_responsavel_id: z.string().nullable(),
  incluir: z.boolean(),
  /** The class already created by an earlier application. */
  existente_id: z.string().nullable(),
  /** A copy of the origin class (same série) for retained students when no class below moves up to it. */
  para_retidos: z.boolean(),
  /** What applying would refuse about this class (a name shared with another, a teacher not found). */
  erros: z.object({ nome: z.string().nullable(), professor_responsavel_id: z.string().nullable() }),
});
export type RematriculaClass = z.infer<typeof rematriculaClassSchema>;

export const rematriculaStudentSchema = z.object({
  aluno_id: z.string(),
  nome: z.string(),
  origem_turma_id: z.string(),
  origem_turma_nome: z.string(),
  situacao: z.enum(situacoes),
  destino: z.enum(destinoTipos),
  /**
   * Next year's class; null for those who conclude or leave, and for a student going on whose class was
   * left out of the proposal (active, with no class, to be placed).
   */
  destino_turma_nome: z.string().nullable(),
});
export type RematriculaStudent = z.infer<typeof rematriculaStudentSchema>;

export const rematriculaProposalSchema = z.object({
  ano: z.number().int(),
  proximo_ano: z.number().int(),
  aplicada: z.boolean(),
  dry_run: z.boolean(),
  turmas: z.array(rematriculaClassSchema),
  alunos: z.array(rematriculaStudentSchema),
  contagem: z.object({
    proxima_serie: z.number().int(),
    mesma_serie: z.number().int(),
    concluido: z.number().int(),
    /** Inactivated: the administrator chose 'Não rematriculado' for them. */
    nao_rematriculado: z.number().int(),
    /**
     * Of those going on (próxima or mesma série), how many have no class next year (their class was
     * left out): they stay active, with no class, for the secretary to place.
     */
    sem_turma: z.number().int(),
    turmas_novas: z.number().int(),
  }),
  /**
   * Field errors applying would answer (400), found beforehand: `turmas.N.nome`,
   * `turmas.N.professor_responsavel_id` (N: the adjustment) or `turmas`. Empty when it can be applied.
   */
  erros: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type RematriculaProposal = z.infer<typeof rematriculaProposalSchema>;

export const yearClosingSchema = z.object({
  ano: z.number().int(),
  encerrado_em: z.string(),
  periodos_fechados: z.number().int(),
  situacoes: situacaoCountsSchema,
});
export type YearClosing = z.infer<typeof yearClosingSchema>;

/** The 'Ano letivo' screen: each period's state across the classes, the closing and the rematrícula. */
export const yearEndStatusSchema = z.object({
  ano_letivo_id: z.string(),
  ano: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  turmas: z.number().int(),
  alunos: z.number().int(),
  periodos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      data_fechamento: z.string(),
      /** Classes of the year where the period is still open. */
      turmas_abertas: z.number().int(),
      turmas_publicadas: z.number().int(),
    }),
  ),
  encerrado: z.boolean(),
  encerrado_em: z.string().nullable(),
  encerrado_por_nome: z.string().nullable(),
  rematricula_em: z.string().nullable(),
  /** Counts recorded when the rematrícula was applied (destinations and classes created). */
  rematricula_resumo: z
    .object({
      proxima_serie: z.number().int(),
      mesma_serie: z.number().int(),
      concluido: z.number().int(),
      nao_rematriculado: z.number().int(),
      sem_turma: z.number().int(),
      turmas_criadas: z.array(z.string()),
    })
    .nullable(),
  /** Why 'Encerrar ano' is refused today (before the year's last day); null when it can be closed. */
  encerramento_bloqueio: z.string().nullable(),
  /** Why the rematrícula cannot be applied today (until the year has ended); null when it can. */
  rematricula_bloqueio: z.string().nullable(),
});
export type YearEndStatus = z.infer<typeof yearEndStatusSchema>;

export type { Conceito, Escala, RegraMediaAnual, RegraRecuperacao, Situacao };
export { situacoes };

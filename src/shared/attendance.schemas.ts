import { z } from 'zod';
import { dayKindLabels, dayKinds, weekdayOf, type CalendarDay } from './calendar.js';
import { calendarDaySchema } from './calendar.schemas.js';
import { curriculumPendencias, frequenciaModos } from './curriculum.schemas.js';
import {
  classHeaderSchema,
  lessonContentBaseFields,
  lessonContentFields,
  monthField,
} from './diario.schemas.js';
import { subjectNameSchema } from './disciplinas.schemas.js';
import { formatCount, formatDate } from './format.js';
import { isoDateSchema, optionalText, uuidParam } from './validators.js';

/**
 * Contracts of attendance (frequência): the roll call and the
 * attendance figures. Percentages are numbers from 0 to 100 with one decimal (null before any roll).
 */

/**
 * LDB art. 24, VI: at least 75 % attendance to pass — the law's general minimum. A class's own (its
 * stage's, from Configurações → Acadêmico) is `stageRulesOf` in stage-rules.ts.
 */
export const FREQUENCIA_MINIMA = 75;
/**
 * Lei 13.803/2019 (LDB art. 12, VIII): notify the Conselho Tutelar when absences pass 30 % of the
 * percentage the law allows (25 % of the year's workload), i.e. more than 7.5 % of the lessons the
 * year plans — a count for the year (`isPastTutelaryLine`, ADR 0117), not a rate over the lessons given.
 */
export const LIMITE_CONSELHO_TUTELAR = 7.5;

/** A whole number from a query (`coerce`) or a body, every failure read as `error`. */
const wholeNumber = (coerce: boolean, error: string) =>
  (coerce ? z.coerce.number({ error }) : z.number({ error })).int(error);

/** A school year in a query or body ('Ano inválido', not zod's generic message). */
const yearField = (coerce: boolean) =>
  wholeNumber(coerce, 'Ano inválido').min(2000, 'Ano inválido').max(2100, 'Ano inválido');

/** The lesson of a day: 0 is the daily roll, 1… the subject's lessons that day. */
const lessonField = (coerce: boolean) =>
  wholeNumber(coerce, 'Aula inválida')
    .min(0, 'Aula inválida')
    .max(12, 'Aula inválida (no máximo 12 por dia)');

const namedRef = z.object({ id: z.string(), nome: z.string() });

/** A lesson of a day: the daily roll is `{ disciplina: null, aula: 0 }`. */
export const lessonSchema = z.object({
  disciplina: z.string().nullable(),
  aula: z.number().int(),
  professor_nome: z.string().nullable(),
  registrada: z.boolean(),
  /** The signed-in user may take this roll (their subject, or an administrator). */
  pode_registrar: z.boolean(),
  /**
   * A roll on record for a lesson the grade curricular does not have on that weekday (taken before the
   * grid changed, or before such rolls were refused): it counts until removed; only an administrator
   * corrects it.
   */
  fora_da_grade: z.boolean().optional(),
  /**
   * Due: not taken yet, and this user could save it now — the date is a school day up to today, the
   * period is open for them, the subject theirs (the roll's `bloqueio` would be null). The roll list's
   * 'pendentes', the class's roll and the teacher's home count these.
   */
  pendente: z.boolean(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/**
 * A lesson as the teacher says it: 'Matemática', or 'Matemática (2ª aula)' when the subject has more
 * than one lesson that day (then the first is '(1ª aula)' too, so the two never read alike).
 */
export function lessonName(lesson: Pick<Lesson, 'disciplina' | 'aula'>, dayLessons: readonly Lesson[] = []) {
  if (!lesson.disciplina) return 'Chamada do dia';
  const several =
    lesson.aula > 1 ||
    dayLessons.some((other) => other.disciplina === lesson.disciplina && other.aula !== lesson.aula);
  return several ? `${lesson.disciplina} (${String(lesson.aula)}ª aula)` : lesson.disciplina;
}

const weekendDays: Record<number, string> = { 0: 'domingo', 6: 'sábado' };

/** Why a date takes no roll, as the roll screens say it: '21/03/2026 não é dia letivo (Fim de semana).' */
export function notSchoolDayMessage(day: CalendarDay): string {
  return `${formatDate(day.data)} não é dia letivo (${day.descricao ?? dayKindLabels[day.tipo]}).`;
}

/**
 * A day without lessons in a few words, for 'Hoje não há aula (…)': 'sábado', 'Tiradentes, feriado
 * nacional', 'Recesso de julho', 'fora do ano letivo'.
 */
export function dayOffReason(day: CalendarDay): string {
  if (day.tipo === 'fim_de_semana') return weekendDays[weekdayOf(day.data)] ?? 'fim de semana';
  const kind = dayKindLabels[day.tipo].toLowerCase();
  if (!day.descricao) return kind;
  return day.tipo === 'recesso' ? day.descricao : `${day.descricao}, ${kind}`;
}

export const situacoesFalta = ['injustificada', 'justificada', 'abonada'] as const;
export type SituacaoFalta = (typeof situacoesFalta)[number];
export const situacaoFaltaLabels: Record<SituacaoFalta, string> = {
  injustificada: 'Sem justificativa',
  justificada: 'Justificada (conta como falta)',
  abonada: 'Abonada (não conta)',
};

export const rollQuerySchema = z.strictObject({
  data: isoDateSchema.optional(),
  disciplina: subjectNameSchema.optional(),
  aula: lessonField(true).optional(),
});

const rollAbsencesSchema = z
  .array(z.strictObject({ aluno_id: uuidParam, justificativa: optionalText(500) }))
  .max(200, 'No máximo 200 faltas por chamada');

export const rollInputSchema = z
  .strictObject({
    data: isoDateSchema,
    /** Per-lesson classes: the lesson of the subject that day (1, 2 … for double lessons). */
    aula: lessonField(false).optional(),
    disciplina: subjectNameSchema.nullable().optional(),
    faltas: rollAbsencesSchema,
    /** The lesson's content and homework (the diário's registro de conteúdo); omitted: kept as on record. */
    ...lessonContentFields,
    /**
     * What the device had loaded when it changed the roll (ADR 0053): its absences and the roll's
     * `atualizada_em` (null: the roll was not taken yet). With it the save is three-way per student —
     * only what the device changed is applied, and a student changed on both sides is a 409 conflict.
     * Without it the list replaces the roll (as before).
     */
    base: z
      .strictObject({
        faltas: rollAbsencesSchema,
        atualizada_em: z.string().max(40).nullable(),
        ...lessonContentBaseFields,
      })
      .nullable()
      .optional(),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.faltas.forEach((falta, index) => {
      if (seen.has(falta.aluno_id))
        context.addIssue({ code: 'custom', path: ['faltas', index, 'aluno_id'], message: 'Aluno repetido' });
      seen.add(falta.aluno_id);
    });
  });
export type RollInput = z.input<typeof rollInputSchema>;
export type RollData = z.output<typeof rollInputSchema>;

/** One student's mark as a roll conflict shows it. */
export const rollMarkSchema = z.object({ presente: z.boolean(), justificativa: z.string().nullable() });
export type RollMark = z.infer<typeof rollMarkSchema>;

/**
 * A 409 of a roll saved with `base`: one entry of `details` per student changed on both sides (the
 * envelope's `{path, message}` plus what the screen needs to let the teacher choose).
 */
export const rollConflictSchema = z.object({
  path: z.string(),
  message: z.string(),
  aluno_id: z.string(),
  nome: z.string(),
  no_aparelho: rollMarkSchema,
  no_servidor: rollMarkSchema,
  alterado_por: z.string().nullable(),
  alterado_em: z.string(),
});
export type RollConflict = z.infer<typeof rollConflictSchema>;

export const rollStudentSchema = z.object({
  id: z.string(),
  nome: z.string(),
  matricula: z.string(),
  presente: z.boolean(),
  falta: z
    .object({
      id: z.string(),
      justificativa: z.string().nullable(),
      situacao: z.enum(situacoesFalta),
      abono_motivo: z.string().nullable(),
    })
    .nullable(),
});
export type RollStudent = z.infer<typeof rollStudentSchema>;

export const rollSchema = z.object({
  turma: classHeaderSchema,
  data: z.string(),
  dia: calendarDaySchema,
  periodo: z
    .object({ id: z.string(), nome: z.string(), data_fechamento: z.string(), encerrado: z.boolean() })
    .nullable(),
  /** Why the signed-in user cannot save this roll (null: they can). */
  bloqueio: z.string().nullable(),
  /** A per-lesson class whose grade curricular has no lesson to take (see `curriculumPendencias`). */
  grade_pendente: z.enum(curriculumPendencias).nullable(),
  aulas: z.array(lessonSchema),
  disciplina: z.string().nullable(),
  aula: z.number().int(),
  chamada: z
    .object({
      id: z.string(),
      registrada_em: z.string(),
      atualizada_em: z.string(),
      registrada_por: z.string().nullable(),
      version: z.number().int(),
      /** What the lesson (or the day) taught, and the activities / homework (null: not recorded). */
      conteudo: z.string().nullable(),
      atividades: z.string().nullable(),
      /** The signed-in user may remove this roll (taken by mistake): an administrator, or a teacher while they may change it. */
      pode_remover: z.boolean(),
    })
    .nullable(),
  alunos: z.array(rollStudentSchema),
});
export type Roll = z.infer<typeof rollSchema>;

const MOTIVO_REMOCAO = 'Informe o motivo da remoção';

/** `DELETE /api/frequencia/chamadas/{id}`: why the roll goes (wrong class, lesson or day), for the audit. */
export const rollDeleteInputSchema = z.strictObject(
  {
    motivo: z
      .string({ error: MOTIVO_REMOCAO })
      .trim()
      .min(3, MOTIVO_REMOCAO)
      .max(500, 'Máximo de 500 caracteres'),
  },
  // No body at all is the same missing reason.
  { error: (issue) => (issue.code === 'invalid_type' ? MOTIVO_REMOCAO : undefined) },
);

export const rollClassesQuerySchema = z.strictObject({
  data: isoDateSchema.optional(),
  /** A school year's classes, also those it concluded (grades of past years, read-only); omitted: the active classes. */
  ano: z.coerce
    .number({ error: 'Ano inválido' })
    .int('Ano inválido')
    .min(2000, 'Ano inválido')
    .max(2100, 'Ano inválido')
    .optional(),
});

/** A class in the roll-call picker, today's lessons first. */
export const rollClassSchema = classHeaderSchema.extend({
  alunos: z.number().int(),
  /** A per-lesson class whose grade curricular has no lesson to take (see `curriculumPendencias`). */
  grade_pendente: z.enum(curriculumPendencias).nullable(),
  /** The date as the calendar has it (the same `dia` as the class's roll): no lessons unless `letivo`. */
  dia: calendarDaySchema,
  aulas: z.array(lessonSchema),
  /** Lessons of the day still due for the user (`aulas[].pendente`). */
  pendentes: z.number().int(),
});
export type RollClass = z.infer<typeof rollClassSchema>;

export const frequencyFiguresSchema = z.object({
  aulas_dadas: z.number().int(),
  /** Absences that count (abonadas excluded; justified ones included, as the law has it). */
  faltas: z.number().int(),
  faltas_justificadas: z.number().int(),
  faltas_abonadas: z.number().int(),
  frequencia: z.number().nullable(),
  abaixo_minimo: z.boolean(),
  /** More absences than the stage's line of the year's planned lessons (`isPastTutelaryLine`, ADR 0117). */
  acima_limite_conselho: z.boolean(),
});
export type FrequencyFigures = z.infer<typeof frequencyFiguresSchema>;

export const absenceSchema = z.object({
  id: z.string(),
  data: z.string(),
  turma_nome: z.string(),
  disciplina: z.string().nullable(),
  aula: z.number().int(),
  justificativa: z.string().nullable(),
  situacao: z.enum(situacoesFalta),
  abono_motivo: z.string().nullable(),
  abonada_em: z.string().nullable(),
});
export type Absence = z.infer<typeof absenceSchema>;

/**
 * An absence's lesson as a student's record says it: 'Matemática', 'Matemática (2ª aula)' from a
 * subject's second lesson of the day on, or 'Dia inteiro' (a daily roll, of a class whose roll is by day).
 */
export function absenceLessonName(falta: Pick<Absence, 'disciplina' | 'aula'>): string {
  if (!falta.disciplina) return 'Dia inteiro';
  return falta.aula > 1 ? `${falta.disciplina} (${String(falta.aula)}ª aula)` : falta.disciplina;
}

export const studentAttendanceQuerySchema = z.strictObject({
  ano: yearField(true).optional(),
});

export const studentAttendanceSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string(), matricula: z.string(), turma: namedRef.nullable() }),
  ano: z.number().int(),
  de: z.string(),
  ate: z.string(),
  geral: frequencyFiguresSchema,
  /** The student's class's stage's minimum (%; null: none, the creche) and Conselho Tutelar line. */
  frequencia_minima: z.number().nullable(),
  limite_conselho: z.number().nullable(),
  /** The most absences that line allows in the year (`tutelaryLimit` of the planned lessons); null: none. */
  limite_faltas_conselho: z.number().int().nullable(),
  por_disciplina: z.array(frequencyFiguresSchema.extend({ disciplina: z.string() })),
  faltas: z.array(absenceSchema),
  /**
   * A teacher's view: every figure and absence above is of the lessons they teach (their classes and
   * subjects), `geral` included — not the student's whole year.
   */
  somente_aulas_do_professor: z.boolean(),
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

/**
 * What a student's figures count, with the number: a class with one roll a day counts days ('196 dias
 * letivos', as the home and the boletim say), a class with a roll per lesson counts lessons ('196 aulas
 * dadas'). Daily rolls have no subject, so a year with no subject's figures is one of daily rolls.
 */
export function lessonsGivenText(figures: Pick<StudentAttendance, 'geral' | 'por_disciplina'>): string {
  return figures.por_disciplina.length === 0
    ? formatCount(figures.geral.aulas_dadas, 'dia letivo', 'dias letivos')
    : formatCount(figures.geral.aulas_dadas, 'aula dada', 'aulas dadas');
}

/** An abono's reason stays in the audit and on the student's record: a few words, not a letter. */
export const ABONO_MOTIVO_MIN = 5;
const MOTIVO_ABONO = `Explique o motivo (ao menos ${String(ABONO_MOTIVO_MIN)} caracteres)`;

/** `POST /api/frequencia/faltas/{id}/abonar` and `…/desabonar`: why, for the audit. */
export const abonoInputSchema = z.strictObject(
  {
    motivo: z
      .string({ error: MOTIVO_ABONO })
      .trim()
      .min(ABONO_MOTIVO_MIN, MOTIVO_ABONO)
      .max(500, 'Máximo de 500 caracteres'),
  },
  // No body at all is the same missing reason.
  { error: (issue) => (issue.code === 'invalid_type' ? MOTIVO_ABONO : undefined) },
);

export const alertsQuerySchema = z.strictObject({
  ano: yearField(true).optional(),
  turma_id: uuidParam.optional(),
});

export const attendanceAlertSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string(), matricula: z.string() }),
  turma: namedRef.nullable(),
  aulas_dadas: z.number().int(),
  faltas: z.number().int(),
  frequencia: z.number(),
  /** The student's class's stage's minimum and Conselho Tutelar line (null: none, the creche). */
  frequencia_minima: z.number().nullable(),
  limite_conselho: z.number().nullable(),
  /**
   * The lessons (or school days) the student's year plans (`plannedLessons`), and the most absences the
   * Conselho Tutelar line allows in it (`tutelaryLimit`; null: none, the creche) — ADR 0117.
   */
  aulas_previstas_ano: z.number().int(),
  limite_faltas_conselho: z.number().int().nullable(),
  ultima_notificacao: z
    .object({ id: z.string(), emitida_em: z.string(), emitida_por: z.string().nullable() })
    .nullable(),
});
export type AttendanceAlert = z.infer<typeof attendanceAlertSchema>;

export const attendanceAlertsSchema = z.object({
  ano: z.number().int(),
  /** The class's stage's (with `turma_id`); else the law's general 75 % and 7,5 % (each alert has its own). */
  frequencia_minima: z.number().nullable(),
  limite_conselho: z.number().nullable(),
  /** 'Alunos com frequência abaixo de 75 %' (LDB art. 24, VI). */
  abaixo_minimo: z.array(attendanceAlertSchema),
  /** Past the Conselho Tutelar line (Lei 13.803/2019). */
  conselho_tutelar: z.array(attendanceAlertSchema),
});
export type AttendanceAlerts = z.infer<typeof attendanceAlertsSchema>;

export const notificationInputSchema = z.strictObject({
  aluno_id: uuidParam,
  ano: yearField(false).optional(),
});

export const tutelaryNotificationSchema = z.object({
  id: z.string(),
  aluno_id: z.string(),
  ano: z.number().int(),
  aulas_dadas: z.number().int(),
  faltas: z.number().int(),
  frequencia: z.number(),
  emitida_em: z.string(),
  emitida_por: z.string().nullable(),
});
export type TutelaryNotification = z.infer<typeof tutelaryNotificationSchema>;

export const monthQuerySchema = z.strictObject({ mes: monthField().optional() });

/** The class's month: students × days, for the diary screen and print. */
export const classMonthSchema = z.object({
  turma: z.object({
    id: z.string(),
    nome: z.string(),
    frequencia_modo: z.enum(frequenciaModos),
    /** The class's stage's minimum attendance in % (`stageRulesOf`); null: none (the creche). */
    frequencia_minima: z.number().nullable(),
  }),
  mes: z.string(),
  dias: z.array(
    z.object({ data: z.string(), tipo: z.enum(dayKinds), letivo: z.boolean(), chamadas: z.number().int() }),
  ),
  alunos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      matricula: z.string(),
      /** Per day of `dias`: absences that count that day; null when no roll or not in the class. */
      faltas: z.array(z.number().int().nullable()),
      aulas_dadas: z.number().int(),
      total_faltas: z.number().int(),
      frequencia: z.number().nullable(),
      /** The month's figure under the stage's minimum, compared exactly (`isBelowMinimum`). */
      abaixo_minimo: z.boolean(),
    }),
  ),
});
export type ClassMonth = z.infer<typeof classMonthSchema>;

/** `frequencia` from lessons given and counted absences (null before any roll). */
export function attendancePercent(given: number, counted: number): number | null {
  if (given <= 0) return null;
  return Math.round(((given - counted) * 1000) / given) / 10;
}

/**
 * Exact integer comparisons, so 74.96 % shown as '75,0 %' is still below the line. `minimum` is the
 * class's stage's (`stageRulesOf` in stage-rules.ts); null: the stage has none (the creche).
 */
export function isBelowMinimum(
  given: number,
  counted: number,
  minimum: number | null = FREQUENCIA_MINIMA,
): boolean {
  return minimum !== null && given > 0 && 100 * (given - counted) < minimum * given;
}

/**
 * The most absences a year of `total` lessons (or days) allows while keeping the minimum (75 % by
 * default): the largest f with 100 · (total − f) ≥ minimum · total, compared exactly as
 * `isBelowMinimum` does (202 days → 50). A minimum with a decimal (80,5 %) is compared in tenths.
 */
export function maxAbsencesForYear(total: number, minimum: number = FREQUENCIA_MINIMA): number {
  return total <= 0 ? 0 : Math.floor((total * (1000 - Math.round(minimum * 10))) / 1000);
}

/**
 * The most absences the Conselho Tutelar line allows in a year of `planned` lessons (or days): `line` %
 * of them, rounded down (7,5 % of 200 → 15; LDB art. 12, VIII, by Lei 13.803/2019: 30 % of the 25 %
 * the law allows of the year's workload). Null: no line (the creche).
 */
export function tutelaryLimit(planned: number, line: number | null = LIMITE_CONSELHO_TUTELAR): number | null {
  return line === null ? null : Math.floor((planned * Math.round(line * 10)) / 1000);
}

/**
 * Past the Conselho Tutelar line of the stage (`line` in %; null: no line, the creche): more absences
 * than `line` % of the year's PLANNED lessons (`plannedLessons`, ADR 0117), compared exactly — a count
 * for the whole year, not a rate over the lessons given so far (one absence on the first day is not
 * past it).
 */
export function isPastTutelaryLine(
  planned: number,
  counted: number,
  line: number | null = LIMITE_CONSELHO_TUTELAR,
): boolean {
  return line !== null && planned > 0 && 1000 * counted > Math.round(line * 10) * planned;
}

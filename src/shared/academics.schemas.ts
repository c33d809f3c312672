import { z } from 'zod';
import type { CalendarDay, DayKind } from './calendar.js';
import { disciplinas } from './teachers.schemas.js';
import { isoDateSchema, optionalText, uuidParam, versionSchema } from './validators.js';

/**
 * Contracts of the class diary (issue 13): the subject grid of a class, the roll call and the
 * attendance figures. Percentages are numbers from 0 to 100 with one decimal (null before any roll).
 */

export const frequenciaModos = ['diaria', 'por_aula'] as const;
export type FrequenciaModo = (typeof frequenciaModos)[number];
export const frequenciaModoLabels: Record<FrequenciaModo, string> = {
  diaria: 'Uma chamada por dia',
  por_aula: 'Uma chamada por aula (por disciplina)',
};

/** 1 = segunda … 6 = sábado. */
export const diasSemanaLabels: Record<number, string> = {
  1: 'Segunda',
  2: 'Terça',
  3: 'Quarta',
  4: 'Quinta',
  5: 'Sexta',
  6: 'Sábado',
};

/** LDB art. 24, VI: at least 75 % attendance to pass. */
export const FREQUENCIA_MINIMA = 75;
/**
 * Lei 13.803/2019 (LDB art. 12, VIII): notify the Conselho Tutelar when absences pass 30 % of the
 * percentage the law allows (25 %), i.e. more than 7.5 % of the lessons given.
 */
export const LIMITE_CONSELHO_TUTELAR = 7.5;

export const gradeItemInputSchema = z.strictObject({
  disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }),
  professor_id: uuidParam.nullable().optional(),
  aulas_semanais: z.coerce
    .number({ error: 'Aulas por semana inválidas' })
    .int('Aulas por semana inválidas')
    .min(1, 'Ao menos 1 aula por semana')
    .max(20, 'No máximo 20 aulas por semana'),
  dias_semana: z.array(z.number().int().min(1, 'Dia inválido').max(6, 'Dia inválido')).max(6).default([]),
});

export const gradeInputSchema = z
  .strictObject({
    frequencia_modo: z.enum(frequenciaModos, { error: 'Modo de chamada inválido' }).default('diaria'),
    disciplinas: z.array(gradeItemInputSchema).max(disciplinas.length),
    version: versionSchema.optional(),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.disciplinas.forEach((item, index) => {
      if (seen.has(item.disciplina))
        context.addIssue({
          code: 'custom',
          path: ['disciplinas', index, 'disciplina'],
          message: 'Disciplina repetida',
        });
      seen.add(item.disciplina);
    });
  });
export type GradeInput = z.input<typeof gradeInputSchema>;
export type GradeData = z.output<typeof gradeInputSchema>;

export interface GradeItem {
  disciplina: string;
  professor: { id: string; nome: string } | null;
  aulas_semanais: number;
  dias_semana: number[];
}

export interface Grade {
  turma_id: string;
  turma_nome: string;
  nivel: string;
  frequencia_modo: FrequenciaModo;
  /** Sum of the weekly lessons. */
  aulas_semanais: number;
  disciplinas: GradeItem[];
  version: number;
}

/** A lesson of a day: the daily roll is `{ disciplina: null, aula: 0 }`. */
export interface Lesson {
  disciplina: string | null;
  aula: number;
  professor_nome: string | null;
  registrada: boolean;
  /** The signed-in user may take this roll (their subject, or an administrator). */
  pode_registrar: boolean;
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
  disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }).optional(),
  aula: z.coerce.number().int().min(0).max(12).optional(),
});

export const rollInputSchema = z
  .strictObject({
    data: isoDateSchema,
    /** Per-lesson classes: the lesson of the subject that day (1, 2 … for double lessons). */
    aula: z.number().int().min(0).max(12).optional(),
    disciplina: z.enum(disciplinas, { error: 'Disciplina inválida' }).nullable().optional(),
    faltas: z
      .array(z.strictObject({ aluno_id: uuidParam, justificativa: optionalText(500) }))
      .max(200, 'No máximo 200 faltas por chamada'),
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

export interface RollStudent {
  id: string;
  nome: string;
  matricula: string;
  presente: boolean;
  falta: {
    id: string;
    justificativa: string | null;
    situacao: SituacaoFalta;
    abono_motivo: string | null;
  } | null;
}

export interface Roll {
  turma: { id: string; nome: string; serie: string; turno: string; frequencia_modo: FrequenciaModo };
  data: string;
  dia: CalendarDay;
  periodo: { id: string; nome: string; data_fechamento: string; encerrado: boolean } | null;
  /** Why the signed-in user cannot save this roll (null: they can). */
  bloqueio: string | null;
  aulas: Lesson[];
  disciplina: string | null;
  aula: number;
  chamada: {
    id: string;
    registrada_em: string;
    atualizada_em: string;
    registrada_por: string | null;
    version: number;
  } | null;
  alunos: RollStudent[];
}

export const rollClassesQuerySchema = z.strictObject({ data: isoDateSchema.optional() });

/** A class in the roll-call picker, today's lessons first. */
export interface RollClass {
  id: string;
  nome: string;
  serie: string;
  turno: string;
  frequencia_modo: FrequenciaModo;
  alunos: number;
  aulas: Lesson[];
  /** Lessons of the day the user may take that are not registered yet. */
  pendentes: number;
}

export interface FrequencyFigures {
  aulas_dadas: number;
  /** Absences that count (abonadas excluded; justified ones included, as the law has it). */
  faltas: number;
  faltas_justificadas: number;
  faltas_abonadas: number;
  frequencia: number | null;
  abaixo_minimo: boolean;
  acima_limite_conselho: boolean;
}

export interface Absence {
  id: string;
  data: string;
  turma_nome: string;
  disciplina: string | null;
  aula: number;
  justificativa: string | null;
  situacao: SituacaoFalta;
  abono_motivo: string | null;
  abonada_em: string | null;
}

export const studentAttendanceQuerySchema = z.strictObject({
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
});

export interface StudentAttendance {
  aluno: { id: string; nome: string; matricula: string; turma: { id: string; nome: string } | null };
  ano: number;
  de: string;
  ate: string;
  geral: FrequencyFigures;
  por_disciplina: (FrequencyFigures & { disciplina: string })[];
  faltas: Absence[];
}

export const abonoInputSchema = z.strictObject({
  motivo: z
    .string({ error: 'Informe o motivo do abono' })
    .trim()
    .min(3, 'Informe o motivo do abono')
    .max(500, 'Máximo de 500 caracteres'),
});

export const alertsQuerySchema = z.strictObject({
  ano: z.coerce.number().int().min(2000).max(2100).optional(),
  turma_id: uuidParam.optional(),
});

export interface AttendanceAlert {
  aluno: { id: string; nome: string; matricula: string };
  turma: { id: string; nome: string } | null;
  aulas_dadas: number;
  faltas: number;
  frequencia: number;
  ultima_notificacao: { id: string; emitida_em: string; emitida_por: string | null } | null;
}

export interface AttendanceAlerts {
  ano: number;
  frequencia_minima: number;
  limite_conselho: number;
  /** 'Alunos com frequência abaixo de 75 %' (LDB art. 24, VI). */
  abaixo_minimo: AttendanceAlert[];
  /** Past the Conselho Tutelar line (Lei 13.803/2019). */
  conselho_tutelar: AttendanceAlert[];
}

export const notificationInputSchema = z.strictObject({
  aluno_id: uuidParam,
  ano: z.number().int().min(2000).max(2100).optional(),
});

export interface TutelaryNotification {
  id: string;
  aluno_id: string;
  ano: number;
  aulas_dadas: number;
  faltas: number;
  frequencia: number;
  emitida_em: string;
  emitida_por: string | null;
}

export const monthQuerySchema = z.strictObject({
  mes: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido (AAAA-MM)')
    .optional(),
});

/** The class's month: students × days, for the diary screen and print. */
export interface ClassMonth {
  turma: { id: string; nome: string; frequencia_modo: FrequenciaModo };
  mes: string;
  dias: { data: string; tipo: DayKind; letivo: boolean; chamadas: number }[];
  alunos: {
    id: string;
    nome: string;
    matricula: string;
    /** Per day of `dias`: absences that count that day; null when no roll or not in the class. */
    faltas: (number | null)[];
    aulas_dadas: number;
    total_faltas: number;
    frequencia: number | null;
  }[];
}

/** `frequencia` from lessons given and counted absences (null before any roll). */
export function attendancePercent(given: number, counted: number): number | null {
  if (given <= 0) return null;
  return Math.round(((given - counted) * 1000) / given) / 10;
}

/** Exact integer comparisons, so 74.96 % shown as '75,0 %' is still below the line. */
export function isBelowMinimum(given: number, counted: number): boolean {
  return given > 0 && 100 * (given - counted) < FREQUENCIA_MINIMA * given;
}

export function isPastTutelaryLine(given: number, counted: number): boolean {
  return given > 0 && 1000 * counted > LIMITE_CONSELHO_TUTELAR * 10 * given;
}

import { z } from 'zod';
import { addDays, daysInRange, dayKinds, entryKinds, weekdayOf } from './calendar.js';
import {
  isoDateSchema,
  isSingleLine,
  optionalText,
  SINGLE_LINE_MESSAGE,
  versionSchema,
} from './validators.js';

/** Contracts of the school year and the calendar. Dates are `YYYY-MM-DD`. */

export const periodTypes = ['bimestre', 'trimestre', 'semestre'] as const;
export type PeriodType = (typeof periodTypes)[number];
export const periodTypeLabels: Record<PeriodType, string> = {
  bimestre: 'Bimestres',
  trimestre: 'Trimestres',
  semestre: 'Semestres',
};
export const periodCounts: Record<PeriodType, number> = { bimestre: 4, trimestre: 3, semestre: 2 };

/** '2º bimestre'. */
export function periodName(tipo: PeriodType, numero: number): string {
  return `${String(numero)}º ${tipo}`;
}

export const periodInputSchema = z.strictObject({
  inicio: isoDateSchema,
  fim: isoDateSchema,
  /** The last day teachers may still change the period's roll; after it only an administrator. */
  data_fechamento: isoDateSchema,
});

export const schoolYearInputSchema = z
  .strictObject({
    ano: z.coerce
      .number({ error: 'Ano inválido' })
      .int('Ano inválido')
      .min(2000, 'Ano inválido')
      .max(2100, 'Ano inválido'),
    inicio: isoDateSchema,
    fim: isoDateSchema,
    tipo_periodo: z.enum(periodTypes, { error: 'Divisão inválida' }).default('bimestre'),
    /** Omitted: the year is divided into equal parts by dias letivos, each closing 7 days after its end. */
    periodos: z.array(periodInputSchema).max(4).optional(),
    /**
     * Only when opening a year: the mid-year recess, created as a calendar entry ('Recesso de julho') in
     * the same transaction, before the automatic split counts the dias letivos.
     */
    recesso: z.strictObject({ inicio: isoDateSchema, fim: isoDateSchema }).optional(),
    version: versionSchema.optional(),
  })
  .superRefine((input, context) => {
    const year = String(input.ano);
    if (!input.inicio.startsWith(year))
      context.addIssue({ code: 'custom', path: ['inicio'], message: `O início deve ser em ${year}` });
    if (!input.fim.startsWith(year))
      context.addIssue({ code: 'custom', path: ['fim'], message: `O término deve ser em ${year}` });
    if (input.fim <= input.inicio)
      context.addIssue({ code: 'custom', path: ['fim'], message: 'O término deve ser depois do início' });
    const recess = input.recesso;
    if (recess) {
      const outside = 'O recesso deve ficar dentro do ano letivo';
      if (recess.inicio < input.inicio || recess.inicio > input.fim)
        context.addIssue({ code: 'custom', path: ['recesso', 'inicio'], message: outside });
      if (recess.fim < recess.inicio)
        context.addIssue({
          code: 'custom',
          path: ['recesso', 'fim'],
          message: 'O fim do recesso deve ser no início ou depois dele',
        });
      else if (recess.fim > input.fim)
        context.addIssue({ code: 'custom', path: ['recesso', 'fim'], message: outside });
    }
    const periods = input.periodos;
    if (!periods) return;
    const expected = periodCounts[input.tipo_periodo];
    if (periods.length !== expected) {
      context.addIssue({
        code: 'custom',
        path: ['periodos'],
        message: `Informe ${String(expected)} períodos (${periodTypeLabels[input.tipo_periodo].toLowerCase()})`,
      });
      return;
    }
    periods.forEach((period, index) => {
      const at = (field: string, message: string) =>
        context.addIssue({ code: 'custom', path: ['periodos', index, field], message });
      if (period.fim < period.inicio) at('fim', 'O término deve ser depois do início');
      if (period.data_fechamento < period.fim) at('data_fechamento', 'O fechamento deve ser após o término');
      if (index === 0 && period.inicio !== input.inicio)
        at('inicio', 'O primeiro período começa no início do ano letivo');
      if (index === periods.length - 1 && period.fim !== input.fim)
        at('fim', 'O último período termina no fim do ano letivo');
      const previous = periods[index - 1];
      if (previous && period.inicio <= previous.fim)
        at('inicio', 'Os períodos não podem se sobrepor; este deve começar após o anterior');
    });
  });
export type SchoolYearInput = z.input<typeof schoolYearInputSchema>;

/** The title of the mid-year recess proposed when a year is opened. */
export const JULY_RECESS_TITLE = 'Recesso de julho';

/** The usual mid-year recess proposed with a new year: the second half of July. */
export function julyRecessOf(ano: number): { inicio: string; fim: string } {
  return { inicio: `${String(ano)}-07-15`, fim: `${String(ano)}-07-31` };
}

/** A weekend date moved `step` days at a time (+1 forwards, -1 backwards) to the nearest weekday. */
function weekdayFrom(iso: string, step: 1 | -1): string {
  let day = iso;
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, step);
  return day;
}

/**
 * The dates a new year's form proposes: classes from 2 February to 11 December, a date on a weekend
 * moved to the nearest school day inside them (2027: 02/02 to Friday 10/12, not Saturday 11/12).
 */
export function proposedYearDates(ano: number): { inicio: string; fim: string } {
  return {
    inicio: weekdayFrom(`${String(ano)}-02-02`, 1),
    fim: weekdayFrom(`${String(ano)}-12-11`, -1),
  };
}
export type SchoolYearData = z.output<typeof schoolYearInputSchema>;

export const schoolPeriodSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  nome: z.string(),
  inicio: z.string(),
  fim: z.string(),
  data_fechamento: z.string(),
  dias_letivos: z.number().int(),
  /** Past its closing date: only an administrator may change its roll. */
  encerrado: z.boolean(),
});
export type SchoolPeriod = z.infer<typeof schoolPeriodSchema>;

export const schoolYearSchema = z.object({
  id: z.string(),
  ano: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  tipo_periodo: z.enum(periodTypes),
  dias_letivos: z.number().int(),
  minimo_dias_letivos: z.number().int(),
  /** The LDB warning while the year has fewer than 200 dias letivos (null when it has enough). */
  aviso: z.string().nullable(),
  periodos: z.array(schoolPeriodSchema),
  version: z.number().int(),
});
export type SchoolYear = z.infer<typeof schoolYearSchema>;

/**
 * `?de=&ate=`, both optional: when both are given, `ate` not before `de` and at most `maxDays` days
 * (both included). What the server does with a missing bound is the route's.
 */
export const dateRangeQuerySchema = (maxDays: number) =>
  z
    .strictObject({ de: isoDateSchema.optional(), ate: isoDateSchema.optional() })
    .superRefine((query, context) => {
      if (!query.de || !query.ate) return;
      if (query.ate < query.de)
        context.addIssue({ code: 'custom', path: ['ate'], message: 'A data final é anterior à inicial' });
      else if (daysInRange(query.de, query.ate) > maxDays)
        context.addIssue({
          code: 'custom',
          path: ['ate'],
          message: `Consulte no máximo ${String(maxDays)} dias por vez`,
        });
    });

export const calendarQuerySchema = dateRangeQuerySchema(400);

export const calendarEntryInputSchema = z
  .strictObject({
    tipo: z.enum(entryKinds, { error: 'Tipo inválido' }),
    titulo: z
      .string({ error: 'Título é obrigatório' })
      .trim()
      .min(1, 'Título é obrigatório')
      .max(120, 'Máximo de 120 caracteres')
      .refine(isSingleLine, SINGLE_LINE_MESSAGE),
    descricao: optionalText(1000, { multiline: true }),
    inicio: isoDateSchema,
    /** Omitted: a one-day entry. */
    fim: isoDateSchema.optional(),
    publico: z.boolean().default(false),
    version: versionSchema.optional(),
  })
  .superRefine((input, context) => {
    const fim = input.fim ?? input.inicio;
    if (fim < input.inicio) {
      context.addIssue({ code: 'custom', path: ['fim'], message: 'O término deve ser no início ou depois' });
      return;
    }
    if (daysInRange(input.inicio, fim) > 366)
      context.addIssue({ code: 'custom', path: ['fim'], message: 'Um item dura no máximo um ano' });
    if (input.tipo === 'sabado_letivo' && (fim !== input.inicio || weekdayOf(input.inicio) !== 6))
      context.addIssue({
        code: 'custom',
        path: ['inicio'],
        message: 'Sábado letivo deve ser um único sábado',
      });
  });
export type CalendarEntryInput = z.input<typeof calendarEntryInputSchema>;
export type CalendarEntryData = z.output<typeof calendarEntryInputSchema>;

export const calendarEntrySchema = z.object({
  id: z.string(),
  tipo: z.enum(entryKinds),
  titulo: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  publico: z.boolean(),
  version: z.number().int(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

const holidayKinds = ['feriado_nacional', 'ponto_facultativo'] as const;

/** A day as the calendar classifies it (the `CalendarDay` of shared/calendar.ts). */
export const calendarDaySchema = z.object({
  data: z.string(),
  tipo: z.enum(dayKinds),
  letivo: z.boolean(),
  descricao: z.string().nullable(),
});

export const calendarViewSchema = z.object({
  de: z.string(),
  ate: z.string(),
  dias: z.array(calendarDaySchema),
  /** What the school added (local holidays, recesses, sábados letivos, events) overlapping the range. */
  eventos: z.array(calendarEntrySchema),
  feriados: z.array(z.object({ data: z.string(), nome: z.string(), tipo: z.enum(holidayKinds) })),
});
export type CalendarView = z.infer<typeof calendarViewSchema>;

/** One item of the public calendar (page /calendario, feed /calendario.ics). */
export const publicCalendarItemSchema = z.object({
  id: z.string(),
  tipo: z.enum([...entryKinds, ...holidayKinds]),
  titulo: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
});
export type PublicCalendarItem = z.infer<typeof publicCalendarItemSchema>;

export const publicCalendarSchema = z.object({
  escola: z.string(),
  de: z.string(),
  ate: z.string(),
  itens: z.array(publicCalendarItemSchema),
});
export type PublicCalendar = z.infer<typeof publicCalendarSchema>;

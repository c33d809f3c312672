import { describe, expect, it } from 'vitest';
import { attendancePercent, isBelowMinimum, isPastTutelaryLine } from './attendance.schemas.js';
import {
  classifyDays,
  countLetivos,
  easterOf,
  lessonsOnWeekday,
  nationalHolidays,
  periodOfDate,
  type CalendarEntryLike,
} from './calendar.js';
import { calendarEntryInputSchema, proposedYearDates, schoolYearInputSchema } from './calendar.schemas.js';

const asList = (year: number) => nationalHolidays(year).map((holiday) => `${holiday.data} ${holiday.tipo}`);

describe('national holidays', () => {
  it('computes Easter for known years', () => {
    expect(easterOf(2024)).toBe('2024-03-31');
    expect(easterOf(2025)).toBe('2025-04-20');
    expect(easterOf(2026)).toBe('2026-04-05');
    expect(easterOf(2027)).toBe('2027-03-28');
    expect(easterOf(2038)).toBe('2038-04-25');
  });

  it('matches the official 2026 list (Carnaval 16–17/02, Sexta-feira Santa 03/04, Corpus Christi 04/06, 20/11)', () => {
    expect(asList(2026)).toEqual([
      '2026-01-01 feriado_nacional',
      '2026-02-16 ponto_facultativo',
      '2026-02-17 ponto_facultativo',
      '2026-04-03 feriado_nacional',
      '2026-04-21 feriado_nacional',
      '2026-05-01 feriado_nacional',
      '2026-06-04 ponto_facultativo',
      '2026-09-07 feriado_nacional',
      '2026-10-12 feriado_nacional',
      '2026-11-02 feriado_nacional',
      '2026-11-15 feriado_nacional',
      '2026-11-20 feriado_nacional',
      '2026-12-25 feriado_nacional',
    ]);
    const names = nationalHolidays(2026).map((holiday) => holiday.nome);
    expect(names).toContain('Dia Nacional de Zumbi e da Consciência Negra');
    expect(names.filter((name) => name === 'Carnaval')).toHaveLength(2);
  });

  it('matches the official 2027 list (Carnaval 08–09/02, Sexta-feira Santa 26/03, Corpus Christi 27/05)', () => {
    expect(asList(2027)).toEqual([
      '2027-01-01 feriado_nacional',
      '2027-02-08 ponto_facultativo',
      '2027-02-09 ponto_facultativo',
      '2027-03-26 feriado_nacional',
      '2027-04-21 feriado_nacional',
      '2027-05-01 feriado_nacional',
      '2027-05-27 ponto_facultativo',
      '2027-09-07 feriado_nacional',
      '2027-10-12 feriado_nacional',
      '2027-11-02 feriado_nacional',
      '2027-11-15 feriado_nacional',
      '2027-11-20 feriado_nacional',
      '2027-12-25 feriado_nacional',
    ]);
  });
});

describe('dias letivos', () => {
  const year = [{ inicio: '2026-02-02', fim: '2026-12-11' }];
  const entry = (tipo: CalendarEntryLike['tipo'], inicio: string, fim = inicio): CalendarEntryLike => ({
    tipo,
    titulo: tipo,
    inicio,
    fim,
  });

  it('counts weekdays minus holidays and recesses, plus sábados letivos', () => {
    // 09/02 (Mon) to 22/02 (Sun) 2026: 10 weekdays, Carnaval Mon–Tue closed.
    const plain = classifyDays('2026-02-09', '2026-02-22', [], year);
    expect(countLetivos(plain, '2026-02-09', '2026-02-22')).toBe(8);
    const withEntries = classifyDays(
      '2026-02-09',
      '2026-02-22',
      [entry('recesso', '2026-02-18'), entry('sabado_letivo', '2026-02-21')],
      year,
    );
    expect(countLetivos(withEntries, '2026-02-09', '2026-02-22')).toBe(8);
    const byDate = new Map(withEntries.map((day) => [day.data, day]));
    expect(byDate.get('2026-02-16')).toMatchObject({ tipo: 'ponto_facultativo', letivo: false });
    expect(byDate.get('2026-02-18')).toMatchObject({ tipo: 'recesso', letivo: false });
    expect(byDate.get('2026-02-21')).toMatchObject({ tipo: 'sabado_letivo', letivo: true });
    expect(byDate.get('2026-02-22')).toMatchObject({ tipo: 'fim_de_semana', letivo: false });
  });

  it('local holidays close a day; a reposição opens a ponto facultativo but never a national holiday', () => {
    const days = classifyDays(
      '2026-04-01',
      '2026-04-07',
      [
        entry('feriado_municipal', '2026-04-01'),
        entry('dia_letivo', '2026-04-03'),
        entry('recesso', '2026-04-06', '2026-04-07'),
        entry('dia_letivo', '2026-04-07'),
      ],
      year,
    );
    expect(days.map((day) => [day.data, day.tipo, day.letivo])).toEqual([
      ['2026-04-01', 'feriado_municipal', false],
      ['2026-04-02', 'letivo', true],
      ['2026-04-03', 'feriado_nacional', false],
      ['2026-04-04', 'fim_de_semana', false],
      ['2026-04-05', 'fim_de_semana', false],
      ['2026-04-06', 'recesso', false],
      ['2026-04-07', 'dia_letivo', true],
    ]);
    const carnaval = classifyDays('2026-02-17', '2026-02-17', [entry('dia_letivo', '2026-02-17')], year);
    expect(carnaval[0]).toMatchObject({ tipo: 'dia_letivo', letivo: true });
  });

  it('no day outside the school year is letivo', () => {
    const days = classifyDays('2026-01-26', '2026-02-03', [], year);
    expect(days.filter((day) => day.letivo).map((day) => day.data)).toEqual(['2026-02-02', '2026-02-03']);
    expect(days[0]).toMatchObject({ tipo: 'fora_do_ano_letivo', letivo: false });
  });

  it('a 2026 year from 02/02 to 11/12 without entries has 215 dias letivos', () => {
    const days = classifyDays('2026-02-02', '2026-12-11', [], year);
    // 313 days from a Monday: 225 weekdays, minus 10 holidays and pontos facultativos on weekdays
    // (15/11 is a Sunday).
    expect(countLetivos(days, '2026-02-02', '2026-12-11')).toBe(215);
  });
});

describe('timetable', () => {
  it('spreads the weekly lessons over the weekdays, the first days taking the remainder', () => {
    expect([1, 2, 3, 4, 5].map((day) => lessonsOnWeekday(5, [1, 3, 5], day))).toEqual([2, 0, 2, 0, 1]);
    expect(lessonsOnWeekday(2, [], 1)).toBe(0);
    expect(lessonsOnWeekday(4, [2, 4], 4)).toBe(2);
  });
});

describe('attendance %', () => {
  it('is (given − counted) / given with one decimal, null before any roll', () => {
    expect(attendancePercent(0, 0)).toBeNull();
    expect(attendancePercent(200, 50)).toBe(75);
    expect(attendancePercent(3, 1)).toBe(66.7);
  });

  it('flags below 75 % exactly, even when the rounded figure shows 75,0', () => {
    expect(isBelowMinimum(200, 50)).toBe(false);
    expect(isBelowMinimum(200, 51)).toBe(true);
    // 74.96 % rounds to 75.0 but is below the line.
    expect(attendancePercent(2500, 626)).toBe(75);
    expect(isBelowMinimum(2500, 626)).toBe(true);
  });

  it('flags the Conselho Tutelar line past 7.5 % of the lessons given (30 % of the 25 % allowed)', () => {
    expect(isPastTutelaryLine(200, 15)).toBe(false);
    expect(isPastTutelaryLine(200, 16)).toBe(true);
    expect(isPastTutelaryLine(0, 0)).toBe(false);
  });
});

describe('calendar inputs', () => {
  it('checks the periods of a year: count, bounds, order and closing dates', () => {
    const base = { ano: 2026, inicio: '2026-02-02', fim: '2026-12-11', tipo_periodo: 'semestre' };
    expect(schoolYearInputSchema.safeParse(base).success).toBe(true);
    const wrong = schoolYearInputSchema.safeParse({
      ...base,
      periodos: [
        { inicio: '2026-02-03', fim: '2026-07-10', data_fechamento: '2026-07-05' },
        { inicio: '2026-07-01', fim: '2026-12-11', data_fechamento: '2026-12-18' },
      ],
    });
    expect(wrong.success).toBe(false);
    const paths = wrong.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['periodos.0.data_fechamento', 'periodos.0.inicio', 'periodos.1.inicio']);
    expect(schoolYearInputSchema.safeParse({ ...base, fim: '2027-01-10' }).success).toBe(false);
  });

  it('a sábado letivo is one Saturday', () => {
    const saturday = { tipo: 'sabado_letivo', titulo: 'Reposição', inicio: '2026-03-14' };
    expect(calendarEntryInputSchema.safeParse(saturday).success).toBe(true);
    expect(calendarEntryInputSchema.safeParse({ ...saturday, inicio: '2026-03-13' }).success).toBe(false);
  });
});

describe('periodOfDate', () => {
  const periods = [
    { numero: 1, inicio: '2026-02-02', fim: '2026-07-03' },
    { numero: 2, inicio: '2026-07-20', fim: '2026-12-11' },
  ];
  it('is the period that contains the date, or the one before a gap, and none before the first', () => {
    expect(periodOfDate(periods, '2026-02-02')?.numero).toBe(1);
    expect(periodOfDate(periods, '2026-07-03')?.numero).toBe(1);
    expect(periodOfDate(periods, '2026-07-10')?.numero).toBe(1);
    expect(periodOfDate(periods, '2026-07-20')?.numero).toBe(2);
    expect(periodOfDate([...periods].reverse(), '2026-12-11')?.numero).toBe(2);
    expect(periodOfDate(periods, '2026-02-01')).toBeUndefined();
  });
});

describe("a new year's proposed dates", () => {
  it('are 02/02 to 11/12, a weekend date moved to the nearest school day inside them', () => {
    expect(proposedYearDates(2026)).toEqual({ inicio: '2026-02-02', fim: '2026-12-11' });
    // 11/12/2027 is a Saturday: the Friday before.
    expect(proposedYearDates(2027)).toEqual({ inicio: '2027-02-02', fim: '2027-12-10' });
    // 02/02/2025 is a Sunday: the Monday after; 11/12/2033 a Sunday: the Friday before.
    expect(proposedYearDates(2025).inicio).toBe('2025-02-03');
    expect(proposedYearDates(2033)).toEqual({ inicio: '2033-02-02', fim: '2033-12-09' });
  });
});

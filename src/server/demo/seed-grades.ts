import { asc, eq } from 'drizzle-orm';
import { addDays, eachDay } from '../../shared/calendar.js';
import type { Tx } from '../db/client.js';
import { classSubjects, studentItinerarios } from '../db/schema/curriculum.js';
import { calendarEntries, schoolPeriods, schoolYears, type SchoolPeriodRow } from '../db/schema/calendar.js';
import { classifyRange } from '../features/calendar/index.js';
import { classes } from '../db/schema/classes.js';
import { assessments, councilDecisions, gradeChanges, grades, periodStates } from '../db/schema/grades.js';
import { students } from '../db/schema/students.js';

/** Deterministic pseudo-random numbers: the demo is the same on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const numericText = (tenths: number) => `${String(Math.floor(tenths / 10))}.${String(tenths % 10)}`;

async function insertChunked<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 1000) await insert(rows.slice(index, index + 1000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When a teacher typed an assessment's column: an evening one to four days after it was given, never
 * after the period closed — not the day the demo was built. The students of the column a few seconds
 * apart, as one sitting at the grid; null while that evening is still ahead (today or later: an
 * assessment of the period in course given in the last days, its column still to type).
 */
function columnStamper(today: string, seed: number) {
  const next = random(seed);
  return (date: string, closing: string) => {
    let day = addDays(date, 1 + Math.floor(next() * 4));
    if (day > closing) day = closing;
    const minutes = 19 * 60 + Math.floor(next() * 180);
    if (day >= today) return null;
    const start = new Date(`${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00-03:00`).getTime();
    return (index: number) => new Date(start + index * 25_000);
  };
}

/**
 * What a period's columns draw from: the period in course from its own, so the closed ones' grades stay
 * as they were before it was seeded.
 */
interface Draws {
  next: () => number;
  stamper: ReturnType<typeof columnStamper>;
}

/**
 * The demo's grades: for every class and subject, a prova (peso 2) and a trabalho (peso 1) in each
 * period already closed by date, a recuperação for the students below 6,0, one decision of the
 * conselho de classe once the year's periods are all closed, and every period closed by date closed
 * and published for the whole school. The period in course has its prova and trabalho too, on the same
 * days a closed one has them: the ones already given graded (the teacher typed them a few evenings
 * after), the later ones scheduled, and nothing closed or published — as a school has it on any day of
 * the year the demo is built.
 */
export async function seedGrades(tx: Tx, today: string): Promise<void> {
  const next = random(20_261_114);
  const [year] = await tx
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, Number(today.slice(0, 4))));
  if (!year) return;
  const yearPeriods = await tx
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, year.id))
    .orderBy(asc(schoolPeriods.numero));
  const periods = yearPeriods.filter((period) => period.dataFechamento < today);
  // The period in course: begun, not closed yet (none before the year's first day nor after the last closing).
  const current = yearPeriods.find((period) => period.inicio <= today && period.dataFechamento >= today);
  if (periods.length === 0 && !current) return;
  // Each assessment on a school day: the prova in its bimestre's Semana de provas when the calendar has
  // one (each subject on a day of it), the others on the school day on or before their usual day.
  const letivo = new Set(
    (await classifyRange(tx, year.inicio, year.fim)).filter((day) => day.letivo).map((day) => day.data),
  );
  const schoolDay = (date: string) => {
    let day = date;
    while (!letivo.has(day) && day > year.inicio) day = addDays(day, -1);
    return day;
  };
  const weeks = await tx.select().from(calendarEntries).where(eq(calendarEntries.tipo, 'prova'));
  const weekOf = (period: SchoolPeriodRow) =>
    weeks.find((entry) => entry.inicio >= period.inicio && entry.fim <= period.fim);
  const provaDay = (period: SchoolPeriodRow, subjectIndex: number) => {
    const week = weekOf(period);
    const days = week ? eachDay(week.inicio, week.fim).filter((day) => letivo.has(day)) : [];
    return days[subjectIndex % Math.max(days.length, 1)] ?? schoolDay(addDays(period.fim, -10));
  };
  const classRows = await tx
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(year.ano)));
  const grid = await tx.select().from(classSubjects);
  // Ensino Médio: an itinerário's subjects are graded for the students who chose it only.
  const choices = await tx.select().from(studentItinerarios);
  const takes = (alunoId: string, subject: (typeof grid)[number]) =>
    subject.itinerarioId === null ||
    choices.some(
      (choice) =>
        choice.alunoId === alunoId &&
        choice.turmaId === subject.turmaId &&
        choice.itinerarioId === subject.itinerarioId,
    );
  const members = await tx
    .select({ id: students.id, turmaId: students.turmaId })
    .from(students)
    .where(eq(students.status, 'ativo'))
    .orderBy(asc(students.nome));
  // Each student has a level, so their grades look like one person's over the year: most between 6 and
  // 9, a few who need the recuperação now and then (not a class where half of it does every bimestre).
  const level = new Map(members.map((member) => [member.id, 55 + Math.floor(next() * 40)]));
  const gradeRows: (typeof grades.$inferInsert & { id: string; updatedAt: Date })[] = [];
  const closedDraws: Draws = { next, stamper: columnStamper(today, 20_260_617) };
  const currentDraws: Draws = { next: random(20_261_205), stamper: columnStamper(today, 20_261_206) };
  // Set in gradeColumns (a closure TypeScript does not follow: hence the cast, not a narrowed null).
  let firstBelow = null as { alunoId: string; disciplina: string } | null;

  /** A class's subject in a period: its prova and trabalho, each graded once typed, and the recuperação. */
  const gradeColumns = async (
    turma: (typeof classRows)[number],
    subject: (typeof grid)[number],
    subjectIndex: number,
    period: SchoolPeriodRow,
    draws: Draws,
  ): Promise<void> => {
    const provaOn = provaDay(period, subjectIndex);
    const trabalhoOn = schoolDay(addDays(period.fim, -20));
    const recoveryOn = schoolDay(addDays(period.fim, -2));
    // The recuperação comes after the bimestre's provas: a Semana de provas in the period's last days
    // (the 4th bimestre's, in the last week of classes) leaves it to the recuperação final.
    const recovers = (weekOf(period)?.fim ?? provaOn) < recoveryOn;
    const [prova, trabalho] = await tx
      .insert(assessments)
      .values([
        {
          turmaId: turma.id,
          disciplina: subject.disciplina,
          periodoId: period.id,
          nome: 'Prova bimestral',
          data: provaOn,
          peso: '2.0',
        },
        {
          turmaId: turma.id,
          disciplina: subject.disciplina,
          periodoId: period.id,
          nome: 'Trabalho',
          data: trabalhoOn,
          peso: '1.0',
        },
      ])
      .returning({ id: assessments.id });
    let recoveryId: string | null = null;
    const provaAt = draws.stamper(provaOn, period.dataFechamento);
    const trabalhoAt = draws.stamper(trabalhoOn, period.dataFechamento);
    const recoveryAt = recovers ? draws.stamper(recoveryOn, period.dataFechamento) : null;
    let recoveries = 0;
    for (const [index, member] of members
      .filter((item) => item.turmaId === turma.id && takes(item.id, subject))
      .entries()) {
      const base = level.get(member.id)!;
      const value = (spread: number) =>
        Math.max(0, Math.min(100, base + Math.round((draws.next() - 0.5) * spread)));
      const p = value(30);
      const w = value(20);
      const grade = (avaliacaoId: string, tenths: number, at: Date) =>
        gradeRows.push({
          id: crypto.randomUUID(),
          avaliacaoId,
          alunoId: member.id,
          valor: numericText(tenths),
          updatedAt: at,
        });
      if (provaAt) grade(prova!.id, p, provaAt(index));
      if (trabalhoAt) grade(trabalho!.id, w, trabalhoAt(index));
      // Below 6,0 once both are typed: the period's recuperação, typed once it is given.
      if (!provaAt || !trabalhoAt || (p * 2 + w) / 3 >= 60) continue;
      const recovered = Math.min(100, 50 + Math.floor(draws.next() * 40));
      if (!recoveryAt) continue;
      if (!recoveryId) {
        const [row] = await tx
          .insert(assessments)
          .values({
            turmaId: turma.id,
            disciplina: subject.disciplina,
            periodoId: period.id,
            nome: 'Recuperação',
            data: recoveryOn,
            peso: '1.0',
            tipo: 'recuperacao',
          })
          .returning({ id: assessments.id });
        recoveryId = row!.id;
      }
      grade(recoveryId, recovered, recoveryAt(recoveries++));
      if (draws === closedDraws) firstBelow ??= { alunoId: member.id, disciplina: subject.disciplina };
    }
  };

  for (const turma of classRows)
    for (const [subjectIndex, subject] of grid.filter((row) => row.turmaId === turma.id).entries()) {
      for (const period of periods) await gradeColumns(turma, subject, subjectIndex, period, closedDraws);
      if (current) await gradeColumns(turma, subject, subjectIndex, current, currentDraws);
    }
  await insertChunked((rows) => tx.insert(grades).values(rows), gradeRows);
  await insertChunked(
    (rows) => tx.insert(gradeChanges).values(rows),
    gradeRows.map((row) => ({
      notaId: row.id,
      tipo: 'lancamento' as const,
      antes: null,
      depois: row.valor ?? null,
      porNome: 'Docente da disciplina',
      em: row.updatedAt,
    })),
  );
  if (periods.length === 0) return;
  // The secretaria closed and published each period on its closing date, in the morning: in December
  // the families read three bimestres, as the notices that announced them say.
  await tx.insert(periodStates).values(
    periods.map((period) => ({
      periodoId: period.id,
      turmaId: null,
      fechado: true,
      publicado: true,
      alteradoPorNome: 'Secretaria',
      updatedAt: new Date(`${period.dataFechamento}T10:30:00-03:00`),
    })),
  );
  // The conselho de classe decides the year's final result once every period is closed (as the API
  // requires, council.service.ts): a demo built mid-year has no decision yet.
  if (firstBelow && periods.length === yearPeriods.length)
    await tx.insert(councilDecisions).values({
      alunoId: firstBelow.alunoId,
      anoLetivoId: year.id,
      disciplina: firstBelow.disciplina,
      resultado: 'aprovado',
      motivo:
        'Conselho de classe: evolução consistente nas avaliações e participação; aprovação na disciplina conforme ata.',
      porNome: 'Secretaria',
      // At the conselho de classe after the last period closed (before today).
      em: new Date(
        `${[addDays(periods[periods.length - 1]!.dataFechamento, 1), addDays(today, -1)].sort()[0]!}T15:00:00-03:00`,
      ),
    });
}

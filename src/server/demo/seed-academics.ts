import { asc, eq } from 'drizzle-orm';
import { addDays, classifyDays } from '../../shared/calendar.js';
import type { Tx } from '../db/client.js';
import { attendanceAbsences, classMemberships } from '../db/schema/attendance.js';
import { classSubjects } from '../db/schema/curriculum.js';
import { recordAudit, systemActor } from '../features/audit/index.js';
import { calendarEntries, schoolYears } from '../db/schema/calendar.js';
import { writePeriods } from '../features/calendar/index.js';
import { classes } from '../db/schema/classes.js';
import { students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { seedClassRolls } from './seed-rolls.js';
import { demoCalendarEntries, demoSchoolYear, yearEndEntries } from './seed-calendar.js';

/** Deterministic pseudo-random numbers: the demo is the same on every start. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const fundamentalI: [string, number, number[]][] = [
  ['Português', 6, [1, 2, 3, 4, 5]],
  ['Matemática', 5, [1, 2, 3, 4, 5]],
  ['Ciências', 2, [2, 4]],
  ['História', 2, [1, 3]],
  ['Geografia', 2, [2, 5]],
  ['Arte', 1, [4]],
  ['Educação Física', 2, [3, 5]],
  ['Inglês', 1, [1]],
];
const fundamentalII: [string, number, number[]][] = [
  ['Português', 5, [1, 2, 3, 4, 5]],
  ['Matemática', 5, [1, 2, 3, 4, 5]],
  ['Ciências', 3, [1, 3, 5]],
  ['História', 2, [2, 4]],
  ['Geografia', 2, [1, 4]],
  ['Inglês', 2, [2, 5]],
  ['Arte', 1, [3]],
  ['Educação Física', 2, [2, 4]],
];

async function insertChunked<T extends Record<string, unknown>>(
  tx: Tx,
  table: typeof attendanceAbsences | typeof classMemberships,
  rows: T[],
): Promise<void> {
  for (let index = 0; index < rows.length; index += 1000)
    await tx.insert(table).values(rows.slice(index, index + 1000) as never);
}

/**
 * The demo's school year: the calendar of the current year (holidays, recess, sábados letivos, events),
 * each class's subject grid (Fundamental I once a day, Fundamental II per lesson), the membership
 * history and the roll of every school day from the start of the year to yesterday, with realistic
 * absences — most students above 90 %, a few past the Conselho Tutelar line and a few below 75 %.
 */
export async function seedAcademics(tx: Tx, today: string): Promise<void> {
  const next = random(20_260_213);
  const year = Number(today.slice(0, 4));
  const { inicio, fim } = demoSchoolYear(year);
  const [schoolYear] = await tx
    .insert(schoolYears)
    .values({ ano: year, inicio, fim, tipoPeriodo: 'bimestre' })
    .returning();
  const entries = demoCalendarEntries(year);
  // Last year's closing dates too: the notices of last December name them (seed-comunicados.data.ts).
  await tx.insert(calendarEntries).values([...yearEndEntries(demoSchoolYear(year - 1).fim), ...entries]);
  await writePeriods(tx, schoolYear!.id, { ano: year, inicio, fim, tipo_periodo: 'bimestre' });

  // The subject grid: Fundamental I with its responsible teacher for most subjects, Fundamental II
  // per subject, each taught by a teacher who lists it.
  const classRows = await tx.select().from(classes).orderBy(asc(classes.nome));
  const teacherRows = await tx
    .select()
    .from(teachers)
    .where(eq(teachers.status, 'ativo'))
    .orderBy(asc(teachers.email));
  const demoTeacher = teacherRows.find((teacher) => teacher.email === 'professor@demo.escola');
  // The demo teacher is nobody's specialist: his days are his own classes' (below), not a subject of
  // any class that happens to meet at the same time.
  const others = teacherRows.filter((teacher) => teacher !== demoTeacher);
  const specialist = (subject: string, salt: number) => {
    const able = others.filter((teacher) => teacher.disciplinas.includes(subject));
    const pool = able.length > 0 ? able : others;
    return pool[salt % pool.length]!.id;
  };
  const eveningClass = classRows.find((turma) => turma.nivel === 'Fundamental II' && turma.turno === 'noite');
  const gridRows: (typeof classSubjects.$inferInsert)[] = [];
  for (const [index, turma] of classRows.entries()) {
    const isFirst = turma.nivel === 'Fundamental I';
    for (const [disciplina, aulas, dias] of isFirst ? fundamentalI : fundamentalII) {
      const byTutor = isFirst && !['Educação Física', 'Inglês'].includes(disciplina);
      // The demo teacher also teaches Matemática in the first evening Fundamental II class: his
      // mornings are the 1º Ano A's and his afternoons the Pré II A's.
      const professorId =
        byTutor && turma.professorResponsavelId
          ? turma.professorResponsavelId
          : disciplina === 'Matemática' && turma.id === eveningClass?.id && demoTeacher
            ? demoTeacher.id
            : specialist(disciplina, index);
      gridRows.push({ turmaId: turma.id, disciplina, professorId, aulasSemanais: aulas, diasSemana: dias });
    }
    await tx
      .update(classes)
      .set({ frequenciaModo: isFirst ? 'diaria' : 'por_aula' })
      .where(eq(classes.id, turma.id));
  }
  await tx.insert(classSubjects).values(gridRows);

  // Membership: most students since the first day, one in twelve enrolled later in the year.
  const calendar = classifyDays(inicio, fim, entries, [{ inicio, fim }]);
  const lastRollDay = addDays(today, -1);
  const letivos = calendar.filter((day) => day.letivo && day.data <= lastRollDay).map((day) => day.data);
  const enrolled = await tx.select().from(students).orderBy(asc(students.matricula));
  const memberships: (typeof classMemberships.$inferInsert)[] = [];
  const startOf = new Map<string, { start: string; matricula: string }>();
  for (const [index, student] of enrolled.entries()) {
    if (!student.turmaId || student.status !== 'ativo') continue;
    const late = index % 12 === 7 && letivos.length > 20;
    const start = late ? letivos[Math.floor(letivos.length * (0.3 + next() * 0.5))]! : inicio;
    // The registration agrees with the diary: a late student registered the day they joined the
    // class; the others before the year began (in the months of rematrícula), never after their
    // first roll.
    const matricula = late
      ? start
      : student.dataMatricula <= inicio
        ? student.dataMatricula
        : addDays(inicio, -(1 + ((index * 37) % 120)));
    startOf.set(student.id, { start, matricula });
    memberships.push({ alunoId: student.id, turmaId: student.turmaId, inicio: start });
  }
  await tx.delete(classMemberships);
  await insertChunked(tx, classMemberships, memberships);
  for (const [alunoId, { start, matricula }] of startOf)
    await tx
      .update(students)
      .set({ dataEnturmacao: start, dataMatricula: matricula })
      .where(eq(students.id, alunoId));

  // How often each student misses school: most rarely, some often, a few past the 75 % line.
  const rate = new Map<string, number>();
  for (const [index, student] of enrolled.entries()) {
    rate.set(student.id, index % 41 === 3 ? 0.3 : index % 17 === 5 ? 0.12 : 0.005 + next() * 0.04);
  }
  const members = (turmaId: string, date: string) =>
    memberships.filter((member) => member.turmaId === turmaId && member.inicio <= date);

  // Each roll as its teacher saved it that morning, so the roll screen reads 'salva em <that day> por <name>'.
  const teacherName = new Map(teacherRows.map((teacher) => [teacher.id, teacher.nome]));
  const takenBy = (professorId: string | null | undefined, fallback: string) =>
    (professorId ? teacherName.get(professorId) : undefined) ?? fallback;
  let rolls = 0;
  let absences = 0;
  for (const turma of classRows) {
    const seeded = await seedClassRolls(tx, {
      // The mode set above (the row was read before it).
      turma: { ...turma, frequenciaModo: turma.nivel === 'Fundamental I' ? 'diaria' : 'por_aula' },
      grid: gridRows.filter((row) => row.turmaId === turma.id),
      letivos,
      members: (date) => members(turma.id, date).map((member) => member.alunoId),
      rate,
      next,
      takenBy,
    });
    rolls += seeded.rolls;
    absences += seeded.absences;
  }
  await recordAudit(tx, systemActor, {
    action: 'criar',
    entity: 'demo',
    details: {
      ano_letivo: year,
      eventos: entries.length,
      disciplinas: gridRows.length,
      chamadas: rolls,
      faltas: absences,
    },
  });
}

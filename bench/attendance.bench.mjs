// Attendance at school scale: 5,000 students in 125 classes of 40, 200 school days of roll call
// (1,000,000 student-day marks: 25,000 rolls + about 50,000 absences, since presences are not stored)
// seeded straight into a fresh data dir (bench/school.mjs). Then, from 50 concurrent signed-in sessions
// over loopback: saving a roll of 40, a student's figures, a class's month summary; and the check before
// closing a period (the rolls not taken over its school days, whole school).
// BENCH_DATABASE_URL=postgres://… runs the same on a fresh database of that PostgreSQL server instead.
import { load, report, request } from './lib.mjs';
import {
  against,
  atPeoplesPace,
  CLASS_SIZE,
  CLASSES,
  dist,
  insertInBatches,
  pick,
  random,
  runSchoolBench,
  SECONDS,
  seedClassesAndStudents,
  seedSchoolYear,
  sessionFloor,
  STUDENTS,
} from './school.mjs';

const DAYS = 200;
const ABSENCE_RATE = 0.05;

/** The school year with 200 school days before today: this year when it has them, else the last. */
async function pickYear(todayIso) {
  const { classifyDays } = await dist('shared/calendar.js');
  for (const year of [Number(todayIso.slice(0, 4)), Number(todayIso.slice(0, 4)) - 1]) {
    const inicio = `${year}-02-02`;
    const fim = `${year}-12-11`;
    const letivos = classifyDays(inicio, fim, [], [{ inicio, fim }])
      .filter((day) => day.letivo && day.data < todayIso)
      .map((day) => day.data);
    if (letivos.length >= DAYS) return { year, days: letivos.slice(0, DAYS) };
  }
  throw new Error('no year with 200 school days before today');
}

/** A week after the period ends: the bimestres before today are closed, as in a real school. */
function weekAfter(date) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  return day.toISOString().slice(0, 10);
}

async function seed(db) {
  const { attendanceRolls, attendanceAbsences } = await dist('server/db/schema/attendance.js');
  const { todayIso } = await dist('shared/format.js');
  const next = random(13_2026);
  const chosen = await pickYear(todayIso());
  const { inicio, periods } = await seedSchoolYear(db, chosen.year, (_numero, fim) => weekAfter(fim));
  const { classRows, studentRows, membersOf } = await seedClassesAndStudents(db, {
    ano: chosen.year,
    inicio,
    matriculaPrefix: 'F',
  });
  let absences = 0;
  for (const [c, turma] of classRows.entries()) {
    const rolls = await insertInBatches(
      db,
      attendanceRolls,
      chosen.days.map((data) => ({ turmaId: turma.id, data, registradoPorNome: 'Bench' })),
      { id: attendanceRolls.id },
    );
    const rows = [];
    for (const roll of rolls)
      for (const alunoId of membersOf[c])
        if (next() < ABSENCE_RATE) rows.push({ chamadaId: roll.id, alunoId });
    absences += rows.length;
    await insertInBatches(db, attendanceAbsences, rows);
  }
  return {
    classIds: classRows.map((row) => row.id),
    studentIds: studentRows.map((row) => row.id),
    membersOf,
    days: chosen.days,
    absences,
    periodIds: periods.map((period) => period.id),
  };
}

await runSchoolBench({
  name: 'attendance',
  seed,
  run: async ({ base, sessions, seeded, seedSeconds, database }) => {
    const { classIds, studentIds, membersOf, days, periodIds } = seeded;

    // Sanity: a student's figures cover the 200 days.
    const sample = JSON.parse(
      (await request(base, `/api/frequencia/alunos/${studentIds[0]}`, { headers: { cookie: sessions[0] } }))
        .body,
    );
    if (sample.data.geral.aulas_dadas !== DAYS)
      throw new Error(`expected ${DAYS} days given, got ${JSON.stringify(sample.data.geral)}`);
    const rollOf = JSON.parse(
      (
        await request(base, `/api/frequencia/turmas/${classIds[0]}?data=${days[10]}`, {
          headers: { cookie: sessions[0] },
        })
      ).body,
    );
    if (rollOf.data.alunos.length !== CLASS_SIZE) throw new Error(`roll of ${rollOf.data.alunos.length}`);
    const membersByClass = new Map(classIds.map((turma, c) => [turma, membersOf[c]]));
    const month = days[60].slice(0, 7);

    const saveRoll = (id, i) => {
      const turma = pick(classIds, i);
      const members = membersByClass.get(turma);
      const faltas = [members[i % 40], members[(i + 13) % 40]].map((aluno_id) => ({ aluno_id }));
      return request(base, `/api/frequencia/turmas/${turma}`, {
        method: 'PUT',
        headers: { cookie: sessions[id] },
        body: { data: pick(days, i + 3), faltas },
      });
    };
    const studentFigures = (id, i) =>
      request(base, `/api/frequencia/alunos/${pick(studentIds, i)}`, { headers: { cookie: sessions[id] } });
    const classMonth = (id, i) =>
      request(base, `/api/frequencia/turmas/${pick(classIds, i)}/mes?mes=${month}`, {
        headers: { cookie: sessions[id] },
      });
    const results = {
      'GET /api/auth/me (floor: session only)': await sessionFloor(base, sessions),
      'PUT /api/frequencia/turmas/:id (roll of 40, 2 absences changed: audited correction)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: saveRoll,
      }),
      'GET /api/frequencia/turmas/:id?data= (roll of 40)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(base, `/api/frequencia/turmas/${pick(classIds, i)}?data=${pick(days, i)}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/frequencia/alunos/:id (student figures, 200 days)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: studentFigures,
      }),
      'GET /api/frequencia/turmas/:id/mes (class month, 40 × days)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: classMonth,
      }),
      'PUT roll of 40, 50 sessions at 1 request/s each': against(await atPeoplesPace(saveRoll), { p95: 50 }),
      'GET student figures, 50 sessions at 1 request/s each': against(await atPeoplesPace(studentFigures), {
        p95: 50,
      }),
      'GET class month, 50 sessions at 1 request/s each': against(await atPeoplesPace(classMonth), {
        p95: 50,
      }),
      // The check before closing a period: the rolls not taken over its ~55 school days, 125 classes (read
      // once for the period, not once a day).
      'GET /api/notas/acompanhamento?chamadas=true (2nd bimestre, whole school, 2 sessions)': await load({
        concurrency: 2,
        seconds: SECONDS,
        make: (id) =>
          request(base, `/api/notas/acompanhamento?periodo_id=${periodIds[1]}&chamadas=true`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/frequencia/alertas (whole school, 10 sessions)': await load({
        concurrency: 10,
        seconds: SECONDS,
        make: (id) => request(base, '/api/frequencia/alertas', { headers: { cookie: sessions[id] } }),
      }),
    };
    report(
      `Attendance: ${STUDENTS} students × ${DAYS} days (${CLASSES} rolls a day, ${seeded.absences} absences ` +
        `stored, seeded in ${seedSeconds} s), 50 concurrent sessions, ${SECONDS} s each, ${database}`,
      results,
    );
  },
});

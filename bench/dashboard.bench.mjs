// The portal's home (`GET /api/dashboard/stats`) of a teacher against a family's, at school scale
// (issue 29, item 19: the teacher's took 5–7 s where a family's took 0,2 s). 5,000 students in 125
// classes of 40 (bench/school.mjs): Fundamental I classes take one roll a day with their responsible
// teacher, Fundamental II ones a roll per lesson of 8 subjects; every (class, subject) has a teacher,
// each teaching one subject in 10 classes (a specialist's week), and every school day up to yesterday
// has its rolls (≈ 3 % absences). Each subject has an assessment per period begun, graded except for a
// few students in the current one (the teacher's to-do list), and 100 families with accounts have two
// children each and a year of tuition.
// The teacher's home and the family's are measured in alternating rounds of the same run (the machine's
// load falls on both alike), from one session at a time (the cost of one home) and from 10; the ratio
// of the medians is the figure. BENCH_DATABASE_URL=postgres://… runs the same on a fresh database there.
import { load, report, request } from './lib.mjs';
import {
  CLASS_SIZE,
  CLASSES,
  dist,
  insertInBatches,
  random,
  runSchoolBench,
  SECONDS,
  seedClassesAndStudents,
  seedFamilyUsers,
  seedSchoolYear,
  signIn,
  STUDENTS,
} from './school.mjs';

const SUBJECTS = [
  ['Matemática', [1, 3, 5]],
  ['Português', [1, 3, 5]],
  ['Ciências', [1, 3, 5]],
  ['História', [1, 3, 5]],
  ['Geografia', [2, 4]],
  ['Inglês', [2, 4]],
  ['Arte', [2, 4]],
  ['Educação Física', [2, 4]],
];
const CLASSES_PER_TEACHER = 10;
const FAMILIES = 100;
const PASSWORD = 'Bench-Painel-Senha-2026';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ABSENCE_RATE = 0.03;

const teacherEmail = (n) => `prof.painel.${n}@bench.escola`;
const familyEmail = (n) => `familia.painel.${n}@bench.escola`;

async function seed(db) {
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { users } = await dist('server/db/schema/users.js');
  const { teachers } = await dist('server/db/schema/teachers.js');
  const { classes } = await dist('server/db/schema/classes.js');
  const { guardians, studentGuardians } = await dist('server/db/schema/students.js');
  const { classSubjects } = await dist('server/db/schema/curriculum.js');
  const { attendanceRolls, attendanceAbsences } = await dist('server/db/schema/attendance.js');
  const { assessments, grades } = await dist('server/db/schema/grades.js');
  const { mensalidades } = await dist('server/db/schema/finance.js');
  const { classifyDays, addDays, weekdayOf, lessonsOnWeekday } = await dist('shared/calendar.js');
  const { completeCpf } = await dist('shared/validators.js');
  const { todayIso } = await dist('shared/format.js');
  const { eq } = await import('drizzle-orm');
  const next = random(29_2026);
  const today = todayIso();
  const ano = Number(today.slice(0, 4));
  const { inicio, fim, periods } = await seedSchoolYear(db, ano, (_numero, end) => addDays(end, 7));
  const { classRows, membersOf } = await seedClassesAndStudents(db, { ano, inicio, matriculaPrefix: 'P' });
  const passwordHash = await hashPassword(PASSWORD);

  // One teacher per subject and 10 classes: teacher k teaches pair k*10 … k*10+9 of (subject, class).
  const pairs = SUBJECTS.flatMap((_, s) => classRows.map((_, c) => ({ s, c })));
  const teacherCount = Math.ceil(pairs.length / CLASSES_PER_TEACHER);
  const teacherUsers = await insertInBatches(
    db,
    users,
    Array.from({ length: teacherCount }, (_, n) => ({
      nome: `Professor Painel ${n + 1}`,
      email: teacherEmail(n),
      nivel: 'professor',
      passwordHash,
      primeiroLogin: false,
    })),
    { id: users.id },
  );
  const teacherRows = await insertInBatches(
    db,
    teachers,
    teacherUsers.map((user, n) => ({
      nome: `Professor Painel ${n + 1}`,
      email: teacherEmail(n),
      disciplinas: [SUBJECTS[pairs[n * CLASSES_PER_TEACHER].s][0]],
      usuarioId: user.id,
    })),
    { id: teachers.id },
  );
  const teacherOf = (s, c) => teacherRows[Math.floor((s * classRows.length + c) / CLASSES_PER_TEACHER)].id;
  // Fundamental I (1º–5º ano): one roll a day by the class's responsible teacher (its Português one).
  const daily = classRows.map((_, c) => c % 9 < 5);
  for (const [c, turma] of classRows.entries())
    await db
      .update(classes)
      .set(
        daily[c]
          ? { frequenciaModo: 'diaria', professorResponsavelId: teacherOf(1, c) }
          : { frequenciaModo: 'por_aula' },
      )
      .where(eq(classes.id, turma.id));
  await insertInBatches(
    db,
    classSubjects,
    pairs.map(({ s, c }) => ({
      turmaId: classRows[c].id,
      disciplina: SUBJECTS[s][0],
      professorId: teacherOf(s, c),
      aulasSemanais: SUBJECTS[s][1].length,
      diasSemana: SUBJECTS[s][1],
    })),
  );

  // Every school day of the year up to yesterday has its rolls.
  const days = classifyDays(inicio, fim, [], [{ inicio, fim }])
    .filter((day) => day.letivo && day.data < today)
    .map((day) => day.data);
  let rollCount = 0;
  let absenceCount = 0;
  for (const [c, turma] of classRows.entries()) {
    const rows = [];
    for (const data of days) {
      if (daily[c]) rows.push({ turmaId: turma.id, data, aula: 0, registradoPorNome: 'Bench' });
      else
        for (const [disciplina, weekdays] of SUBJECTS)
          for (let aula = 1; aula <= lessonsOnWeekday(weekdays.length, weekdays, weekdayOf(data)); aula++)
            rows.push({ turmaId: turma.id, data, aula, disciplina, registradoPorNome: 'Bench' });
    }
    const rolls = await insertInBatches(db, attendanceRolls, rows, { id: attendanceRolls.id });
    rollCount += rolls.length;
    const absences = [];
    for (const roll of rolls)
      for (const alunoId of membersOf[c])
        if (next() < ABSENCE_RATE) absences.push({ chamadaId: roll.id, alunoId });
    absenceCount += absences.length;
    await insertInBatches(db, attendanceAbsences, absences);
  }

  // An assessment per subject and period begun, graded for everyone but a few in the current period.
  const begun = periods.filter((period) => period.inicio <= today);
  let gradeCount = 0;
  for (const [c, turma] of classRows.entries()) {
    const columns = await db
      .insert(assessments)
      .values(
        SUBJECTS.flatMap(([disciplina]) =>
          begun.map((period) => ({
            turmaId: turma.id,
            disciplina,
            periodoId: period.id,
            nome: 'Prova',
            data: addDays(period.inicio, 14) < today ? addDays(period.inicio, 14) : period.inicio,
          })),
        ),
      )
      .returning({ id: assessments.id, periodoId: assessments.periodoId });
    const current = begun.at(-1)?.id;
    const rows = [];
    for (const column of columns)
      for (const [k, alunoId] of membersOf[c].entries()) {
        if (column.periodoId === current && k < 3) continue;
        const tenths = 30 + Math.floor(next() * 71);
        rows.push({ avaliacaoId: column.id, alunoId, valor: `${Math.floor(tenths / 10)}.${tenths % 10}` });
      }
    gradeCount += rows.length;
    await insertInBatches(db, grades, rows);
  }

  // Families with accounts: two children each, and the year's tuition (paid up to last month).
  const familyUsers = await seedFamilyUsers(
    db,
    FAMILIES,
    { name: (n) => `Família Painel ${n + 1}`, email: familyEmail },
    passwordHash,
  );
  const guardianRows = await insertInBatches(
    db,
    guardians,
    familyUsers.map((user, n) => ({
      nome: `Família Painel ${n + 1}`,
      telefone: `119${String(20_000_000 + n).padStart(8, '0')}`,
      cpf: completeCpf(String(500_000_000 + n * 17)),
      usuarioId: user.id,
    })),
    { id: guardians.id },
  );
  // Siblings in different classes (the children go round the classes in bench/school.mjs).
  const child = (k) => membersOf[k % CLASSES][Math.floor(k / CLASSES)];
  const children = (n) => [child(2 * n), child(2 * n + 1)];
  await insertInBatches(
    db,
    studentGuardians,
    guardianRows.flatMap((guardian, n) =>
      children(n).map((alunoId, k) => ({
        alunoId,
        responsavelId: guardian.id,
        parentesco: 'mae',
        ehPrincipal: k === 0,
      })),
    ),
  );
  const month = today.slice(0, 7);
  await insertInBatches(
    db,
    mensalidades,
    guardianRows.flatMap((_, n) =>
      children(n).flatMap((alunoId) =>
        Array.from({ length: 12 }, (_, m) => {
          const mes = `${ano}-${String(m + 1).padStart(2, '0')}`;
          const paid = mes < month;
          return {
            alunoId,
            mesReferencia: mes,
            dataVencimento: `${mes}-10`,
            valorOriginal: 85_000,
            valor: 85_000,
            principalPago: paid ? 85_000 : 0,
            dataPagamento: paid ? `${mes}-08` : null,
          };
        }),
      ),
    ),
  );
  return { teacherCount, days: days.length, rollCount, absenceCount, gradeCount };
}

/** The median of the rounds' values of one measure. */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await runSchoolBench({
  name: 'dashboard',
  seed,
  run: async ({ base, seeded, seedSeconds, database }) => {
    const teacherSessions = [];
    const familySessions = [];
    for (let n = 0; n < 10; n++) {
      // A small school (BENCH_STUDENTS) has fewer than 10 teachers: some sessions share one.
      teacherSessions.push(
        await signIn(base, { email: teacherEmail(n % seeded.teacherCount), password: PASSWORD }),
      );
      familySessions.push(await signIn(base, { email: familyEmail(n), password: PASSWORD }));
    }
    const home = (cookie) => request(base, '/api/dashboard/stats', { headers: { cookie } });
    // Sanity: a specialist's home lists their 10 classes; a family's, its two children.
    const teacherHome = JSON.parse((await home(teacherSessions[0])).body);
    if (teacherHome.data?.turmas?.length !== CLASSES_PER_TEACHER)
      throw new Error(`teacher's home: ${JSON.stringify(teacherHome).slice(0, 300)}`);
    const familyHome = JSON.parse((await home(familySessions[0])).body);
    if (familyHome.data?.filhos?.length !== 2)
      throw new Error(`family's home: ${JSON.stringify(familyHome).slice(0, 300)}`);

    const measure = (sessions, concurrency) =>
      load({ concurrency, seconds: SECONDS, make: (id, i) => home(sessions[(id + i) % sessions.length]) });
    const rounds = { teacher1: [], family1: [], teacher10: [], family10: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.teacher1.push(await measure(teacherSessions, 1));
      rounds.family1.push(await measure(familySessions, 1));
      rounds.teacher10.push(await measure(teacherSessions, 10));
      rounds.family10.push(await measure(familySessions, 10));
    }
    const summary = (list) => ({
      requests: list.reduce((sum, row) => sum + row.requests, 0),
      errors: list.reduce((sum, row) => sum + row.errors, 0),
      rps: median(list.map((row) => row.rps)),
      p50: median(list.map((row) => row.p50)),
      p95: median(list.map((row) => row.p95)),
    });
    const rows = {
      'teacher home, 1 session (10 classes)': summary(rounds.teacher1),
      'family home, 1 session (2 children)': summary(rounds.family1),
      'teacher home, 10 sessions': summary(rounds.teacher10),
      'family home, 10 sessions': summary(rounds.family10),
    };
    const ratio = (a, b) => Number((a / b).toFixed(2));
    for (const [label, teacher, family] of [
      [
        '1 session',
        rows['teacher home, 1 session (10 classes)'],
        rows['family home, 1 session (2 children)'],
      ],
      ['10 sessions', rows['teacher home, 10 sessions'], rows['family home, 10 sessions']],
    ])
      rows[`teacher ÷ family, ${label}`] = {
        p50: ratio(teacher.p50, family.p50),
        p95: ratio(teacher.p95, family.p95),
      };
    report(
      `Home (GET /api/dashboard/stats): ${STUDENTS} students in ${CLASSES} classes of ${CLASS_SIZE}, ` +
        `${seeded.teacherCount} teachers, ${seeded.days} school days (${seeded.rollCount} rolls, ` +
        `${seeded.absenceCount} absences), ${seeded.gradeCount} grades, ${FAMILIES} families; seeded in ` +
        `${seedSeconds} s; ${ROUNDS} alternating rounds of ${SECONDS} s, medians; ${database}`,
      rows,
    );
  },
});

// Attendance (issue 13) at school scale: 5,000 students in 125 classes of 40, 200 school days of
// roll call (1,000,000 student-day marks: 25,000 rolls + about 50,000 absences, since presences are
// not stored) seeded straight into a fresh PGlite data dir (server stopped). Then, from 50 concurrent
// signed-in sessions over loopback: saving a roll of 40, a student's figures, a class's month summary.
// BENCH_DATABASE_URL=postgres://… runs the same on a fresh database of that PostgreSQL server instead.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, report, request, root, startServer, tempDataDir } from './lib.mjs';

const STUDENTS = 5_000;
const CLASS_SIZE = 40;
const CLASSES = STUDENTS / CLASS_SIZE;
const DAYS = 200;
const ABSENCE_RATE = 0.05;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };

const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches(db, table, rows, returning, size = 1000) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (returning) out.push(...(await db.insert(table).values(chunk).returning(returning)));
    else await db.insert(table).values(chunk);
  }
  return out;
}

/** The school year with 200 school days before today: this year when it has them, else the last. */
async function pickYear(todayIso) {
  const { classifyDays } = await dist('shared/calendar.js');
  for (const year of [Number(todayIso.slice(0, 4)), Number(todayIso.slice(0, 4)) - 1]) {
    const inicio = `${year}-02-02`;
    const fim = `${year}-12-11`;
    const letivos = classifyDays(inicio, fim, [], [{ inicio, fim }])
      .filter((day) => day.letivo && day.data < todayIso)
      .map((day) => day.data);
    if (letivos.length >= DAYS) return { year, inicio, fim, days: letivos.slice(0, DAYS) };
  }
  throw new Error('no year with 200 school days before today');
}

const postgresAdminUrl = process.env.BENCH_DATABASE_URL;
let databaseUrl;
if (postgresAdminUrl) {
  const pg = (await import('pg')).default;
  const name = `bench_attendance_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

async function seed(dataDir) {
  const { openDatabase } = await dist('server/db/client.js');
  const { users } = await dist('server/features/users/users.table.js');
  const { classes } = await dist('server/features/classes/classes.table.js');
  const { students } = await dist('server/features/students/students.table.js');
  const { schoolYears, schoolPeriods } = await dist('server/features/calendar/calendar.table.js');
  const { attendanceRolls, attendanceAbsences, classMemberships } = await dist(
    'server/features/academics/academics.table.js',
  );
  const { todayIso } = await dist('shared/format.js');
  const next = random(13_2026);
  const chosen = await pickYear(todayIso());

  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
  );
  const { db } = database;
  try {
    await db.update(users).set({ primeiroLogin: false });
    const [year] = await db
      .insert(schoolYears)
      .values({ ano: chosen.year, inicio: chosen.inicio, fim: chosen.fim })
      .returning({ id: schoolYears.id });
    const y = String(chosen.year);
    await db.insert(schoolPeriods).values([
      {
        anoLetivoId: year.id,
        numero: 1,
        inicio: chosen.inicio,
        fim: `${y}-04-17`,
        dataFechamento: `${y}-04-24`,
      },
      {
        anoLetivoId: year.id,
        numero: 2,
        inicio: `${y}-04-18`,
        fim: `${y}-07-03`,
        dataFechamento: `${y}-07-10`,
      },
      {
        anoLetivoId: year.id,
        numero: 3,
        inicio: `${y}-07-04`,
        fim: `${y}-09-30`,
        dataFechamento: `${y}-10-07`,
      },
      {
        anoLetivoId: year.id,
        numero: 4,
        inicio: `${y}-10-01`,
        fim: chosen.fim,
        dataFechamento: `${y}-12-18`,
      },
    ]);
    const classRows = await insertInBatches(
      db,
      classes,
      Array.from({ length: CLASSES }, (_, i) => {
        const grade = (i % 9) + 1;
        return {
          nome: `${grade}º Ano ${String.fromCharCode(65 + Math.floor(i / 9))}`,
          nivel: grade <= 5 ? 'Fundamental I' : 'Fundamental II',
          serie: `${grade}º ano`,
          turno: ['manha', 'tarde', 'noite'][i % 3],
          anoLetivo: y,
          capacidadeMaxima: CLASS_SIZE,
        };
      }),
      { id: classes.id },
    );
    const studentRows = await insertInBatches(
      db,
      students,
      Array.from({ length: STUDENTS }, (_, n) => ({
        nome: `Aluno Bench ${String(n + 1).padStart(4, '0')}`,
        dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
        matricula: `F${String(n + 1).padStart(6, '0')}`,
        turmaId: classRows[n % CLASSES].id,
        dataEnturmacao: chosen.inicio,
      })),
      { id: students.id },
    );
    await insertInBatches(
      db,
      classMemberships,
      studentRows.map((student, n) => ({
        alunoId: student.id,
        turmaId: classRows[n % CLASSES].id,
        inicio: chosen.inicio,
      })),
    );
    const membersOf = classRows.map((_, c) =>
      studentRows.filter((_, n) => n % CLASSES === c).map((s) => s.id),
    );
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
    await db.execute('ANALYZE');
    return {
      classIds: classRows.map((row) => row.id),
      studentIds: studentRows.map((row) => row.id),
      days: chosen.days,
      absences,
    };
  } finally {
    await database.close();
  }
}

async function signIn(base, credentials) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: credentials });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

const dataDir = tempDataDir();
try {
  const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const setup = await startServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...dbEnv },
    { dataDir },
  );
  await setup.stop();
  const seedStarted = Date.now();
  const seeded = await seed(dataDir);
  const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

  const server = await startServer(dbEnv, { dataDir });
  try {
    const sessions = [];
    for (let i = 0; i < 50; i++) sessions.push(await signIn(server.base, ADMIN));
    const { classIds, studentIds, days } = seeded;
    const pick = (list, i) => list[(i * 7919) % list.length];

    // Sanity: a student's figures cover the 200 days.
    const sample = JSON.parse(
      (
        await request(server.base, `/api/frequencia/alunos/${studentIds[0]}`, {
          headers: { cookie: sessions[0] },
        })
      ).body,
    );
    if (sample.data.geral.aulas_dadas !== DAYS)
      throw new Error(`expected ${DAYS} days given, got ${JSON.stringify(sample.data.geral)}`);
    const rollOf = JSON.parse(
      (
        await request(server.base, `/api/frequencia/turmas/${classIds[0]}?data=${days[10]}`, {
          headers: { cookie: sessions[0] },
        })
      ).body,
    );
    if (rollOf.data.alunos.length !== CLASS_SIZE) throw new Error(`roll of ${rollOf.data.alunos.length}`);
    const membersByClass = new Map();
    for (const [n, id] of studentIds.entries()) {
      const turma = classIds[n % classIds.length];
      membersByClass.set(turma, [...(membersByClass.get(turma) ?? []), id]);
    }
    const month = days[60].slice(0, 7);

    const results = {
      'GET /api/auth/me (floor: session only)': await load({
        concurrency: 50,
        seconds: 3,
        make: (id) => request(server.base, '/api/auth/me', { headers: { cookie: sessions[id] } }),
      }),
      'PUT /api/frequencia/turmas/:id (roll of 40, 2 absences changed: audited correction)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) => {
          const turma = pick(classIds, i);
          const members = membersByClass.get(turma);
          const faltas = [members[i % 40], members[(i + 13) % 40]].map((aluno_id) => ({ aluno_id }));
          return request(server.base, `/api/frequencia/turmas/${turma}`, {
            method: 'PUT',
            headers: { cookie: sessions[id] },
            body: { data: pick(days, i + 3), faltas },
          });
        },
      }),
      'GET /api/frequencia/turmas/:id?data= (roll of 40)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(server.base, `/api/frequencia/turmas/${pick(classIds, i)}?data=${pick(days, i)}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/frequencia/alunos/:id (student figures, 200 days)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(server.base, `/api/frequencia/alunos/${pick(studentIds, i)}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/frequencia/turmas/:id/mes (class month, 40 × days)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(server.base, `/api/frequencia/turmas/${pick(classIds, i)}/mes?mes=${month}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/frequencia/alertas (whole school, 10 sessions)': await load({
        concurrency: 10,
        seconds: SECONDS,
        make: (id) => request(server.base, '/api/frequencia/alertas', { headers: { cookie: sessions[id] } }),
      }),
    };
    report(
      `Attendance: ${STUDENTS} students × ${DAYS} days (${CLASSES} rolls a day, ${seeded.absences} absences ` +
        `stored, seeded in ${seedSeconds} s), 50 concurrent sessions, ${SECONDS} s each, ` +
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
      results,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && postgresAdminUrl) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
}

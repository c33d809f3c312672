// Grades (issue 14) at school scale: 5,000 students in 125 classes of 40, each class with 8 subjects;
// every subject has 2 assessments in each of the 4 bimestres, and Matemática has 8 in the 1st (the
// 40 × 8 grid) — about 230,000 grades, seeded straight into a fresh PGlite data dir (server stopped).
// Then, from 50 concurrent signed-in sessions over loopback: loading a grid (40 × 8), saving a batch of
// 40 grades (one column, with versions), a student's boletim; and the PDF of a class's 40 boletins.
// BENCH_DATABASE_URL=postgres://… runs the same on a fresh database of that PostgreSQL server instead.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, report, request, root, startServer, tempDataDir } from './lib.mjs';

const STUDENTS = 5_000;
const CLASS_SIZE = 40;
const CLASSES = STUDENTS / CLASS_SIZE;
const SUBJECTS = [
  'Matemática',
  'Português',
  'História',
  'Geografia',
  'Ciências',
  'Inglês',
  'Arte',
  'Educação Física',
];
const GRID_COLUMNS = 8;
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

const postgresAdminUrl = process.env.BENCH_DATABASE_URL;
let databaseUrl;
if (postgresAdminUrl) {
  const pg = (await import('pg')).default;
  const name = `bench_grades_${Date.now()}`;
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
  const { classMemberships, classSubjects } = await dist('server/features/academics/academics.table.js');
  const { assessments, grades } = await dist('server/features/grades/grades.table.js');
  const { todayIso } = await dist('shared/format.js');
  const next = random(14_2026);
  const year = Number(todayIso().slice(0, 4));
  const y = String(year);
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
  );
  const { db } = database;
  try {
    await db.update(users).set({ primeiroLogin: false });
    const [schoolYear] = await db
      .insert(schoolYears)
      .values({ ano: year, inicio: `${y}-02-02`, fim: `${y}-12-11` })
      .returning({ id: schoolYears.id });
    // Every period open (closing dates next year), so the batch save is a teacher's ordinary write.
    const bounds = [
      [`${y}-02-02`, `${y}-04-17`],
      [`${y}-04-18`, `${y}-07-03`],
      [`${y}-07-04`, `${y}-09-30`],
      [`${y}-10-01`, `${y}-12-11`],
    ];
    const periods = await db
      .insert(schoolPeriods)
      .values(
        bounds.map(([inicio, fim], index) => ({
          anoLetivoId: schoolYear.id,
          numero: index + 1,
          inicio,
          fim,
          dataFechamento: `${year + 1}-01-31`,
        })),
      )
      .returning({ id: schoolPeriods.id, inicio: schoolPeriods.inicio });
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
    await insertInBatches(
      db,
      classSubjects,
      classRows.flatMap((turma) =>
        SUBJECTS.map((disciplina) => ({ turmaId: turma.id, disciplina, aulasSemanais: 3 })),
      ),
    );
    const studentRows = await insertInBatches(
      db,
      students,
      Array.from({ length: STUDENTS }, (_, n) => ({
        nome: `Aluno Bench ${String(n + 1).padStart(4, '0')}`,
        dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
        matricula: `G${String(n + 1).padStart(6, '0')}`,
        turmaId: classRows[n % CLASSES].id,
        dataEnturmacao: `${y}-02-02`,
      })),
      { id: students.id },
    );
    await insertInBatches(
      db,
      classMemberships,
      studentRows.map((student, n) => ({
        alunoId: student.id,
        turmaId: classRows[n % CLASSES].id,
        inicio: `${y}-02-02`,
      })),
    );
    const membersOf = classRows.map((_, c) =>
      studentRows.filter((_, n) => n % CLASSES === c).map((s) => s.id),
    );
    let total = 0;
    const gridColumns = [];
    for (const [c, turma] of classRows.entries()) {
      const plan = [];
      for (const disciplina of SUBJECTS)
        for (const [p, period] of periods.entries()) {
          const count = disciplina === 'Matemática' && p === 0 ? GRID_COLUMNS : 2;
          for (let k = 0; k < count; k++)
            plan.push({
              turmaId: turma.id,
              disciplina,
              periodoId: period.id,
              nome: `Avaliação ${k + 1}`,
              data: period.inicio,
              peso: k === 0 ? '2.0' : '1.0',
            });
        }
      const columns = await db.insert(assessments).values(plan).returning({
        id: assessments.id,
        disciplina: assessments.disciplina,
        periodoId: assessments.periodoId,
      });
      gridColumns.push(
        columns
          .filter((column) => column.disciplina === 'Matemática' && column.periodoId === periods[0].id)
          .map((column) => column.id),
      );
      const rows = [];
      for (const column of columns)
        for (const alunoId of membersOf[c]) {
          const tenths = 30 + Math.floor(next() * 71);
          rows.push({ avaliacaoId: column.id, alunoId, valor: `${Math.floor(tenths / 10)}.${tenths % 10}` });
        }
      total += rows.length;
      await insertInBatches(db, grades, rows);
    }
    await db.execute('ANALYZE');
    return {
      classIds: classRows.map((row) => row.id),
      studentIds: studentRows.map((row) => row.id),
      membersOf,
      gridColumns,
      periodId: periods[0].id,
      total,
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
    const { classIds, studentIds, membersOf, gridColumns, periodId } = seeded;
    const pick = (list, i) => list[(i * 7919) % list.length];
    const gridUrl = (turma) =>
      `/api/notas/turmas/${turma}?disciplina=${encodeURIComponent('Matemática')}&periodo_id=${periodId}`;

    // Sanity: the grid is 40 × 8 and the boletim has 8 subjects × 4 periods.
    const grid = JSON.parse(
      (await request(server.base, gridUrl(classIds[0]), { headers: { cookie: sessions[0] } })).body,
    );
    if (grid.data.alunos.length !== CLASS_SIZE || grid.data.avaliacoes.length !== GRID_COLUMNS)
      throw new Error(`grid of ${grid.data.alunos.length} × ${grid.data.avaliacoes.length}`);
    const card = JSON.parse(
      (
        await request(server.base, `/api/boletins/alunos/${studentIds[0]}`, {
          headers: { cookie: sessions[0] },
        })
      ).body,
    );
    if (card.data.disciplinas.length !== SUBJECTS.length)
      throw new Error(`boletim: ${JSON.stringify(card).slice(0, 300)}`);

    // Each worker saves columns of its own class, keeping the versions it got back (no conflicts).
    const versions = new Map();
    const results = {
      'GET /api/auth/me (floor: session only)': await load({
        concurrency: 50,
        seconds: 3,
        make: (id) => request(server.base, '/api/auth/me', { headers: { cookie: sessions[id] } }),
      }),
      'GET /api/notas/turmas/:id (grid 40 × 8)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(server.base, gridUrl(pick(classIds, i)), { headers: { cookie: sessions[id] } }),
      }),
      'PUT /api/notas (batch of 40, one column)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: async (id, i) => {
          const column = gridColumns[id][i % GRID_COLUMNS];
          const notas = membersOf[id].map((aluno_id, k) => ({
            avaliacao_id: column,
            aluno_id,
            valor: `${3 + ((i + k) % 7)},${(i * 7 + k) % 10}`,
            version: versions.get(`${column}:${aluno_id}`) ?? 1,
          }));
          const response = await request(server.base, '/api/notas', {
            method: 'PUT',
            headers: { cookie: sessions[id] },
            body: { notas },
          });
          if (response.status === 200)
            for (const cell of JSON.parse(response.body).data.notas)
              versions.set(`${cell.avaliacao_id}:${cell.aluno_id}`, cell.version);
          return response;
        },
      }),
      'GET /api/boletins/alunos/:id (8 subjects × 4 periods)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, i) =>
          request(server.base, `/api/boletins/alunos/${pick(studentIds, i)}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/boletins/turmas/:id.pdf (40 boletins, 1 session)': await load({
        concurrency: 1,
        seconds: Math.max(SECONDS, 8),
        make: (id, i) =>
          request(server.base, `/api/boletins/turmas/${pick(classIds, i)}.pdf`, {
            headers: { cookie: sessions[id] },
          }),
      }),
    };
    report(
      `Grades: ${STUDENTS} students in ${CLASSES} classes × ${SUBJECTS.length} subjects, ${seeded.total} grades ` +
        `(seeded in ${seedSeconds} s), 50 concurrent sessions, ${SECONDS} s each, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
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

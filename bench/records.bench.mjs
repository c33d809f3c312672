// School records (issue 5): the student list at school scale. Seeds 5,000 students with guardians,
// 60 teachers and 150 classes straight into a fresh PGlite data dir (server stopped), then drives
// GET /api/alunos from 50 concurrent signed-in sessions over loopback for a bounded time.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, report, request, root, startServer, tempDataDir } from './lib.mjs';

const STUDENTS = 5_000;
const TEACHERS = 60;
const CLASSES = 150;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };
const TEACHER = { email: 'prof.bench@escola.test', password: 'Bench-Prof-Senha-2026' };

const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

const first = [
  'Ana',
  'Bruno',
  'Camila',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriel',
  'Helena',
  'Isabela',
  'João',
];
const more = ['Júlia', 'Lucas', 'Luiza', 'Mariana', 'Miguel', 'Pedro', 'Rafael', 'Sofia', 'Théo', 'Yasmin'];
const firstNames = [...first, ...more];
const surnames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira'];
surnames.push('Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares');
surnames.push('Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira');

async function insertInBatches(db, table, rows, returning, size = 500) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    out.push(...(returning ? await db.insert(table).values(chunk).returning(returning) : []));
    if (!returning) await db.insert(table).values(chunk);
  }
  return out;
}

/** Fills the data dir directly; the schema is already migrated by a first start of the server. */
async function seed(dataDir) {
  const { openDatabase } = await dist('server/db/client.js');
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { users } = await dist('server/features/users/users.table.js');
  const { teachers } = await dist('server/features/teachers/teachers.table.js');
  const { classes } = await dist('server/features/classes/classes.table.js');
  const { guardians, studentGuardians, students } = await dist('server/features/students/students.table.js');
  const { completeCpf } = await dist('shared/validators.js');

  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  try {
    // The first administrator would be sent to 'Trocar senha' first; the bench signs in as is.
    await db.update(users).set({ primeiroLogin: false });
    const [teacherUser] = await db
      .insert(users)
      .values({
        nome: 'Professora Bench',
        email: TEACHER.email,
        nivel: 'professor',
        passwordHash: await hashPassword(TEACHER.password),
        primeiroLogin: false,
      })
      .returning({ id: users.id });
    const teacherRows = await insertInBatches(
      db,
      teachers,
      Array.from({ length: TEACHERS }, (_, i) => ({
        nome: `${firstNames[i % firstNames.length]} ${surnames[i % surnames.length]} Docente ${i + 1}`,
        email: `docente${i + 1}@bench.escola`,
        telefone: `1198${String(1_000_000 + i).padStart(7, '0')}`,
        disciplinas: ['Matemática', 'Português'],
        dataContratacao: '2020-02-01',
        usuarioId: i === 0 ? teacherUser.id : null,
      })),
      { id: teachers.id },
    );
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
          anoLetivo: '2026',
          capacidadeMaxima: 40,
          // Every teacher is responsible for two or three classes.
          professorResponsavelId: teacherRows[i % TEACHERS].id,
        };
      }),
      { id: classes.id },
    );

    const guardianValues = [];
    const studentValues = [];
    const links = [];
    for (let family = 0; studentValues.length < STUDENTS; family++) {
      const surname = `${surnames[family % surnames.length]} ${surnames[(family * 7 + 3) % surnames.length]}`;
      guardianValues.push({
        nome: `${firstNames[(family * 3) % firstNames.length]} ${surname}`,
        email: family % 2 === 0 ? `familia${family}@bench.escola` : null,
        telefone: `119${String(10_000_000 + family).padStart(8, '0')}`,
        cpf: completeCpf(String(400_000_000 + family * 17)),
      });
      const children = family % 4 === 0 ? 2 : 1;
      for (let child = 0; child < children && studentValues.length < STUDENTS; child++) {
        const n = studentValues.length;
        studentValues.push({
          nome: `${firstNames[(n * 7) % firstNames.length]} ${surname}`,
          dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
          matricula: `B${String(n + 1).padStart(6, '0')}`,
          email: n % 3 === 0 ? `aluno${n + 1}@bench.escola` : null,
          turmaId: classRows[n % CLASSES].id,
          dataMatricula: `2026-0${1 + (n % 9)}-15`,
          status: n % 37 === 5 ? 'transferido' : n % 53 === 7 ? 'inativo' : 'ativo',
        });
        links.push({ student: n, guardian: family });
      }
    }
    const guardianRows = await insertInBatches(db, guardians, guardianValues, { id: guardians.id });
    const studentRows = await insertInBatches(db, students, studentValues, { id: students.id });
    await insertInBatches(
      db,
      studentGuardians,
      links.map((link) => ({
        alunoId: studentRows[link.student].id,
        responsavelId: guardianRows[link.guardian].id,
        parentesco: 'mae',
        ehPrincipal: true,
      })),
    );
    await db.execute('ANALYZE');
    return { classId: classRows[17].id, guardians: guardianRows.length, students: studentRows.length };
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
  // A first start creates the schema and the administrator; then the server stops for the seed.
  const setup = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  await setup.stop();

  const seedStarted = Date.now();
  const seeded = await seed(dataDir);
  const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

  const server = await startServer({}, { dataDir });
  try {
    const sessions = [];
    for (let i = 0; i < 50; i++) sessions.push(await signIn(server.base, ADMIN));
    const teacherSessions = [];
    for (let i = 0; i < 10; i++) teacherSessions.push(await signIn(server.base, TEACHER));

    const sample = JSON.parse(
      (await request(server.base, '/api/alunos', { headers: { cookie: sessions[0] } })).body,
    );
    if (sample.data.total !== STUDENTS)
      throw new Error(`expected ${STUDENTS} students, got ${sample.data.total}`);

    const list = (query, cookies = sessions) => ({
      concurrency: cookies.length,
      seconds: SECONDS,
      make: (id) => request(server.base, `/api/alunos${query}`, { headers: { cookie: cookies[id] } }),
    });
    const results = {
      'GET /api/auth/me (floor: session only)': await load({
        concurrency: 50,
        seconds: 3,
        make: (id) => request(server.base, '/api/auth/me', { headers: { cookie: sessions[id] } }),
      }),
      'GET /api/alunos (page 1)': await load(list('?page=1&pageSize=20')),
      'GET /api/alunos?q=silva': await load(list('?q=silva&page=1&pageSize=20')),
      'GET /api/alunos?turma_id=…': await load(list(`?turma_id=${seeded.classId}&page=1&pageSize=20`)),
      'GET /api/alunos (page 100)': await load(list('?page=100&pageSize=20')),
      'GET /api/alunos (teacher scope, 10 sessions)': await load(
        list('?page=1&pageSize=20', teacherSessions),
      ),
    };
    report(
      `Student list: ${seeded.students} students, ${seeded.guardians} guardians, ${TEACHERS} teachers, ` +
        `${CLASSES} classes (seeded in ${seedSeconds} s), 50 concurrent sessions, ${SECONDS} s each, PGlite`,
      results,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Issue 38: the 7:30 rush and the tails on a busy machine (bench/scale/rush.mjs), on PGlite and on
// PostgreSQL in one run. The school: one of 5,000 built here — 150 classes of 30 each with its teacher's
// account, 500 more students in 10 classes, 1,000 family accounts — straight in the database; or, with
// RUSH_SCHOOL=network, bench/scale/network.mjs's network of BENCH_STUDENTS (default 5,000).
//   BENCH_DB=pglite|postgres: only one · RUSH_SECONDS (60): the rush's window · TAILS=0 / RUSH=0: skip one.
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstStart, root, tempDataDir } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { npmStart } from './performance.bench.mjs';
import { countRush, measureRush, measureTails, random } from './scale/rush.mjs';

const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);
const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };
const PASSWORD = 'Bench-Pessoa-Senha-2026';
const TEACHERS = 150;
const CLASS_SIZE = 30;
const OTHER_CLASSES = 10;
const OTHER_SIZE = 50;
const FAMILIES = 1_000;
const surnames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Costa', 'Ribeiro', 'Almeida', 'Rocha'];
const names = ['Ana', 'Bruno', 'Camila', 'Daniel', 'Helena', 'João', 'Júlia', 'Lucas', 'Sofia', 'Théo'];

async function insertInBatches(db, table, rows, returning, size = 500) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (returning) out.push(...(await db.insert(table).values(chunk).returning(returning)));
    else await db.insert(table).values(chunk);
  }
  return out;
}

/** The school year of today (the last one if today is before February), nothing closed yet. */
function yearOf(today) {
  const year = today.slice(5) < '02-10' ? Number(today.slice(0, 4)) - 1 : Number(today.slice(0, 4));
  return { ano: year, inicio: `${year}-02-02`, fim: `${year}-12-11` };
}

async function seedSchool(db) {
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { users } = await dist('server/db/schema/users.js');
  const { teachers } = await dist('server/db/schema/teachers.js');
  const { classes } = await dist('server/db/schema/classes.js');
  const { guardians, studentGuardians, students } = await dist('server/db/schema/students.js');
  const { classMemberships } = await dist('server/db/schema/attendance.js');
  const { schoolYears, schoolPeriods } = await dist('server/db/schema/calendar.js');
  const { todayIso } = await dist('shared/format.js');
  const { completeCpf } = await dist('shared/validators.js');
  const next = random(38);
  const year = yearOf(todayIso());
  const [schoolYear] = await db
    .insert(schoolYears)
    .values({ ano: year.ano, inicio: year.inicio, fim: year.fim })
    .returning({ id: schoolYears.id });
  await db.insert(schoolPeriods).values(
    [
      [year.inicio, `${year.ano}-04-17`],
      [`${year.ano}-04-18`, `${year.ano}-07-03`],
      [`${year.ano}-07-04`, `${year.ano}-09-30`],
      [`${year.ano}-10-01`, year.fim],
    ].map(([inicio, fim], index) => ({
      anoLetivoId: schoolYear.id,
      numero: index + 1,
      inicio,
      fim,
      dataFechamento: `${year.ano + 1}-01-31`,
    })),
  );
  // One hash for everyone (the same password): argon2 1,150 times would take minutes.
  const passwordHash = await hashPassword(PASSWORD);
  const person = (i) =>
    `${names[i % names.length]} ${surnames[(i * 7) % surnames.length]} ${surnames[(i * 3 + 1) % surnames.length]}`;
  const teacherUsers = await insertInBatches(
    db,
    users,
    Array.from({ length: TEACHERS }, (_, i) => ({
      nome: `Professora ${person(i)}`,
      email: `prof${i + 1}@rush.escola`,
      nivel: 'professor',
      passwordHash,
      primeiroLogin: false,
    })),
    { id: users.id, email: users.email },
  );
  const teacherRows = await insertInBatches(
    db,
    teachers,
    teacherUsers.map((user, i) => ({
      nome: `Professora ${person(i)}`,
      email: user.email,
      disciplinas: ['Português'],
      usuarioId: user.id,
    })),
    { id: teachers.id },
  );
  const classCount = TEACHERS + OTHER_CLASSES;
  const classRows = await insertInBatches(
    db,
    classes,
    Array.from({ length: classCount }, (_, i) => {
      const grade = (i % 9) + 1;
      return {
        nome: `${grade}º Ano ${String.fromCharCode(65 + (Math.floor(i / 9) % 26))}${Math.floor(i / 234) || ''}`,
        nivel: grade <= 5 ? 'Fundamental I' : 'Fundamental II',
        serie: `${grade}º ano`,
        turno: ['manha', 'tarde'][i % 2],
        anoLetivo: String(year.ano),
        capacidadeMaxima: i < TEACHERS ? CLASS_SIZE : OTHER_SIZE,
        professorResponsavelId: i < TEACHERS ? teacherRows[i].id : null,
      };
    }),
    { id: classes.id },
  );
  const studentValues = [];
  const classOf = [];
  for (let c = 0; c < classCount; c++) {
    const size = c < TEACHERS ? CLASS_SIZE : OTHER_SIZE;
    for (let k = 0; k < size; k++) {
      const n = studentValues.length;
      classOf.push(c);
      studentValues.push({
        nome: `${person(n * 13 + Math.floor(next() * 7))} ${String(n + 1).padStart(4, '0')}`,
        dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
        matricula: `R${String(n + 1).padStart(6, '0')}`,
        turmaId: classRows[c].id,
        dataEnturmacao: year.inicio,
        dataMatricula: `${year.ano}-01-20`,
      });
    }
  }
  const studentRows = await insertInBatches(db, students, studentValues, { id: students.id });
  await insertInBatches(
    db,
    classMemberships,
    studentRows.map((student, n) => ({
      alunoId: student.id,
      turmaId: classRows[classOf[n]].id,
      inicio: year.inicio,
    })),
  );
  const familyUsers = await insertInBatches(
    db,
    users,
    Array.from({ length: FAMILIES }, (_, j) => ({
      nome: `Responsável ${person(j + 500)}`,
      email: `familia${j + 1}@rush.escola`,
      nivel: 'responsavel',
      passwordHash,
      primeiroLogin: false,
    })),
    { id: users.id, email: users.email },
  );
  const guardianRows = await insertInBatches(
    db,
    guardians,
    familyUsers.map((user, j) => ({
      nome: `Responsável ${person(j + 500)}`,
      email: user.email,
      telefone: `119${String(20_000_000 + j).padStart(8, '0')}`,
      cpf: completeCpf(String(500_000_000 + j * 17)),
      usuarioId: user.id,
    })),
    { id: guardians.id },
  );
  // Each family's child is spread over the classes (every fifth student of the first 5,000).
  const childOf = (j) => (j * 5) % studentRows.length;
  await insertInBatches(
    db,
    studentGuardians,
    guardianRows.map((guardian, j) => ({
      alunoId: studentRows[childOf(j)].id,
      responsavelId: guardian.id,
      parentesco: 'mae',
      ehPrincipal: true,
    })),
  );
  return {
    admin: ADMIN,
    teachers: teacherUsers.map((user, i) => ({
      email: user.email,
      password: PASSWORD,
      turmaId: classRows[i].id,
      alunos: studentRows.filter((_, n) => classOf[n] === i).map((row) => row.id),
    })),
    families: familyUsers.map((user, j) => ({
      email: user.email,
      password: PASSWORD,
      alunoId: studentRows[childOf(j)].id,
    })),
  };
}

/** This file's school, in the shape of network.mjs's `preparedNetwork`: `{ env, accounts, cleanup }`. */
export async function preparedSchool(kind) {
  const dataDir = tempDataDir();
  let postgres = null;
  let env = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    postgres = await startPostgres();
    if (!postgres) return null;
    env = { ...env, DATABASE_URL: postgres.url };
  }
  await firstStart({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  const { openDatabase } = await dist('server/db/client.js');
  const { users } = await dist('server/db/schema/users.js');
  const opened = await openDatabase(databaseOptions(env));
  let accounts;
  try {
    await opened.db.update(users).set({ primeiroLogin: false });
    accounts = await seedSchool(opened.db);
    await opened.db.execute('ANALYZE');
  } finally {
    await opened.close();
  }
  return {
    env,
    accounts,
    cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      postgres?.stop();
    },
  };
}

const databaseOptions = (env) =>
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR };

async function prepared(kind) {
  const network = path.join(root, 'bench/scale/network.mjs');
  if (existsSync(network) && process.env.RUSH_SCHOOL === 'network') {
    const { preparedNetwork } = await import(pathToFileURL(network).href);
    const students = Number(process.env.BENCH_STUDENTS ?? 5_000);
    let pg = null;
    if (kind === 'postgres') {
      pg = await startPostgres();
      if (!pg) return null;
    }
    const net = await preparedNetwork(kind, { students, pg });
    return {
      ...net,
      cleanup: async () => {
        await net.cleanup?.();
        pg?.stop();
      },
    };
  }
  return preparedSchool(kind);
}

async function runOn(kind) {
  const started = Date.now();
  const school = await prepared(kind);
  if (!school) {
    console.log('PostgreSQL não está instalado: pulando.');
    return null;
  }
  const seedSeconds = ((Date.now() - started) / 1000).toFixed(0);
  const rows = [];
  try {
    // As the README starts it (`npm start`: its Node flags), as the issue-11 bench does.
    const server = await npmStart(school.env);
    let rush = null;
    try {
      if (process.env.TAILS !== '0') rows.push(...(await measureTails(server, school.accounts)));
      if (process.env.RUSH !== '0') {
        rush = await measureRush(server, school.accounts);
        rows.push(...rush.rows);
      }
      console.table(rows);
    } finally {
      if (rows.some((row) => row.ok !== 'sim')) console.log(`servidor:\n${server.log()}`);
      await server.stop();
    }
    if (rush) {
      // Counted in the database itself, the server stopped (PGlite has one process at a time).
      const { openDatabase } = await dist('server/db/client.js');
      // `npm start` ends before the server it started has finished closing: wait for its lock.
      let opened;
      for (let attempt = 0; !opened; attempt++) {
        try {
          opened = await openDatabase(databaseOptions(school.env));
        } catch (error) {
          if (error?.name !== 'DataDirLockedError' || attempt > 60) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      try {
        rows.push(await countRush(opened.db, rush));
      } finally {
        await opened.close();
      }
    }
  } finally {
    await school.cleanup();
  }
  return { rows, seedSeconds };
}

const only = process.env.BENCH_DB;
const isMain = process.argv[1] === new URL(import.meta.url).pathname;
for (const kind of ['pglite', 'postgres']) {
  if (!isMain || (only && only !== kind)) continue;
  const result = await runOn(kind);
  if (!result) continue;
  console.log(
    `\n## Rush das 7h30 e caudas (issue 38) em ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ` +
      `escola preparada em ${result.seedSeconds} s, ${os.cpus().length} núcleos, carga ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  console.table(result.rows);
}

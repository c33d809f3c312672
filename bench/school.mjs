// The harness the class-diary benches (attendance, grades) share: a school of classes of 40 seeded
// straight into a fresh data dir while the server is stopped (or into a fresh database of the PostgreSQL
// server in BENCH_DATABASE_URL), then the server started again with 50 signed-in administrator sessions.
// BENCH_STUDENTS makes the school smaller for a quick run (a multiple of 40; 5,000 by default).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstStart, load, request, root, startServer, tempDataDir } from './lib.mjs';

export const CLASS_SIZE = 40;
export const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5_000);
export const CLASSES = Math.max(1, Math.floor(STUDENTS / CLASS_SIZE));
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const SESSIONS = 50;
const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };

/** A module of the built server (`npm run bench` builds first). */
export const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

/** A seeded generator, so every run seeds the same school. */
export function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Inserts in chunks of `size` rows (one statement for 50,000 rows is too large for either database). */
export async function insertInBatches(db, table, rows, returning, size = 1000) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (returning) out.push(...(await db.insert(table).values(chunk).returning(returning)));
    else await db.insert(table).values(chunk);
  }
  return out;
}

/** The same spread of list entries for any worker count: `pick(ids, i)`. */
export const pick = (list, i) => list[(i * 7919) % list.length];

export async function signIn(base, credentials = ADMIN) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: credentials });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

/** `count` family accounts (`responsavel`, past the first sign-in), all with one password's hash. */
export async function seedFamilyUsers(db, count, { name, email }, passwordHash) {
  const { users } = await dist('server/db/schema/users.js');
  return insertInBatches(
    db,
    users,
    Array.from({ length: count }, (_, i) => ({
      nome: name(i),
      email: email(i),
      nivel: 'responsavel',
      passwordHash,
      primeiroLogin: false,
    })),
    { id: users.id },
  );
}

/**
 * Families with a portal account each: a `responsavel` user, their guardian record and the link to
 * `family.student` (the principal guardian 'mae', a second one 'pai'). `name(i)`, `email(i)` and
 * `phone(i)` spell the i-th family. One password hash for all (hashing thousands would only time the
 * seed). Returns the users' rows ({ id }) in the families' order.
 */
export async function seedFamilyAccounts(db, families, { name, email, phone, passwordHash: given }) {
  const { guardians, studentGuardians } = await dist('server/db/schema/students.js');
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  // `passwordHash`, where nobody signs in (a placeholder, never a valid argon2 hash), skips the hashing.
  const passwordHash = given ?? (await hashPassword('Familia-Bench-Senha-2026'));
  const userRows = await seedFamilyUsers(db, families.length, { name, email }, passwordHash);
  const guardianRows = await insertInBatches(
    db,
    guardians,
    families.map((_, i) => ({
      nome: name(i),
      email: email(i),
      telefone: phone(i),
      usuarioId: userRows[i].id,
    })),
    { id: guardians.id },
  );
  await insertInBatches(
    db,
    studentGuardians,
    families.map((family, i) => ({
      alunoId: family.student,
      responsavelId: guardianRows[i].id,
      parentesco: family.principal ? 'mae' : 'pai',
      ehPrincipal: family.principal,
    })),
  );
  return userRows;
}

/**
 * `count` family sessions (cookies) spread over the accounts by `stride`, created directly: that many
 * sign-ins from one address would meet the login limits.
 */
export async function familySessions(db, userRows, count, stride) {
  const { createSession } = await dist('server/features/auth/sessions.service.js');
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const session = await createSession(db, userRows[(i * stride) % userRows.length].id, false, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    cookies.push(`sid=${session.token}`);
  }
  return cookies;
}

/**
 * The classes (`<n>º Ano <letter>` of `ano`) and their students, each enrolled from `inicio` (a
 * student row and a class membership): students go round the classes, so each class has CLASS_SIZE.
 * `membersOf[c]` lists class c's student ids.
 */
export async function seedClassesAndStudents(db, { ano, inicio, matriculaPrefix }) {
  const { classes } = await dist('server/db/schema/classes.js');
  const { students } = await dist('server/db/schema/students.js');
  const { classMemberships } = await dist('server/db/schema/attendance.js');
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
        anoLetivo: String(ano),
        capacidadeMaxima: CLASS_SIZE,
      };
    }),
    { id: classes.id },
  );
  const studentRows = await insertInBatches(
    db,
    students,
    Array.from({ length: CLASSES * CLASS_SIZE }, (_, n) => ({
      nome: `Aluno Bench ${String(n + 1).padStart(4, '0')}`,
      dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
      matricula: `${matriculaPrefix}${String(n + 1).padStart(6, '0')}`,
      turmaId: classRows[n % CLASSES].id,
      dataEnturmacao: inicio,
    })),
    { id: students.id },
  );
  await insertInBatches(
    db,
    classMemberships,
    studentRows.map((student, n) => ({ alunoId: student.id, turmaId: classRows[n % CLASSES].id, inicio })),
  );
  const membersOf = classRows.map((_, c) => studentRows.filter((_, n) => n % CLASSES === c).map((s) => s.id));
  return { classRows, studentRows, membersOf };
}

/**
 * The school year `ano` (02-02 to 12-11) in four bimestres; `closing(numero, fim)` gives each one's
 * closing date. Returns the year's bounds and the periods in order.
 */
export async function seedSchoolYear(db, ano, closing) {
  const { schoolYears, schoolPeriods } = await dist('server/db/schema/calendar.js');
  const y = String(ano);
  const inicio = `${y}-02-02`;
  const fim = `${y}-12-11`;
  const [year] = await db.insert(schoolYears).values({ ano, inicio, fim }).returning({ id: schoolYears.id });
  const bounds = [
    [inicio, `${y}-04-17`],
    [`${y}-04-18`, `${y}-07-03`],
    [`${y}-07-04`, `${y}-09-30`],
    [`${y}-10-01`, fim],
  ];
  const periods = await db
    .insert(schoolPeriods)
    .values(
      bounds.map(([start, end], index) => ({
        anoLetivoId: year.id,
        numero: index + 1,
        inicio: start,
        fim: end,
        dataFechamento: closing(index + 1, end),
      })),
    )
    .returning({ id: schoolPeriods.id, inicio: schoolPeriods.inicio });
  return { inicio, fim, periods };
}

/**
 * The sessions as people at their screens rather than a load generator: each sends its next request a
 * second after the last answer (a teacher saving a roll or opening a boletim does it far less often).
 */
export function atPeoplesPace(make, sessions = SESSIONS) {
  return load({ concurrency: sessions, seconds: Math.max(SECONDS, 5), pauseMs: 1000, make });
}

/** A row measured against an issue's target: its p95 (ms) must stay under `p95`. */
export function against(result, { p95 }) {
  return { ...result, 'p95 target': `< ${p95} ms`, ok: result.p95 < p95 ? 'yes' : 'NO' };
}

/** What every request pays before its own work: the session lookup, as a floor for the rows below. */
export function sessionFloor(base, sessions) {
  return load({
    concurrency: sessions.length,
    seconds: 3,
    make: (id) => request(base, '/api/auth/me', { headers: { cookie: sessions[id] } }),
  });
}

async function createDatabase(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return undefined;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}

/**
 * Runs one bench: a first start creates the schema and the administrator; with the server stopped,
 * `seed(db)` writes the school (first-login flags cleared, ANALYZE after) and returns what the bench
 * needs; then `run({ base, pid, sessions, seeded, seedSeconds, database })` drives the restarted server
 * (started with `env` besides the database's).
 */
export async function runSchoolBench({ name, seed, run, env = {} }) {
  const databaseUrl = await createDatabase(`bench_${name}_${Date.now()}`);
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const dataDir = tempDataDir();
  try {
    await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...dbEnv }, { dataDir });

    const seedStarted = Date.now();
    const { openDatabase } = await dist('server/db/client.js');
    const { users } = await dist('server/db/schema/users.js');
    const opened = await openDatabase(
      databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
    );
    let seeded;
    try {
      await opened.db.update(users).set({ primeiroLogin: false });
      seeded = await seed(opened.db);
      await opened.db.execute('ANALYZE');
    } finally {
      await opened.close();
    }
    const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

    const server = await startServer({ ...dbEnv, ...env }, { dataDir });
    try {
      const sessions = [];
      for (let i = 0; i < SESSIONS; i++) sessions.push(await signIn(server.base));
      await run({
        base: server.base,
        pid: server.pid,
        output: server.output,
        sessions,
        seeded,
        seedSeconds,
        database,
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}

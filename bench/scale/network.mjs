// Issue 38: a network of 50,000 students (the classes of ~8 schools in one instance), built straight in
// a migrated database with SQL set operations (INSERT … SELECT generate_series), deterministic from the
// seed: ids are md5(seed, kind, n) as a version-4 uuid and every choice is a hash of the row number and the seed
// (hashint8extended), so two runs with the same seed build the same network. See docs/performance.md,
// 'Issue 38 — rede de 50.000 alunos'.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstStart, root, tempDataDir } from '../lib.mjs';
import { seedAcademicYear } from './academic.mjs';
import { FATHER_NAMES, FIRST_NAMES, MOTHER_NAMES, SERIES, SURNAMES, UNITS, sqlTextArray } from './names.mjs';

export const NETWORK_SEED = 38;
export const PASSWORDS = {
  admin: 'Rede-Admin-Senha-2026',
  teacher: 'Rede-Prof-Senha-2026',
  family: 'Rede-Familia-Senha-2026',
};
export const ADMIN_EMAIL = 'admin@rede.bench';
/** Students per class (the last classes get one fewer when the count does not divide). */
export const CLASS_SIZE = 30;

const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

/** The network's figures for a student count: classes of ~30, one teacher per class plus specialists. */
export function networkShape(students) {
  const classes = Math.max(15, Math.round(students / CLASS_SIZE));
  return { students, classes, teachers: classes + Math.ceil(classes / 50) };
}

/** The helper SQL functions the seed uses (dropped at the end): ids, pseudo-random numbers and CPFs. */
function helperFunctions(seed) {
  return [
    // A valid version-4 uuid (zod's z.uuid() checks the version and variant digits) from a text.
    `CREATE OR REPLACE FUNCTION rede_uuid(key text) RETURNS uuid LANGUAGE sql IMMUTABLE
       AS $$ SELECT overlay(overlay(md5('rede-${seed}-' || key) placing '4' from 13) placing '8' from 17)::uuid $$`,
    `CREATE OR REPLACE FUNCTION rede_id(kind text, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE
       AS $$ SELECT rede_uuid(kind || '-' || n) $$`,
    // A number in [0, 1) from the row number and a salt: the same for the same seed.
    `CREATE OR REPLACE FUNCTION rede_r(n bigint, salt bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
       AS $$ SELECT (hashint8extended(n * 1000003 + salt, ${seed}) & 2147483647)::float8 / 2147483648 $$`,
    `CREATE OR REPLACE FUNCTION rede_pick(list text[], n bigint, salt bigint) RETURNS text LANGUAGE sql IMMUTABLE
       AS $$ SELECT list[1 + floor(rede_r(n, salt) * array_length(list, 1))::int] $$`,
    // A valid CPF from 9 base digits (shared/validators completeCpf).
    `CREATE OR REPLACE FUNCTION rede_cpf(base bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
       WITH d AS (SELECT lpad(base::text, 9, '0') AS b),
       a AS (SELECT b, (SELECT sum(substr(b, i, 1)::int * (11 - i)) FROM generate_series(1, 9) i) * 10 % 11 % 10 AS d1 FROM d),
       c AS (SELECT b, d1, ((SELECT sum(substr(b, i, 1)::int * (12 - i)) FROM generate_series(1, 9) i) + d1 * 2) * 10 % 11 % 10 AS d2 FROM a)
       SELECT b || d1 || d2 FROM c $$`,
  ];
}
const dropHelpers = [
  'DROP FUNCTION IF EXISTS rede_pick(text[], bigint, bigint)',
  'DROP FUNCTION IF EXISTS rede_r(bigint, bigint)',
  'DROP FUNCTION IF EXISTS rede_id(text, bigint)',
  'DROP FUNCTION IF EXISTS rede_uuid(text)',
  'DROP FUNCTION IF EXISTS rede_cpf(bigint)',
];

/** The tables the seed fills by the hundred thousand. */
const BULK_TABLES = [
  'students',
  'guardians',
  'student_guardians',
  'class_memberships',
  'attendance_rolls',
  'attendance_absences',
  'assessments',
  'grades',
  'mensalidades',
  'pagamentos',
];

const intArray = (values) => `ARRAY[${values.join(',')}]::int[]`;

/** Classes, teachers (with accounts), students, guardians (60 % of families with an account). */
function peopleStatements({ students: S, classes: C, teachers: T }, { year, inicio, letivos, hashes }) {
  const series = sqlTextArray(SERIES.map((s) => s.serie));
  const nivel = sqlTextArray(SERIES.map((s) => s.nivel));
  const modo = sqlTextArray(SERIES.map((s) => s.modo));
  const idade = intArray(SERIES.map((s) => s.idade));
  const first = sqlTextArray(FIRST_NAMES);
  const sur = sqlTextArray(SURNAMES);
  const mothers = sqlTextArray(MOTHER_NAMES);
  const fathers = sqlTextArray(FATHER_NAMES);
  const days = `ARRAY[${letivos.map((d) => `'${d}'`).join(',')}]::date[]`;
  const K = SERIES.length;
  // Family of student n: the child before it when n mod 7 = 1 (siblings), else its own.
  const family = `(CASE WHEN n % 7 = 1 THEN n - 1 ELSE n END)`;
  const hasAccount = (f) => `rede_r(${f}, 21) < 0.6`;
  // A late student joins the class during the year (one in twelve), the others on the first day.
  const start = `(CASE WHEN n % 12 = 7 THEN (${days})[1 + floor((0.3 + rede_r(n, 7) * 0.5) * ${letivos.length})::int] ELSE DATE '${inicio}' END)`;
  return [
    `INSERT INTO users (id, nome, email, nivel, password_hash, primeiro_login)
       SELECT rede_id('ut', i), rede_pick(${first}, i, 31) || ' ' || rede_pick(${sur}, i, 32) || ' ' || rede_pick(${sur}, i, 33),
              'prof' || i || '@rede.bench', 'professor', '${hashes.teacher}', false
       FROM generate_series(0, ${T - 1}) i`,
    `INSERT INTO teachers (id, nome, email, telefone, disciplinas, data_contratacao, usuario_id)
       SELECT rede_id('t', i), u.nome, u.email, '1197' || lpad(i::text, 7, '0'),
              CASE WHEN i >= ${C} THEN ARRAY['Educação Física', 'Inglês', 'Arte'] ELSE ARRAY['Português', 'Matemática'] END,
              make_date(2005 + (i % 20), 1 + (i % 12), 1), u.id
       FROM generate_series(0, ${T - 1}) i JOIN users u ON u.id = rede_id('ut', i)`,
    // Class c: série c mod 15, unit (c / 15) mod 8, letter c / 120; responsible teacher c.
    `INSERT INTO classes (id, nome, nivel, serie, turno, ano_letivo, capacidade_maxima, professor_responsavel_id, frequencia_modo)
       SELECT rede_id('c', c),
              (${series})[1 + c % ${K}] || ' ' || chr(65 + (c / ${K * UNITS}) % 26) || ' — Unidade ' || (1 + (c / ${K}) % ${UNITS}),
              (${nivel})[1 + c % ${K}], (${series})[1 + c % ${K}],
              CASE WHEN (${nivel})[1 + c % ${K}] = 'Ensino Médio' THEN (ARRAY['manha','tarde','noite'])[1 + (c / ${K * UNITS}) % 3]
                   ELSE (ARRAY['manha','tarde'])[1 + (c / ${K * UNITS}) % 2] END,
              '${year}', 35, rede_id('t', c), (${modo})[1 + c % ${K}]
       FROM generate_series(0, ${C - 1}) c`,
    `INSERT INTO students (id, nome, data_nascimento, matricula, email, turma_id, data_enturmacao, data_matricula, status)
       SELECT rede_id('s', n),
              rede_pick(${first}, n, 1) || ' ' || rede_pick(${sur}, ${family}, 2) || ' ' || rede_pick(${sur}, ${family}, 3),
              make_date(${year} - (${idade})[1 + (n % ${C}) % ${K}] - (rede_r(n, 4) < 0.25)::int, 1 + floor(rede_r(n, 5) * 12)::int, 1 + floor(rede_r(n, 6) * 28)::int),
              'R' || lpad((n + 1)::text, 6, '0'),
              CASE WHEN (n % ${C}) % ${K} >= 8 AND n % 3 = 0 THEN 'aluno' || (n + 1) || '@rede.bench' END,
              rede_id('c', n % ${C}), ${start},
              CASE WHEN n % 12 = 7 THEN ${start} ELSE DATE '${inicio}' - (1 + (n * 37) % 120) END,
              'ativo'
       FROM generate_series(0, ${S - 1}) n`,
    `INSERT INTO class_memberships (id, aluno_id, turma_id, inicio)
       SELECT rede_id('m', n), rede_id('s', n), rede_id('c', n % ${C}), ${start} FROM generate_series(0, ${S - 1}) n`,
    `INSERT INTO users (id, nome, email, nivel, password_hash, primeiro_login)
       SELECT rede_id('uf', n), rede_pick(${mothers}, n, 10) || ' ' || rede_pick(${sur}, n, 2) || ' ' || rede_pick(${sur}, n, 3),
              'familia' || n || '@rede.bench', 'responsavel', '${hashes.family}', false
       FROM generate_series(0, ${S - 1}) n WHERE n % 7 <> 1 AND ${hasAccount('n')}`,
    // Every family: the mother (principal) and, in half of them, the father.
    `INSERT INTO guardians (id, nome, email, telefone, cpf, usuario_id)
       SELECT rede_id('gm', n), rede_pick(${mothers}, n, 10) || ' ' || rede_pick(${sur}, n, 2) || ' ' || rede_pick(${sur}, n, 3),
              CASE WHEN ${hasAccount('n')} THEN 'familia' || n || '@rede.bench' END,
              '119' || lpad((10000000 + n)::text, 8, '0'), rede_cpf(100000000 + n * 2),
              CASE WHEN ${hasAccount('n')} THEN rede_id('uf', n) END
       FROM generate_series(0, ${S - 1}) n WHERE n % 7 <> 1`,
    `INSERT INTO guardians (id, nome, email, telefone, cpf)
       SELECT rede_id('gp', n), rede_pick(${fathers}, n, 11) || ' ' || rede_pick(${sur}, n, 3),
              NULL, '118' || lpad((10000000 + n)::text, 8, '0'), rede_cpf(100000001 + n * 2)
       FROM generate_series(0, ${S - 1}) n WHERE n % 7 <> 1 AND rede_r(n, 20) < 0.5`,
    `INSERT INTO student_guardians (aluno_id, responsavel_id, parentesco, eh_principal)
       SELECT rede_id('s', n), rede_id('gm', ${family}), 'mae', true FROM generate_series(0, ${S - 1}) n`,
    `INSERT INTO student_guardians (aluno_id, responsavel_id, parentesco, eh_principal)
       SELECT rede_id('s', n), rede_id('gp', ${family}), 'pai', false FROM generate_series(0, ${S - 1}) n
       WHERE rede_r(${family}, 20) < 0.5`,
    // Each account its kind's profile (an account with none would fall back to the same one).
    `INSERT INTO user_perfis (usuario_id, perfil_id)
       SELECT u.id, p.id FROM users u JOIN perfis p ON p.chave = CASE u.nivel WHEN 'professor' THEN 'professor' ELSE 'responsavel' END
       WHERE u.email LIKE '%@rede.bench' AND u.nivel IN ('professor', 'responsavel')`,
  ];
}

async function upsertAdmin(db, sql, hash) {
  await db.execute(sql`
    INSERT INTO users (nome, email, nivel, password_hash, primeiro_login)
    VALUES ('Direção da Rede', ${ADMIN_EMAIL}, 'administrador', ${hash}, false)
    ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, primeiro_login = false`);
  await db.execute(sql`
    INSERT INTO user_perfis (usuario_id, perfil_id)
    SELECT u.id, p.id FROM users u, perfis p WHERE u.email = ${ADMIN_EMAIL} AND p.chave = 'direcao'
    ON CONFLICT DO NOTHING`);
  // The first administrator (ADMIN_EMAIL at the first start) would be sent to 'Trocar senha' first.
  await db.execute(sql`UPDATE users SET primeiro_login = false WHERE nivel = 'administrador'`);
}

const rowsOf = (result) => result.rows ?? result;

/** The accounts the benches sign in with, read back from the database. */
async function readAccounts(db, sql) {
  const teachers = rowsOf(
    await db.execute(sql`
      SELECT t.email, c.id AS turma_id, c.frequencia_modo AS modo, count(s.id)::int AS alunos
      FROM classes c JOIN teachers t ON t.id = c.professor_responsavel_id
      LEFT JOIN students s ON s.turma_id = c.id AND s.status = 'ativo'
      WHERE t.email LIKE 'prof%@rede.bench'
      GROUP BY t.email, c.id, c.frequencia_modo ORDER BY c.nome, c.id`),
  );
  const families = rowsOf(
    await db.execute(sql`
      SELECT u.email, sg.aluno_id, c.nivel FROM users u
      JOIN guardians g ON g.usuario_id = u.id
      JOIN student_guardians sg ON sg.responsavel_id = g.id
      JOIN students s ON s.id = sg.aluno_id JOIN classes c ON c.id = s.turma_id
      WHERE u.email LIKE 'familia%@rede.bench' AND sg.eh_principal
      ORDER BY s.matricula`),
  );
  const seen = new Set();
  return {
    admin: { email: ADMIN_EMAIL, password: PASSWORDS.admin },
    teachers: teachers.map((row) => ({
      email: row.email,
      password: PASSWORDS.teacher,
      turmaId: row.turma_id,
      alunos: row.alunos,
      // Extra fields (the contract's are above): a 'por_aula' class's roll is per lesson; the
      // responsible teacher teaches its Português, which has a lesson every weekday.
      modo: row.modo,
      disciplina: row.modo === 'por_aula' ? 'Português' : null,
    })),
    // One entry per family (its first child in matrícula order).
    families: families
      .filter((row) => !seen.has(row.email) && seen.add(row.email))
      // nivel (extra): the child's stage (Educação Infantil has pareceres, not a boletim).
      .map((row) => ({
        email: row.email,
        password: PASSWORDS.family,
        alunoId: row.aluno_id,
        nivel: row.nivel,
      })),
  };
}

/** The accounts of a database seeded before (the server stopped, for PGlite), and the school days. */
export async function networkAccounts(options) {
  const { openDatabase } = await dist('server/db/client.js');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(options);
  try {
    const accounts = await readAccounts(database.db, sql);
    const days = rowsOf(
      await database.db.execute(sql`SELECT DISTINCT data::text AS data FROM attendance_rolls ORDER BY 1`),
    );
    return { ...accounts, dias: days.map((row) => row.data) };
  } finally {
    await database.close();
  }
}

/** Today in the school's time zone (the rolls run to yesterday). */
export function schoolToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/**
 * Seeds straight into a migrated database (server stopped for PGlite), reproducibly from `seed`.
 * `academic: false` leaves out the year of rolls, grades and mensalidades (people and classes only);
 * `settle: false` runs ANALYZE only (no VACUUM); `settle: 'never'` neither — the tables read once, as a
 * PGlite school's database is (no autovacuum): hint bits set, no statistics, no visibility map.
 * Returns { students, classes, teachers, families, seconds, accounts, steps }.
 */
export async function seedNetwork(
  options,
  { students = 50_000, seed = NETWORK_SEED, academic = true, settle = true, log = () => {} } = {},
) {
  const started = Date.now();
  const { openDatabase } = await dist('server/db/client.js');
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { classifyDays } = await dist('shared/calendar.js');
  const { sql } = await import('drizzle-orm');
  const shape = networkShape(students);
  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  const inicio = `${year}-02-02`;
  const fim = `${year}-12-11`;
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const letivos = classifyDays(inicio, fim, [], [{ inicio, fim }])
    .filter((day) => day.letivo && day.data <= yesterday)
    .map((day) => day.data);
  // One hash per kind of account: hashing 50,000 passwords would time the seed, not the app.
  const hashes = {
    admin: await hashPassword(PASSWORDS.admin),
    teacher: await hashPassword(PASSWORDS.teacher),
    family: await hashPassword(PASSWORDS.family),
  };
  const database = await openDatabase(options);
  const { db } = database;
  const steps = {};
  const timed = async (name, run) => {
    const at = Date.now();
    await run();
    steps[name] = Number(((Date.now() - at) / 1000).toFixed(1));
    log(`  ${name}: ${steps[name]} s`);
  };
  try {
    await upsertAdmin(db, sql, hashes.admin);
    // One transaction (one connection of the pool) in which the foreign keys' and the caches' triggers
    // do not fire (session_replication_role = replica): every row is consistent by construction, and a
    // check per row of millions would time the triggers, not the network.
    await db.transaction(async (tx) => {
      const step = (name, statements) =>
        timed(name, async () => {
          for (const statement of statements) await tx.execute(sql.raw(statement));
        });
      await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
      // The big tables' indexes (but the constraints') are built once at the end rather than row by row.
      const indexes = rowsOf(
        await tx.execute(sql`
          SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
          FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
          WHERE t.relnamespace = 'public'::regnamespace AND t.relname IN (${sql.join(
            BULK_TABLES.map((name) => sql`${name}`),
            sql`, `,
          )})
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`),
      );
      await step(
        'índices fora',
        indexes.map((index) => `DROP INDEX ${index.name}`),
      );
      await step('funções', helperFunctions(seed));
      await step('pessoas e turmas', peopleStatements(shape, { year, inicio, letivos, hashes }));
      if (academic)
        await seedAcademicYear({ step, shape, year, inicio, fim, letivos, today, series: SERIES });
      await step(
        'índices',
        indexes.map((index) => index.definition),
      );
      await step('limpeza', dropHelpers);
    });
    // The statement triggers skipped above: the lists' record versions (ADR 0009) move on.
    for (const table of ['students', 'guardians', 'student_guardians', 'classes'])
      await db.execute(sql.raw(`UPDATE ${table} SET created_at = created_at WHERE false`));
    // A settled database, as one after months of use: VACUUM sets every row's hint bits and the
    // visibility map (PostgreSQL's autovacuum would, minutes later; PGlite has none), so the first
    // requests of a bench do not pay for writing back every page they read of a freshly loaded table.
    if (settle === 'never') await timed('leitura', () => readEveryTable(db, sql));
    else await timed('VACUUM ANALYZE', () => db.execute(sql.raw(settle ? 'VACUUM ANALYZE' : 'ANALYZE')));
    const accounts = await readAccounts(db, sql);
    const [counts] = rowsOf(
      await db.execute(sql`SELECT
        (SELECT count(*)::int FROM students) AS students, (SELECT count(*)::int FROM classes) AS classes,
        (SELECT count(*)::int FROM teachers) AS teachers,
        (SELECT count(DISTINCT responsavel_id)::int FROM student_guardians WHERE eh_principal) AS families,
        (SELECT count(*)::int FROM attendance_rolls) AS rolls, (SELECT count(*)::int FROM attendance_absences) AS absences,
        (SELECT count(*)::int FROM assessments) AS assessments, (SELECT count(*)::int FROM grades) AS grades,
        (SELECT count(*)::int FROM mensalidades) AS mensalidades`),
    );
    return { ...counts, seconds: (Date.now() - started) / 1000, accounts, steps, dias: letivos };
  } finally {
    await database.close();
  }
}

/** Reads every table of the school once (a count), which sets the hint bits of every row it reads. */
async function readEveryTable(db, sql) {
  const tables = rowsOf(
    await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  );
  for (const { tablename } of tables) await db.execute(sql.raw(`SELECT count(*) FROM "${tablename}"`));
}

// ---------------------------------------------------------------------------------------------
// A ready database per (kind, students, seed), seeded once per run, copied per call.

const templates = new Map();
let copies = 0;

const firstStartOf = (env, dataDir) =>
  firstStart({ ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORDS.admin, ...env }, dataDir ? { dataDir } : {});

async function pgAdmin(url, statements) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const withDatabase = (url, name) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

async function makeTemplate(kind, { students, seed, pg, log }) {
  if (kind === 'pglite') {
    const dataDir = tempDataDir();
    try {
      await firstStartOf({}, dataDir);
      const seeded = await seedNetwork({ kind: 'pglite', dataDir }, { students, seed, log });
      return { dataDir, seeded };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  if (!pg) throw new Error("preparedNetwork('postgres') precisa de { pg } (bench/postgres.mjs)");
  const name = `rede_${students}_${seed}_modelo`;
  await pgAdmin(pg.url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  const url = withDatabase(pg.url, name);
  try {
    await firstStartOf({ DATABASE_URL: url });
    const seeded = await seedNetwork({ kind: 'postgres', url }, { students, seed, log });
    return { name, url, seeded };
  } catch (error) {
    await pgAdmin(pg.url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    throw error;
  }
}

/**
 * A ready database with the network, seeded once per (kind, students, seed) and cached for the run
 * (PGlite: a seeded data dir copied per call; PostgreSQL: CREATE DATABASE … TEMPLATE). Each call gives a
 * fresh copy the caller may write to and must `cleanup()`.
 * → { env, accounts, summary, cleanup() }; summary: counts and the seed's seconds.
 */
export async function preparedNetwork(
  kind,
  { students = 50_000, seed = NETWORK_SEED, pg, log = (line) => console.log(line) } = {},
) {
  const key = `${kind}:${students}:${seed}`;
  if (!templates.has(key)) templates.set(key, makeTemplate(kind, { students, seed, pg, log }));
  const template = await templates.get(key);
  const { accounts, ...summary } = template.seeded;
  if (kind === 'pglite') {
    const dataDir = tempDataDir();
    cpSync(template.dataDir, dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      accounts,
      summary,
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `rede_${students}_${seed}_${process.pid}_${++copies}`;
  await pgAdmin(pg.url, [`CREATE DATABASE ${name} TEMPLATE ${template.name}`]);
  return {
    env: { DATABASE_URL: withDatabase(pg.url, name) },
    accounts,
    summary,
    async cleanup() {
      await pgAdmin(pg.url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    },
  };
}

/** Removes the cached templates (the end of a run). */
export async function dropNetworkTemplates(pg) {
  for (const [key, promise] of templates) {
    const template = await promise.catch(() => null);
    templates.delete(key);
    if (!template) continue;
    if (template.dataDir) rmSync(template.dataDir, { recursive: true, force: true });
    else if (pg) await pgAdmin(pg.url, [`DROP DATABASE IF EXISTS ${template.name} WITH (FORCE)`]);
  }
}

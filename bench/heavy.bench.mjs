// The heavy operations at network scale (issue 38): closing the year, applying the rematrícula, the
// census file and a full backup of a school of 50,000 students (BENCH_STUDENTS, a multiple of 40), last
// year's classes of 40 with two subjects graded in each of four bimestres, seeded straight into the
// database (bench/school.mjs). Each operation once, with the server's RSS sampled every 100 ms against
// its idle RSS (bench/scale/heavy.mjs). PGlite first, then PostgreSQL on a throwaway cluster
// (bench/postgres.mjs; BENCH_DB=pglite or BENCH_DB=postgres runs one).
import { loadavg } from 'node:os';

process.env.BENCH_STUDENTS ??= '50000';
const { report } = await import('./lib.mjs');
const { startPostgres } = await import('./postgres.mjs');
const { measureHeavy } = await import('./scale/heavy.mjs');
const school = await import('./school.mjs');
const { dist, insertInBatches, random, runSchoolBench, seedClassesAndStudents, seedSchoolYear, STUDENTS } =
  school;

const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };
const SUBJECTS = ['Matemática', 'Português'];

async function seed(db) {
  const { classSubjects } = await dist('server/db/schema/curriculum.js');
  const { assessments, grades } = await dist('server/db/schema/grades.js');
  const { todayIso } = await dist('shared/format.js');
  const next = random(38_2026);
  const ano = Number(todayIso().slice(0, 4)) - 1;
  const { inicio, periods } = await seedSchoolYear(db, ano, (_numero, fim) => fim);
  const { classRows, membersOf } = await seedClassesAndStudents(db, { ano, inicio, matriculaPrefix: 'H' });
  // Past 26 letters the seeded names repeat ignoring case ('1º Ano A', '1º Ano a'): numbered instead.
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`
    with n as (select id, row_number() over (order by nome, id) as r from classes)
    update classes c set nome = split_part(c.nome, ' Ano ', 1) || ' Ano T' || n.r from n where n.id = c.id`);
  await insertInBatches(
    db,
    classSubjects,
    classRows.flatMap((turma) =>
      SUBJECTS.map((disciplina) => ({ turmaId: turma.id, disciplina, aulasSemanais: 5 })),
    ),
  );
  let total = 0;
  for (const [c, turma] of classRows.entries()) {
    const columns = await db
      .insert(assessments)
      .values(
        SUBJECTS.flatMap((disciplina) =>
          periods.map((period) => ({
            turmaId: turma.id,
            disciplina,
            periodoId: period.id,
            nome: 'Prova',
            data: period.inicio,
          })),
        ),
      )
      .returning({ id: assessments.id });
    const rows = [];
    for (const column of columns)
      for (const alunoId of membersOf[c]) {
        const tenths = 35 + Math.floor(next() * 66);
        rows.push({ avaliacaoId: column.id, alunoId, valor: `${Math.floor(tenths / 10)}.${tenths % 10}` });
      }
    total += rows.length;
    await insertInBatches(db, grades, rows);
  }
  return { total };
}

async function runOn(database) {
  await runSchoolBench({
    name: 'heavy',
    seed,
    run: async ({ base, pid, output, seeded, seedSeconds }) => {
      const before = loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
      const rows = await measureHeavy({ base, pid }, { admin: ADMIN });
      report(
        `Operações pesadas, ${database}: ${STUDENTS} alunos, ${seeded.total} notas (semeado em ${seedSeconds} s); ` +
          `load average ${before} → ${loadavg()
            .map((value) => value.toFixed(2))
            .join(' ')}`,
        rows,
      );
      if (rows.some((row) => String(row.resultado).startsWith('FALHOU')))
        console.log(`\nSaída do servidor (fim):\n${output().slice(-3000)}`);
    },
  });
}

const only = process.env.BENCH_DB;
if (only !== 'postgres') await runOn('PGlite');
if (only !== 'pglite') {
  const pg = await startPostgres();
  if (!pg) console.log('\nPostgreSQL não instalado: só o PGlite.');
  else
    try {
      process.env.BENCH_DATABASE_URL = pg.url;
      await runOn('PostgreSQL');
    } finally {
      delete process.env.BENCH_DATABASE_URL;
      pg.stop();
    }
}

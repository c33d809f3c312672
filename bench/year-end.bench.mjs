// Closing the year at school scale: 5,000 students in 125 classes of 40, 8 subjects each with one
// assessment per bimestre (160,000 grades), seeded straight into a fresh data dir (bench/school.mjs).
// Then, once each and in order, as the administrator would: the year-end screen's status, 'Encerrar
// ano letivo' (closes every period and computes every final situation), the rematrícula proposal, its
// dry run, applying it (next year's classes and every student's destination in one transaction), and
// applying it again (idempotent). These are one-shot operations, so each is timed once, not under
// concurrency. BENCH_DATABASE_URL=postgres://… runs the same on a fresh PostgreSQL database instead.
import { loadavg } from 'node:os';
import { report, request } from './lib.mjs';
import {
  dist,
  insertInBatches,
  random,
  runSchoolBench,
  seedClassesAndStudents,
  seedSchoolYear,
  STUDENTS,
} from './school.mjs';

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

async function seed(db) {
  const { classSubjects } = await dist('server/db/schema/curriculum.js');
  const { assessments, grades } = await dist('server/db/schema/grades.js');
  const { todayIso } = await dist('shared/format.js');
  const next = random(14_1231);
  // Last year: a year closes only from its last day on, as a secretary does in December or January.
  const ano = Number(todayIso().slice(0, 4)) - 1;
  const { inicio, periods } = await seedSchoolYear(db, ano, (_numero, fim) => fim);
  const [{ schoolYears }, { eq }] = await Promise.all([
    dist('server/db/schema/calendar.js'),
    import('drizzle-orm'),
  ]);
  const [year] = await db.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.ano, ano));
  const { classRows, membersOf } = await seedClassesAndStudents(db, { ano, inicio, matriculaPrefix: 'Y' });
  await insertInBatches(
    db,
    classSubjects,
    classRows.flatMap((turma) =>
      SUBJECTS.map((disciplina) => ({ turmaId: turma.id, disciplina, aulasSemanais: 3 })),
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
        // Mostly passing, some below the passing average: the proposal has both destinations.
        const tenths = 35 + Math.floor(next() * 66);
        rows.push({ avaliacaoId: column.id, alunoId, valor: `${Math.floor(tenths / 10)}.${tenths % 10}` });
      }
    total += rows.length;
    await insertInBatches(db, grades, rows);
  }
  return { yearId: year.id, total };
}

/** One timed call; fails the bench on an error answer. */
async function timed(base, cookie, method, pathname, body) {
  const started = performance.now();
  const response = await request(base, pathname, { method, headers: { cookie }, body });
  const ms = performance.now() - started;
  if (response.status >= 400)
    throw new Error(`${method} ${pathname}: ${response.status} ${response.body.slice(0, 300)}`);
  return { ms: Math.round(ms), data: JSON.parse(response.body).data };
}

await runSchoolBench({
  name: 'year_end',
  seed,
  run: async ({ base, sessions, seeded, seedSeconds, database }) => {
    const cookie = sessions[0];
    const url = `/api/anos-letivos/${seeded.yearId}`;
    const before = loadavg()[0].toFixed(2);
    const status = await timed(base, cookie, 'GET', `${url}/encerramento`);
    const closing = await timed(base, cookie, 'POST', `${url}/encerrar`);
    const proposal = await timed(base, cookie, 'GET', `${url}/rematricula`);
    const dry = await timed(base, cookie, 'POST', `${url}/rematricula?dryRun=true`, {
      turmas: [],
      alunos: [],
    });
    const applied = await timed(base, cookie, 'POST', `${url}/rematricula`, { turmas: [], alunos: [] });
    const again = await timed(base, cookie, 'POST', `${url}/rematricula`, { turmas: [], alunos: [] });
    const counts = applied.data.contagem;
    if (counts.proxima_serie + counts.mesma_serie + counts.concluido + counts.nao_rematriculado !== STUDENTS)
      throw new Error(`rematrícula counts ${JSON.stringify(counts)}`);
    report(
      `Year end: ${STUDENTS} students, ${seeded.total} grades (seeded in ${seedSeconds} s), one run each, ` +
        `${database}, load average ${before} → ${loadavg()[0].toFixed(2)}`,
      {
        'GET …/encerramento (status)': { ms: status.ms },
        'POST …/encerrar (close, all situations)': {
          ms: closing.ms,
          result: JSON.stringify(closing.data.situacoes),
        },
        'GET …/rematricula (proposal)': { ms: proposal.ms, result: `${proposal.data.turmas.length} turmas` },
        'POST …/rematricula?dryRun=true': { ms: dry.ms, result: JSON.stringify(dry.data.contagem) },
        'POST …/rematricula (apply)': { ms: applied.ms, result: JSON.stringify(counts) },
        'POST …/rematricula (again: no-op)': {
          ms: again.ms,
          result: `aplicada: ${String(again.data.aplicada)}`,
        },
      },
    );
  },
});

// Grades at school scale: 5,000 students in 125 classes of 40, each class with 8 subjects; every
// subject has 2 assessments in each of the 4 bimestres, and Matemática has 8 in the 1st (the 40 × 8
// grid) — about 230,000 grades, seeded straight into a fresh data dir (bench/school.mjs). Then, from 50
// concurrent signed-in sessions over loopback: loading a grid (40 × 8), saving a batch of 40 grades
// (one column, with versions), a student's boletim; and the PDF of a class's 40 boletins.
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

async function seed(db) {
  const { classSubjects } = await dist('server/db/schema/curriculum.js');
  const { assessments, grades } = await dist('server/db/schema/grades.js');
  const { todayIso } = await dist('shared/format.js');
  const next = random(14_2026);
  const ano = Number(todayIso().slice(0, 4));
  // Every period open (closing dates next year), so the batch save is a teacher's ordinary write.
  const { inicio, periods } = await seedSchoolYear(db, ano, () => `${ano + 1}-01-31`);
  const { classRows, studentRows, membersOf } = await seedClassesAndStudents(db, {
    ano,
    inicio,
    matriculaPrefix: 'G',
  });
  await insertInBatches(
    db,
    classSubjects,
    classRows.flatMap((turma) =>
      SUBJECTS.map((disciplina) => ({ turmaId: turma.id, disciplina, aulasSemanais: 3 })),
    ),
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
  return {
    classIds: classRows.map((row) => row.id),
    studentIds: studentRows.map((row) => row.id),
    membersOf,
    gridColumns,
    periodId: periods[0].id,
    total,
  };
}

await runSchoolBench({
  name: 'grades',
  seed,
  run: async ({ base, sessions, seeded, seedSeconds, database }) => {
    const { classIds, studentIds, membersOf, gridColumns, periodId } = seeded;
    const gridUrl = (turma) =>
      `/api/notas/turmas/${turma}?disciplina=${encodeURIComponent('Matemática')}&periodo_id=${periodId}`;

    // Sanity: the grid is 40 × 8 and the boletim has 8 subjects × 4 periods.
    const grid = JSON.parse(
      (await request(base, gridUrl(classIds[0]), { headers: { cookie: sessions[0] } })).body,
    );
    if (grid.data.alunos.length !== CLASS_SIZE || grid.data.avaliacoes.length !== GRID_COLUMNS)
      throw new Error(`grid of ${grid.data.alunos.length} × ${grid.data.avaliacoes.length}`);
    const card = JSON.parse(
      (await request(base, `/api/boletins/alunos/${studentIds[0]}`, { headers: { cookie: sessions[0] } }))
        .body,
    );
    if (card.data.disciplinas.length !== SUBJECTS.length)
      throw new Error(`boletim: ${JSON.stringify(card).slice(0, 300)}`);

    // Each worker saves columns of its own class, keeping the versions it got back (no conflicts): so
    // at most one worker per class.
    const versions = new Map();
    const openGrid = (id, i) =>
      request(base, gridUrl(pick(classIds, i)), { headers: { cookie: sessions[id] } });
    const openBoletim = (id, i) =>
      request(base, `/api/boletins/alunos/${pick(studentIds, i)}`, { headers: { cookie: sessions[id] } });
    const results = {
      'GET /api/auth/me (floor: session only)': await sessionFloor(base, sessions),
      'GET /api/notas/turmas/:id (grid 40 × 8)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: openGrid,
      }),
      'PUT /api/notas (batch of 40, one column)': await load({
        concurrency: Math.min(50, CLASSES),
        seconds: SECONDS,
        make: async (id, i) => {
          const column = gridColumns[id][i % GRID_COLUMNS];
          const notas = membersOf[id].map((aluno_id, k) => ({
            avaliacao_id: column,
            aluno_id,
            valor: `${3 + ((i + k) % 7)},${(i * 7 + k) % 10}`,
            version: versions.get(`${column}:${aluno_id}`) ?? 1,
          }));
          const response = await request(base, '/api/notas', {
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
        make: openBoletim,
      }),
      'GET grid, 50 sessions at 1 request/s each': against(await atPeoplesPace(openGrid), { p95: 50 }),
      'GET boletim, 50 sessions at 1 request/s each': against(await atPeoplesPace(openBoletim), { p95: 50 }),
      'GET /api/boletins/turmas/:id.pdf (40 boletins, 1 session)': against(
        await load({
          concurrency: 1,
          seconds: Math.max(SECONDS, 8),
          make: (id, i) =>
            request(base, `/api/boletins/turmas/${pick(classIds, i)}.pdf`, {
              headers: { cookie: sessions[id] },
            }),
        }),
        { p95: 3000 },
      ),
    };
    report(
      `Grades: ${STUDENTS} students in ${CLASSES} classes × ${SUBJECTS.length} subjects, ${seeded.total} grades ` +
        `(seeded in ${seedSeconds} s), 50 concurrent sessions, ${SECONDS} s each, ${database}`,
      results,
    );
  },
});

// The reports hub (issue 15) at school scale: the records bench's school (bench/seed.mjs: 5,000
// students, 150 classes of 2026) plus what the boletins read — class memberships, the 2026 school year
// in bimestres, Matemática and Português in every class with one graded assessment per bimestre.
// Measured: 'Lista da turma' and 'Alunos por série' on screen (JSON) and the class list as XLSX, from
// 10 concurrent staff sessions; then all the school's boletins as one PDF through the background
// export, polling its progress as the screen does, with the total time.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { firstStart, load, report, request, root, startServer, tempDataDir } from './lib.mjs';
import { ADMIN, CLASSES, seed, STUDENTS } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 10;
const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

/** What the academic reports read, added to the seeded school (server stopped). */
async function seedAcademics(dataDir) {
  const { openDatabase } = await dist('server/db/client.js');
  const { classes } = await dist('server/db/schema/classes.js');
  const { students } = await dist('server/db/schema/students.js');
  const { schoolYears, schoolPeriods } = await dist('server/db/schema/calendar.js');
  const { classMemberships } = await dist('server/db/schema/attendance.js');
  const { classSubjects } = await dist('server/db/schema/curriculum.js');
  const { assessments, grades } = await dist('server/db/schema/grades.js');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  try {
    const [year] = await db
      .insert(schoolYears)
      .values({ ano: 2026, inicio: '2026-02-02', fim: '2026-12-11' })
      .returning({ id: schoolYears.id });
    const bounds = [
      ['2026-02-02', '2026-04-17'],
      ['2026-04-18', '2026-07-03'],
      ['2026-07-04', '2026-09-30'],
      ['2026-10-01', '2026-12-11'],
    ];
    const periods = await db
      .insert(schoolPeriods)
      .values(
        bounds.map(([inicio, fim], index) => ({
          anoLetivoId: year.id,
          numero: index + 1,
          inicio,
          fim,
          dataFechamento: '2027-01-31',
        })),
      )
      .returning({ id: schoolPeriods.id, inicio: schoolPeriods.inicio });
    const classRows = await db.select({ id: classes.id }).from(classes);
    const studentRows = await db
      .select({ id: students.id, turmaId: students.turmaId, status: students.status })
      .from(students);
    const active = studentRows.filter((row) => row.status === 'ativo' && row.turmaId);
    for (let i = 0; i < active.length; i += 1000)
      await db
        .insert(classMemberships)
        .values(
          active
            .slice(i, i + 1000)
            .map((row) => ({ alunoId: row.id, turmaId: row.turmaId, inicio: '2026-02-02' })),
        );
    let gradeCount = 0;
    for (const [c, turma] of classRows.entries()) {
      await db.insert(classSubjects).values(
        ['Matemática', 'Português'].map((disciplina) => ({
          turmaId: turma.id,
          disciplina,
          aulasSemanais: 5,
        })),
      );
      const columns = await db
        .insert(assessments)
        .values(
          ['Matemática', 'Português'].flatMap((disciplina) =>
            periods.map((period) => ({
              turmaId: turma.id,
              disciplina,
              periodoId: period.id,
              nome: 'Prova',
              data: period.inicio,
              peso: '1.0',
            })),
          ),
        )
        .returning({ id: assessments.id });
      const members = active.filter((row) => row.turmaId === turma.id);
      const rows = columns.flatMap((column, k) =>
        members.map((member, m) => ({
          avaliacaoId: column.id,
          alunoId: member.id,
          valor: `${String(3 + ((c + k + m) % 8))}.${String((m * 7) % 10)}`,
        })),
      );
      gradeCount += rows.length;
      for (let i = 0; i < rows.length; i += 1000) await db.insert(grades).values(rows.slice(i, i + 1000));
    }
    await db.execute('ANALYZE');
    return { classIds: classRows.map((row) => row.id), members: active.length, grades: gradeCount };
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
  await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  const seedStarted = Date.now();
  await seed({ kind: 'pglite', dataDir });
  const academics = await seedAcademics(dataDir);
  const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

  const server = await startServer({}, { dataDir });
  try {
    const sessions = [];
    for (let i = 0; i < CONCURRENCY; i++) sessions.push(await signIn(server.base, ADMIN));
    const pick = (i) => academics.classIds[(i * 7919) % academics.classIds.length];
    const get = (id, url) => request(server.base, url, { headers: { cookie: sessions[id] } });

    // Sanity: a class list has its students; the census counts add up to the active, enrolled students.
    const lista = JSON.parse((await get(0, `/api/relatorios/lista-turma?turma_id=${pick(1)}`)).body);
    if (!(lista.data?.linhas.length > 20))
      throw new Error(`lista-turma: ${JSON.stringify(lista).slice(0, 300)}`);
    const census = JSON.parse((await get(0, '/api/relatorios/alunos-por-serie?ano=2026')).body);
    const total = census.data.linhas.at(-1).total;
    if (total !== academics.members) throw new Error(`alunos-por-serie: ${total} ≠ ${academics.members}`);

    const results = {
      // The floor on this machine at this moment: the cheapest signed-in request.
      'GET /api/auth/me (floor: session only)': await load({
        concurrency: CONCURRENCY,
        seconds: 3,
        make: (id) => get(id, '/api/auth/me'),
      }),
      'lista-turma, one user at a time': await load({
        concurrency: 1,
        seconds: SECONDS,
        make: (id, i) => get(id, `/api/relatorios/lista-turma?turma_id=${pick(i)}`),
      }),
      'alunos-por-serie, one user at a time': await load({
        concurrency: 1,
        seconds: SECONDS,
        make: (id) => get(id, '/api/relatorios/alunos-por-serie?ano=2026'),
      }),
      'GET /api/relatorios/lista-turma (JSON, ~33 alunos)': await load({
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        make: (id, i) => get(id, `/api/relatorios/lista-turma?turma_id=${pick(i)}`),
      }),
      'GET /api/relatorios/alunos-por-serie (JSON, 5.000 alunos)': await load({
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        make: (id) => get(id, '/api/relatorios/alunos-por-serie?ano=2026'),
      }),
      'GET /api/relatorios/lista-turma?formato=xlsx': await load({
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        make: (id, i) => get(id, `/api/relatorios/lista-turma?turma_id=${pick(i)}&formato=xlsx`),
      }),
      'GET /api/relatorios/lista-turma?formato=pdf': await load({
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        make: (id, i) => get(id, `/api/relatorios/lista-turma?turma_id=${pick(i)}&formato=pdf`),
      }),
    };
    report(
      `Relatórios: ${STUDENTS} students in ${CLASSES} classes, ${academics.grades} grades (seeded in ${seedSeconds} s), ` +
        `${CONCURRENCY} concurrent sessions, ${SECONDS} s each, PGlite`,
      results,
    );

    // All the school's boletins, as the screen asks for them: start, poll the progress, download.
    const started = Date.now();
    const job = await request(server.base, '/api/relatorios/boletins-escola/exportacoes', {
      method: 'POST',
      headers: { cookie: sessions[0] },
      body: { formato: 'pdf', ano: 2026 },
    });
    if (job.status !== 201) throw new Error(`export: ${job.status} ${job.body}`);
    const { id } = JSON.parse(job.body).data;
    let state;
    let polls = 0;
    const seen = new Set();
    // While it builds, a class list still answers (the export does not block the server).
    const during = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = JSON.parse((await get(0, `/api/relatorios/boletins-escola/exportacoes/${id}`)).body).data;
      polls++;
      seen.add(state.feitos);
      const t0 = performance.now();
      await get(1, `/api/relatorios/lista-turma?turma_id=${pick(polls)}`);
      during.push(performance.now() - t0);
    } while (state.status === 'na_fila' || state.status === 'gerando');
    const builtSeconds = (Date.now() - started) / 1000;
    if (state.status !== 'pronto') throw new Error(`export ${state.status}: ${state.erro}`);
    const file = await request(server.base, state.url, { headers: { cookie: sessions[0] } });
    const bytes = Number(file.headers['content-length'] ?? 0);
    during.sort((a, b) => a - b);
    console.log(
      `\nBoletins de toda a escola (${CLASSES} turmas, ${academics.members} alunos, one PDF): ` +
        `${builtSeconds.toFixed(1)} s from start to ready (${polls} progress polls, ${seen.size} distinct progress values, ` +
        `${state.feitos}/${state.total} turmas), file ${(bytes / 1_048_576).toFixed(1)} MB; ` +
        `lista-turma while it built: median ${during[Math.floor(during.length / 2)].toFixed(0)} ms, ` +
        `max ${during.at(-1).toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

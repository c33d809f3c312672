// School records (issue 5): the student list at school scale. Seeds 5,000 students with guardians,
// 60 teachers and 150 classes straight into a fresh PGlite data dir (server stopped), then drives
// GET /api/alunos from 50 concurrent signed-in sessions over loopback for a bounded time.
import { rmSync } from 'node:fs';
import { firstStart, load, report, request, startServer, tempDataDir } from './lib.mjs';
import { ADMIN, CLASSES, seed, STUDENTS, TEACHER, TEACHERS } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function signIn(base, credentials) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: credentials });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

const dataDir = tempDataDir();
try {
  // A first start creates the schema and the administrator; then the server stops for the seed.
  await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });

  const seedStarted = Date.now();
  const seeded = await seed({ kind: 'pglite', dataDir });
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

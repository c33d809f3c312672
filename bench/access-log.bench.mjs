// Access log of students' records (issue 17, part 7): what logging each staff view of a student's
// record costs. Seeds the school-sized PGlite data dir, then drives GET /api/alunos/{id} from 50
// concurrent admin sessions: once on one student over and over (every view after the first within
// five minutes is the same view, so nothing new is written), once on a different student each time
// (every view is new and is written, in batches). The difference is the price of the log.
import { rmSync } from 'node:fs';
import { firstStart, load, report, request, startServer, tempDataDir } from './lib.mjs';
import { ADMIN, seed, TEACHER } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function signIn(base, credentials) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: credentials });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

const dataDir = tempDataDir();
try {
  await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  await seed({ kind: 'pglite', dataDir });

  const server = await startServer({}, { dataDir });
  try {
    const sessions = [];
    for (let i = 0; i < 50; i++) sessions.push(await signIn(server.base, ADMIN));
    const teacherSessions = [];
    for (let i = 0; i < 10; i++) teacherSessions.push(await signIn(server.base, TEACHER));
    const ids = [];
    for (let page = 1; ids.length < 2000; page++) {
      const body = JSON.parse(
        (
          await request(server.base, `/api/alunos?page=${page}&pageSize=100`, {
            headers: { cookie: sessions[0] },
          })
        ).body,
      );
      if (body.data.items.length === 0) break;
      ids.push(...body.data.items.map((item) => item.id));
    }
    const teacherIds = JSON.parse(
      (await request(server.base, '/api/alunos?pageSize=100', { headers: { cookie: teacherSessions[0] } }))
        .body,
    ).data.items.map((item) => item.id);

    const views = async () =>
      JSON.parse(
        (
          await request(server.base, '/api/auditoria/acessos?pageSize=1', {
            headers: { cookie: sessions[0] },
          })
        ).body,
      ).data.total;
    const before = await views();
    const results = {
      'GET /api/alunos/{id}, same student (deduplicated, nothing written)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id) => request(server.base, `/api/alunos/${ids[0]}`, { headers: { cookie: sessions[id] } }),
      }),
      'GET /api/alunos/{id}, a new student each time (every view written)': await load({
        concurrency: 50,
        seconds: SECONDS,
        make: (id, n) =>
          request(server.base, `/api/alunos/${ids[(n + 1) % ids.length]}`, {
            headers: { cookie: sessions[id] },
          }),
      }),
      'GET /api/alunos/{id} as a teacher, own classes (10 sessions)': await load({
        concurrency: 10,
        seconds: SECONDS,
        make: (id, n) =>
          request(server.base, `/api/alunos/${teacherIds[n % teacherIds.length]}`, {
            headers: { cookie: teacherSessions[id] },
          }),
      }),
      'GET /api/auditoria/acessos (page 1, 50 per page)': await load({
        concurrency: 10,
        seconds: SECONDS,
        make: (id) => request(server.base, '/api/auditoria/acessos', { headers: { cookie: sessions[id] } }),
      }),
      [`GET /api/alunos/{id}/acessos`]: await load({
        concurrency: 10,
        seconds: SECONDS,
        make: (id, n) =>
          request(server.base, `/api/alunos/${ids[(n % 500) + 1]}/acessos`, {
            headers: { cookie: sessions[id] },
          }),
      }),
    };
    const written = (await views()) - before;
    report(
      `Access log: 50 admin sessions, ${ids.length} students; ${written} views written during the run ` +
        `(repeats within 5 min count once), ${SECONDS} s each, PGlite`,
      results,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Notices at school scale: 5,000 students in 125 classes of 40, each with a guardian holding a portal
// account and two in five with a second one (about 7,000 families' accounts), seeded straight into a
// fresh data dir (bench/school.mjs). Then: an administrator publishes one notice to the whole school —
// the request's time, and the time until its job has written the bells and queued the e-mails (one per
// account, as the school's e-mail switch is on by default; ADR 0061); the time the delivery worker takes to write them to the .eml outbox;
// then the bell's unread count (GET /api/notificacoes/contagem) from 200 concurrent guardian sessions.
// BENCH_DATABASE_URL=postgres://… runs the same on a fresh database of that PostgreSQL server instead.
import os from 'node:os';
import { load, report, request } from './lib.mjs';
import {
  atPeoplesPace,
  familySessions,
  runSchoolBench,
  SECONDS,
  seedClassesAndStudents,
  seedFamilyAccounts,
  sessionFloor,
  STUDENTS,
} from './school.mjs';

const BELL_SESSIONS = 200;
const SECOND_GUARDIAN_EVERY = 5; // 2 in 5 students have a second guardian with an account

async function seed(db) {
  const year = new Date().getFullYear();
  const { studentRows } = await seedClassesAndStudents(db, {
    ano: year,
    inicio: `${year}-02-02`,
    matriculaPrefix: 'N',
  });
  const families = [];
  studentRows.forEach((student, n) => {
    families.push({ student: student.id, principal: true });
    if (n % SECOND_GUARDIAN_EVERY < 2) families.push({ student: student.id, principal: false });
  });
  const userRows = await seedFamilyAccounts(db, families, {
    name: (n) => `Família Bench ${String(n + 1).padStart(5, '0')}`,
    email: (n) => `familia${n + 1}@bench.escola.test`,
    phone: (n) => `119${String(10_000_000 + n).padStart(8, '0')}`,
  });
  const bell = await familySessions(db, userRows, BELL_SESSIONS, 31);
  return { accounts: userRows.length, bell };
}

const json = (response) => JSON.parse(response.body);

await runSchoolBench({
  name: 'notificacoes',
  seed,
  run: async ({ base, sessions, seeded, seedSeconds, database }) => {
    const admin = sessions[0];
    const fila = async () =>
      json(await request(base, '/api/configuracoes/notificacoes/fila', { headers: { cookie: admin } })).data;
    const before = await fila();

    const started = performance.now();
    const published = await request(base, '/api/comunicados', {
      method: 'POST',
      headers: { cookie: admin },
      body: {
        titulo: 'Reunião geral de pais',
        corpo: 'Convidamos **todas as famílias** para a reunião geral no sábado, às 9h.',
        publico: { tipo: 'escola' },
        exige_ciente: true,
      },
    });
    const publishMs = performance.now() - started;
    if (published.status !== 201) throw new Error(`publish ${published.status}: ${published.body}`);
    const id = json(published).data.id;
    // The bells and e-mails are written by a job right after the answer (ADR 0061): wait for it.
    let leituras;
    for (;;) {
      leituras = json(
        await request(base, `/api/comunicados/${id}/leituras`, { headers: { cookie: admin } }),
      ).data;
      if (!leituras.enviando) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const fannedOutMs = performance.now() - started;
    const queued = await fila();
    const emails = queued.pendentes + queued.enviados_24h - before.pendentes - before.enviados_24h;
    if (leituras.contagem.destinatarios !== seeded.accounts)
      throw new Error(`${leituras.contagem.destinatarios} recipients, expected ${seeded.accounts}`);
    if (emails !== seeded.accounts) throw new Error(`${emails} e-mails queued, expected ${seeded.accounts}`);

    // The worker writes the .eml files in the background; wait for the queue to empty (bounded).
    const drainStarted = performance.now();
    let left = queued.pendentes;
    while (left > 0 && performance.now() - drainStarted < 600_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      left = (await fila()).pendentes;
    }
    const drainSeconds = ((performance.now() - drainStarted) / 1000).toFixed(1);

    const sample = json(
      await request(base, '/api/notificacoes/contagem', { headers: { cookie: seeded.bell[0] } }),
    );
    if (sample.data.nao_lidas < 1) throw new Error(`bell: ${JSON.stringify(sample)}`);
    const askBell = (id) =>
      request(base, '/api/notificacoes/contagem', { headers: { cookie: seeded.bell[id] } });
    const bell = await load({ concurrency: BELL_SESSIONS, seconds: SECONDS, make: askBell });
    // The same 200 sessions as open tabs: each asks once a second (the portal's bell asks every 30 s).
    const paced = await atPeoplesPace(askBell, BELL_SESSIONS);

    report(
      `Comunicado a toda a escola: ${STUDENTS} alunos, ${seeded.accounts} contas de famílias (${database}; seed ${seedSeconds} s; load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')})`,
      {
        'POST /api/comunicados (toda a escola, exige ciente)': {
          ms: Math.round(publishMs),
          destinatarios: leituras.contagem.destinatarios,
          'e-mails na fila': emails,
        },
        'sinos e fila de e-mails gravados (tarefa em segundo plano)': { ms: Math.round(fannedOutMs) },
        'entregas: fila de e-mails esvaziada (arquivos .eml)': {
          segundos: Number(drainSeconds),
          pendentes: left,
        },
      },
    );
    // What any request of those sessions pays before its own work (the session lookup), for comparison.
    const floor = await sessionFloor(base, seeded.bell);
    report(`Sino: contagem de não lidas, ${BELL_SESSIONS} sessões simultâneas`, {
      'GET /api/auth/me (piso: só a sessão)': floor,
      'GET /api/notificacoes/contagem (cada sessão pede de novo ao receber)': bell,
      'GET /api/notificacoes/contagem (cada sessão pede 1 vez por segundo)': paced,
    });
  },
});

// Issue 38, the first comunicado after a start (PGlite): the school of bench/fanout.bench.mjs (5,000
// families) seeded once, then the server started BENCH_STARTS (4) times on the same data dir; after each
// start one administrator signs in and publishes to the whole school twice — the first publication is
// the cold one, the second a warm one. Reports each start's cold and warm answer, the time until the
// bells, the server's RSS after start (before the first publication) and after the two.
// BENCH_NODE_ARGS=--cpu-prof --cpu-prof-dir=/tmp/prof profiles the server (one profile per start).
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { firstStart, percentile, report, request, startServer, tempDataDir } from './lib.mjs';
import { seedFamilies } from './fanout-seed.mjs';
import { dist, signIn, STUDENTS } from './school.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const STARTS = Number(process.env.BENCH_STARTS ?? 4);
const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (response) => JSON.parse(response.body);
const load = () => os.loadavg()[0].toFixed(2);
const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

async function publish(base, cookie, k) {
  const started = performance.now();
  const response = await request(base, '/api/comunicados', {
    method: 'POST',
    headers: { cookie },
    body: {
      titulo: `Reunião geral de pais ${k}`,
      corpo: 'Convidamos **todas as famílias** para a reunião geral no sábado, às 9h.',
      publico: { tipo: 'escola' },
      exige_ciente: true,
    },
  });
  const answer = performance.now() - started;
  if (response.status !== 201) throw new Error(`publish ${response.status}: ${response.body}`);
  const { id } = json(response).data;
  for (;;) {
    const leituras = json(
      await request(base, `/api/comunicados/${id}/leituras?situacao=pendentes`, { headers: { cookie } }),
    ).data;
    if (leituras.enviando === false) break;
    await sleep(50);
  }
  return { answer, bells: performance.now() - started };
}

const sink = await startSmtpSink();
const dataDir = tempDataDir();
const rows = [];
try {
  await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  const { openDatabase } = await dist('server/db/client.js');
  const { users } = await dist('server/db/schema/users.js');
  const opened = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await opened.db.update(users).set({ primeiroLogin: false });
    await seedFamilies(opened.db);
    await opened.db.execute('ANALYZE');
  } finally {
    await opened.close();
  }
  for (let start = 1; start <= STARTS; start++) {
    const server = await startServer({ SMTP_URL: sink.url }, { dataDir });
    try {
      await sleep(5000); // whatever the start does in the background settles
      const rssStart = rssMb(server.pid);
      const cookie = await signIn(server.base, ADMIN);
      const loadBefore = load();
      const cold = await publish(server.base, cookie, `${start}a`);
      const warm = await publish(server.base, cookie, `${start}b`);
      rows.push({
        start,
        cold_ms: Math.round(cold.answer),
        warm_ms: Math.round(warm.answer),
        cold_bells_s: Number((cold.bells / 1000).toFixed(1)),
        warm_bells_s: Number((warm.bells / 1000).toFixed(1)),
        rss_start_mb: rssStart,
        rss_after_mb: rssMb(server.pid),
        load: `${loadBefore} → ${load()}`,
      });
      console.log(rows.at(-1));
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await sink.close();
}
const sorted = (key) => rows.map((row) => row[key]).sort((a, b) => a - b);
report(`Comunicado a ${STUDENTS} famílias logo depois de iniciar — PGlite, ${STARTS} partidas`, rows);
console.log(
  `p50 fria ${percentile(sorted('cold_ms'), 50)} ms, p50 quente ${percentile(sorted('warm_ms'), 50)} ms, ` +
    `RSS após iniciar p50 ${percentile(sorted('rss_start_mb'), 50)} MB`,
);

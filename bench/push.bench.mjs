// Web Push at school scale (issue 35 §4): 2,000 families (BENCH_STUDENTS, one guardian account each),
// each with one device subscribed at the simulated push service (src/server/features/push-simulado:
// HTTPS with a throwaway CA the server trusts through NODE_EXTRA_CA_CERTS, allowed by
// PUSH_ALLOWED_ORIGINS). An administrator publishes one comunicado to the whole school: the publish
// answer's time, then the time from that answer to the last push the simulator accepted (each one
// VAPID-checked and decrypted), with the most requests it saw in flight at once. The server paces pushes
// at PUSH_RATE_PER_SECOND (default 100 a second per instance), so the figure is mostly that pace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.BENCH_STUDENTS ??= '2000';
const { report, request } = await import('./lib.mjs');
const { dist, insertInBatches, runSchoolBench, seedClassesAndStudents, seedFamilyAccounts, STUDENTS } =
  await import('./school.mjs');
const { startPushSimulator } = await dist('server/features/push-simulado/index.js');

const simulator = await startPushSimulator();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'escola-bench-push-'));
const caFile = path.join(scratch, 'push-ca.pem');
writeFileSync(caFile, simulator.caPem);
const rate = process.env.PUSH_RATE_PER_SECOND ?? '100';

async function seed(db) {
  const { pushAssinaturas } = await dist('server/db/schema/push.js');
  const year = new Date().getFullYear();
  const { studentRows } = await seedClassesAndStudents(db, {
    ano: year,
    inicio: `${year}-02-02`,
    matriculaPrefix: 'P',
  });
  // Nobody signs in as a family here: a placeholder hash, never a valid argon2 one.
  const userRows = await seedFamilyAccounts(
    db,
    studentRows.map((student) => ({ student: student.id, principal: true })),
    {
      name: (n) => `Família Push ${String(n + 1).padStart(5, '0')}`,
      email: (n) => `push${n + 1}@bench.escola.test`,
      phone: (n) => `119${String(20_000_000 + n).padStart(8, '0')}`,
      passwordHash: 'sem-senha',
    },
  );
  // One device per family, made at the simulator (its own keys and auth secret, as a browser's).
  await insertInBatches(
    db,
    pushAssinaturas,
    userRows.map((user) => {
      const subscription = simulator.subscribe();
      return {
        usuarioId: user.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      };
    }),
  );
  return { families: userRows.length };
}

try {
  await runSchoolBench({
    name: 'push',
    seed,
    env: { PUSH_ALLOWED_ORIGINS: simulator.origin, NODE_EXTRA_CA_CERTS: caFile, PUSH_RATE_PER_SECOND: rate },
    run: async ({ base, sessions, seeded, seedSeconds, database }) => {
      const admin = sessions[0];
      simulator.resetStats();
      const started = performance.now();
      const published = await request(base, '/api/comunicados', {
        method: 'POST',
        headers: { cookie: admin },
        body: {
          titulo: 'Reunião geral de pais',
          corpo: 'Convidamos todas as famílias para a reunião geral no sábado, às 9h.',
          publico: { tipo: 'escola' },
        },
      });
      const answered = performance.now();
      const answeredAt = Date.now();
      if (published.status !== 201) throw new Error(`publish ${published.status}: ${published.body}`);
      // Bounded wait for every push to be accepted by the simulator.
      while (simulator.stats().accepted < seeded.families && performance.now() - answered < 600_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const received = simulator.received();
      if (received.length !== seeded.families)
        throw new Error(`${received.length} pushes accepted, expected ${seeded.families}`);
      const lastAt = Math.max(...received.map((item) => item.at.getTime()));
      const generic = received.every((item) => JSON.parse(item.text).titulo === 'Novo comunicado da escola');
      if (!generic) throw new Error('a push carried something other than the generic title');
      const stats = simulator.stats();
      report(
        `Web Push: comunicado a ${seeded.families} famílias com um aparelho cada (${STUDENTS} alunos; ${database}; seed ${seedSeconds} s; PUSH_RATE_PER_SECOND=${rate})`,
        {
          'POST /api/comunicados (toda a escola)': { ms: Math.round(answered - started) },
          'da resposta ao último push aceito pelo serviço': {
            s: ((lastAt - answeredAt) / 1000).toFixed(1),
            pushes: received.length,
            'por segundo': (received.length / ((lastAt - answeredAt) / 1000)).toFixed(0),
            'no máximo em voo': stats.peakInFlight,
            recusados: simulator.refusals().length,
          },
        },
      );
    },
  });
} finally {
  await simulator.close();
  rmSync(scratch, { recursive: true, force: true });
}

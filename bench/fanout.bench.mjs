// Issue 38: a comunicado to 5,000 families — the publish answer (p50/p99 over several publications), the
// time until every bell is updated and until every e-mail is handed to SMTP. 5,000 students in classes
// of 40, each with one guardian holding a portal account, seeded straight into the database
// (bench/school.mjs); the server's SMTP_URL points at a sink in this process (bench/smtp-sink.mjs) that
// counts what nodemailer hands it. Runs on PGlite, then on PostgreSQL (BENCH_DATABASE_URL, or a
// throwaway cluster from bench/postgres.mjs when the binaries are installed).
// BENCH_PUBLICATIONS (3) publications, one after the other: each waits for its bells (its 'Leituras'
// stop saying 'enviando'), not for its e-mails, which pile up in the outbox as they would on a busy day.
import os from 'node:os';
import { percentile, report, request } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { seedFamilies as seed } from './fanout-seed.mjs';
import { runSchoolBench, STUDENTS } from './school.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const PUBLICATIONS = Number(process.env.BENCH_PUBLICATIONS ?? 3);
const MAIL_DEADLINE_MS = 5 * 60_000; // the goal: every e-mail handed to SMTP within 5 min

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const json = (response) => JSON.parse(response.body);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function runOn(sink) {
  let result;
  await runSchoolBench({
    name: 'fanout',
    seed,
    env: { SMTP_URL: sink.url },
    run: async ({ base, sessions, seeded, seedSeconds, database }) => {
      const admin = sessions[0];
      const unread = async (cookie) =>
        json(await request(base, '/api/notificacoes/contagem', { headers: { cookie } })).data.nao_lidas;
      const mailsBefore = sink.count();
      const answers = [];
      const bells = [];
      const published = [];
      for (let k = 1; k <= PUBLICATIONS; k++) {
        const started = performance.now();
        const response = await request(base, '/api/comunicados', {
          method: 'POST',
          headers: { cookie: admin },
          body: {
            titulo: `Reunião geral de pais ${k}`,
            corpo: 'Convidamos **todas as famílias** para a reunião geral no sábado, às 9h.',
            publico: { tipo: 'escola' },
            exige_ciente: true,
          },
        });
        const answered = performance.now();
        if (response.status !== 201) throw new Error(`publish ${response.status}: ${response.body}`);
        answers.push(answered - started);
        published.push(started);
        const { id, contagem } = json(response).data;
        if (contagem.destinatarios !== seeded.families)
          throw new Error(`${contagem.destinatarios} recipients, expected ${seeded.families}`);
        // Every bell is written by the job's one transaction, which also ends 'enviando'.
        for (;;) {
          const leituras = json(
            await request(base, `/api/comunicados/${id}/leituras?situacao=pendentes`, {
              headers: { cookie: admin },
            }),
          ).data;
          if (leituras.enviando === false) break;
          if (performance.now() - started > MAIL_DEADLINE_MS) throw new Error('bells not written in 5 min');
          await sleep(50);
        }
        bells.push(performance.now() - started);
        const counts = await Promise.all(seeded.bell.map(unread));
        if (counts.some((count) => count !== k))
          throw new Error(`bell counts after ${k}: ${counts.join(',')}`);
      }
      // E-mails: publication k's are all handed over when the sink has k × families (the outbox is FIFO).
      const mails = [];
      for (let k = 1; k <= PUBLICATIONS; k++) {
        const deadline = sleep(published[k - 1] + MAIL_DEADLINE_MS * 2 - performance.now()).then(() => null);
        const at = await Promise.race([sink.reached(mailsBefore + k * seeded.families), deadline]);
        if (at === null)
          throw new Error(`publication ${k}: ${sink.count() - mailsBefore} e-mails by the deadline`);
        mails.push(at - published[k - 1]);
      }
      await sleep(1000); // anything sent twice would arrive now
      const sorted = [...answers].sort((a, b) => a - b);
      const seconds = (ms) => Number((ms / 1000).toFixed(1));
      result = {
        database,
        seedSeconds,
        families: seeded.families,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        answers: answers.map(Math.round),
        bellsMax: seconds(Math.max(...bells)),
        bells: bells.map(seconds),
        mailsMax: seconds(Math.max(...mails)),
        mails: mails.map(seconds),
        accepted: sink.count() - mailsBefore,
        doubled: sink.doubled(PUBLICATIONS),
        load: loadAverage(),
      };
    },
  });
  return result;
}

/** One run with a sink of its own (the same families' addresses are written to on each database). */
async function runWithSink() {
  const sink = await startSmtpSink();
  try {
    return await runOn(sink);
  } finally {
    await sink.close();
  }
}

const results = [];
let cluster = null;
try {
  const given = process.env.BENCH_DATABASE_URL;
  delete process.env.BENCH_DATABASE_URL;
  results.push(await runWithSink());
  cluster = given ? null : await startPostgres();
  const url = given ?? cluster?.url;
  if (url) {
    process.env.BENCH_DATABASE_URL = url;
    results.push(await runWithSink());
  } else console.log('PostgreSQL não instalado: só PGlite.');
} finally {
  cluster?.stop();
}

for (const r of results)
  report(
    `Comunicado a ${r.families} famílias (${STUDENTS} alunos), ${PUBLICATIONS} publicações seguidas — ${r.database} (seed ${r.seedSeconds} s; load average ${r.load})`,
    {
      'POST /api/comunicados: resposta (meta p99 < 1 s)': {
        p50_ms: r.p50,
        p99_ms: r.p99,
        cada_ms: r.answers.join(' '),
      },
      'todos os sinos atualizados (publicação → fim do job)': {
        pior_s: r.bellsMax,
        cada_s: r.bells.join(' '),
      },
      'todos os e-mails entregues ao SMTP (meta < 5 min)': {
        pior_s: r.mailsMax,
        cada_s: r.mails.join(' '),
        aceitos: r.accepted,
        'destinatários com e-mail a mais': r.doubled,
      },
    },
  );

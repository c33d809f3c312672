// Issue 38: what a comunicado to 5,000 families costs, part by part, on PGlite and PostgreSQL — resolving
// the audience, recording the recipients, the `comunicado_envios` row (the ids gathered), and the fan-out
// the job does (bell, e-mail and push rows, NOTIFY) — each timed inside one transaction that is rolled
// back, REPEAT times, straight on the database of the school bench/fanout.bench.mjs seeds (server stopped).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { report } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { seedFamilies } from './fanout-seed.mjs';
import { dist, runSchoolBench, STUDENTS } from './school.mjs';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

class Rollback extends Error {}

async function measure(db) {
  const { audienceQuery } = await dist('server/features/comunicados/comunicados.audience.js');
  const { fanOut } = await dist('server/features/notificacoes/notificacoes.service.js');
  const publico = { tipo: 'escola' };
  const ctx = { config: { publicUrl: 'http://localhost:3000', smsUrl: undefined } };
  const parts = {};
  const time = async (name, work) => {
    const started = performance.now();
    const result = await work();
    (parts[name] ??= []).push(performance.now() - started);
    return result;
  };
  for (let i = 0; i < REPEAT; i++) {
    try {
      await db.transaction(async (tx) => {
        const rows = (result) => result.rows ?? result;
        await time('1. resolver o público (select)', () =>
          tx.execute(sql`select count(*) from (${audienceQuery(publico)}) a`),
        );
        const [row] = rows(
          await tx.execute(sql`insert into comunicados (titulo, corpo, publico, publico_descricao, publicar_em, autor_nome)
            values ('Parte', 'Parte', ${JSON.stringify(publico)}::jsonb, 'Toda a escola', now(), 'Bench') returning id`),
        );
        const now = new Date();
        await time('2. gravar os destinatários (insert … select)', () =>
          tx.execute(sql`insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
            select ${row.id}::uuid, a.usuario_id, a.aluno_ids, ${now} from (${audienceQuery(publico)}) a
            on conflict do nothing`),
        );
        await time('3. linha de comunicado_envios (ids dos destinatários)', () =>
          tx.execute(sql`insert into comunicado_envios (comunicado_id, tipo, usuario_ids)
            select ${row.id}::uuid, 'novo', array_agg(usuario_id) from comunicado_destinatarios
            where comunicado_id = ${row.id}::uuid`),
        );
        await time('4. fan-out: sinos + e-mails + push na fila + NOTIFY (a tarefa)', () =>
          fanOut(ctx, tx, {
            recipients: sql`select d.usuario_id from comunicado_envios e
              cross join lateral unnest(e.usuario_ids) as q(usuario_id)
              join comunicado_destinatarios d on d.comunicado_id = e.comunicado_id and d.usuario_id = q.usuario_id
              where e.comunicado_id = ${row.id}::uuid`,
            tipo: 'comunicado',
            titulo: 'Novo comunicado: Parte',
            texto: 'Bench publicou “Parte”.',
            link: `/dashboard/comunicados?id=${row.id}`,
            email: { assunto: 'Novo comunicado: Parte', texto: 'A escola publicou um comunicado.' },
            sms: 'Novo comunicado: Parte.',
          }),
        );
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    Object.entries(parts).map(([name, values]) => [
      name,
      { mediana_ms: Math.round(median(values)), cada_ms: values.map(Math.round).join(' ') },
    ]),
  );
}

async function runOn() {
  let result;
  await runSchoolBench({
    name: 'fanout_parts',
    seed: async (db) => {
      const seeded = await seedFamilies(db);
      await db.execute('ANALYZE');
      result = { families: seeded.families, parts: await measure(db) };
      return seeded;
    },
    run: async ({ database }) => {
      result.database = database;
      result.load = os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
    },
  });
  return result;
}

const results = [];
let cluster = null;
try {
  const given = process.env.BENCH_DATABASE_URL;
  delete process.env.BENCH_DATABASE_URL;
  results.push(await runOn());
  cluster = given ? null : await startPostgres();
  const url = given ?? cluster?.url;
  if (url) {
    process.env.BENCH_DATABASE_URL = url;
    results.push(await runOn());
  }
} finally {
  cluster?.stop();
}
for (const r of results)
  report(
    `Comunicado a ${r.families} famílias (${STUDENTS} alunos), por partes — ${r.database} (load average ${r.load})`,
    r.parts,
  );

// Finance at school scale: 5,000 students and a year of tuition (60,000 mensalidades) on PGlite, then
// p50/p95 of the finance cards, the tuition list and the dashboard at 50 concurrent sessions.
// Loopback only, bounded (a few seconds per endpoint).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { load, report, request, root, startServer } from './lib.mjs';

const STUDENTS = 5_000;
const CLASSES = 40;
const year = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 4),
);
const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
  .format(new Date())
  .slice(0, 7);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-bench-finance-'));

const { openDatabase } = await import(pathToFileURL(path.join(root, 'dist/node/server/db/client.js')).href);
const seedStarted = Date.now();
const database = await openDatabase({ kind: 'pglite', dataDir });
const run = (text) => database.db.execute(sql.raw(text));
await run(`insert into classes (nome, nivel, serie, turno, ano_letivo)
  select 'Turma ' || lpad(g::text, 2, '0'), case when g % 2 = 0 then 'Fundamental I' else 'Fundamental II' end,
         (g % 9 + 1) || 'º ano', 'manha', '${year}' from generate_series(1, ${CLASSES}) g`);
await run(
  `insert into class_tuition (turma_id, valor_mensalidade, dia_vencimento) select id, 85000, 10 from classes`,
);
await run(
  `insert into finance_settings (id, pix_chave, pix_beneficiario, pix_cidade) values (1, '12345678000195', 'Escola Bench', 'Sao Paulo')`,
);
await run(`with c as (select id, row_number() over (order by nome) - 1 as n from classes)
  insert into students (nome, data_nascimento, matricula, turma_id, data_matricula)
  select 'Aluno Bench ' || g, '2015-01-01', 'B' || g, c.id, make_date(${year - 1}, 12, 1)
  from generate_series(1, ${STUDENTS}) g join c on c.n = g % ${CLASSES}`);
// A year of tuition; nine in ten past ones paid on time.
await run(`insert into mensalidades (aluno_id, turma_id, mes_referencia, data_vencimento, valor_original, valor, principal_pago, data_pagamento)
  select s.id, s.turma_id, to_char(make_date(${year}, m, 1), 'YYYY-MM'), make_date(${year}, m, 10), 85000, 85000,
    case when make_date(${year}, m, 10) < current_date and abs(hashtext(s.id::text || m::text)) % 10 <> 0 then 85000 else 0 end,
    case when make_date(${year}, m, 10) < current_date and abs(hashtext(s.id::text || m::text)) % 10 <> 0 then make_date(${year}, m, 8) end
  from students s cross join generate_series(1, 12) m`);
await run(`insert into pagamentos (mensalidade_id, valor_pago, principal, multa, juros, data_pagamento, forma)
  select id, 85000, 85000, 0, 0, data_pagamento, 'pix' from mensalidades where principal_pago > 0`);
await run(`insert into transacoes (tipo, descricao, categoria, valor, data, forma_pagamento, status, pagamento_id)
  select 'receita', 'Mensalidade', 'Mensalidade', valor_pago, data_pagamento, 'pix', 'pago', id from pagamentos`);
await run(`insert into transacoes (tipo, descricao, categoria, valor, data, forma_pagamento, status)
  select 'despesa', 'Despesa ' || k, (array['Salários','Aluguel','Água e Luz','Material','Manutenção'])[k],
         100000 * k + 50000, make_date(${year}, m, 5 + k), 'boleto', 'pago'
  from generate_series(1, 12) m cross join generate_series(1, 5) k where make_date(${year}, m, 5 + k) <= current_date`);
const [counts] = (
  await run(`select (select count(*) from students) as alunos, (select count(*) from mensalidades) as mensalidades,
  (select count(*) from transacoes) as transacoes`)
).rows;
await database.close();
const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

const email = 'bench@escola.test';
const firstPassword = 'Bench-Admin-Senha-2026';
const password = 'Jacaranda-Lilas-Floresce-31';
const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: firstPassword });
try {
  const first = await request(server.base, '/api/auth/login', {
    method: 'POST',
    body: { email, password: firstPassword },
  });
  const firstCookie = String(first.headers['set-cookie']).split(';')[0];
  const changed = await request(server.base, '/api/auth/change-password', {
    method: 'POST',
    headers: { cookie: firstCookie },
    body: { senhaAtual: firstPassword, novaSenha: password },
  });
  if (changed.status !== 200) throw new Error(`troca de senha: ${changed.status} ${changed.body}`);
  const sessions = [];
  for (let i = 0; i < 50; i++) {
    const response = await request(server.base, '/api/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    sessions.push(String(response.headers['set-cookie']).split(';')[0]);
  }
  const get = (url) => (id) => request(server.base, url, { headers: { cookie: sessions[id] } });
  const generateStarted = performance.now();
  const generated = await request(server.base, '/api/financeiro/mensalidades/gerar', {
    method: 'POST',
    headers: { cookie: sessions[0] },
    body: { ano: year },
  });
  const generateMs = (performance.now() - generateStarted).toFixed(0);
  // One request at a time first: the cost of one computation, without queueing.
  const serial = {};
  for (const url of [
    '/api/financeiro/stats',
    `/api/financeiro/mensalidades?mes=${month}`,
    '/api/dashboard/stats',
  ]) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await request(server.base, url, { headers: { cookie: sessions[0] } });
      times.push(Math.round(performance.now() - started));
    }
    serial[url] = times.join(' / ') + ' ms';
  }
  console.table(serial);
  const rows = {
    'GET /api/financeiro/stats': await load({
      concurrency: 50,
      seconds: 5,
      make: get('/api/financeiro/stats'),
    }),
    [`GET /api/financeiro/mensalidades?mes=${month}`]: await load({
      concurrency: 50,
      seconds: 5,
      make: get(`/api/financeiro/mensalidades?mes=${month}`),
    }),
    'GET /api/financeiro/mensalidades?status=vencido&q=bench 12': await load({
      concurrency: 50,
      seconds: 5,
      make: get('/api/financeiro/mensalidades?status=vencido&q=bench%2012'),
    }),
    'GET /api/dashboard/stats': await load({
      concurrency: 50,
      seconds: 5,
      make: get('/api/dashboard/stats'),
    }),
  };
  console.log(
    `Seeded ${counts.alunos} students, ${counts.mensalidades} mensalidades, ${counts.transacoes} transacoes in ${seedSeconds} s; ` +
      `re-running 'gerar ${year}' over them: ${generated.status} ${JSON.parse(generated.body).data?.criadas ?? '?'} new in ${generateMs} ms`,
  );
  report(`Finance (${STUDENTS} students, 50 concurrent sessions, PGlite)`, rows);

  // Backup and restore of this data set (issue 7): one consistent snapshot, then an atomic restore.
  const backupStarted = performance.now();
  const backup = await fetch(`${server.base}/api/configuracoes/backup`, {
    method: 'POST',
    headers: { cookie: sessions[0], 'content-type': 'application/json' },
    body: JSON.stringify({ senha: password }),
  });
  const file = Buffer.from(await backup.arrayBuffer());
  const backupMs = Math.round(performance.now() - backupStarted);
  if (backup.status !== 200) throw new Error(`backup: ${backup.status} ${file.toString().slice(0, 200)}`);
  const form = new FormData();
  form.append('senha', password);
  form.append('file', new Blob([file], { type: 'application/json' }), 'backup.json');
  const restoreStarted = performance.now();
  const restored = await fetch(`${server.base}/api/configuracoes/restore`, {
    method: 'POST',
    headers: { cookie: sessions[0] },
    body: form,
  });
  const restoreMs = Math.round(performance.now() - restoreStarted);
  if (restored.status !== 200)
    throw new Error(`restore: ${restored.status} ${(await restored.text()).slice(0, 200)}`);
  report('Backup and restore of this data set', {
    backup: { ms: backupMs, megabytes: Number((file.length / 1024 / 1024).toFixed(1)) },
    'restore (includes the safety backup taken first)': { ms: restoreMs },
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

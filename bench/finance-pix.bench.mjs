// Pix charges at school scale (issue 33 §1, ADR 0041): 5,000 students, each with a principal guardian with
// a CPF, then 'Gerar mensalidades' for one month on the built server (PGlite) with Pix automático pointed
// at the simulated bank (mutual TLS, in this process). Reports how long generation takes (it only queues
// the charges), how long until the bank holds all 5,000 cobvs, the server's peak memory and the peak
// connections the bank saw. Loopback only; selected by `npm run bench -- finance`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { report, request, root, startServer } from './lib.mjs';

const STUDENTS = 5_000;
const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node/server', file)).href);
const { openDatabase } = await dist('db/client.js');
const { startSimulatedBank } = await dist('features/banco-simulado/index.js');
const { provedorDoBancoSimulado } = await dist('features/pix-simulado/provedor.js');
const { completeCpf } = await import(pathToFileURL(path.join(root, 'dist/node/shared/validators.js')).href);

const saoPaulo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const year = Number(saoPaulo.slice(0, 4));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-bench-pix-'));

const seedStarted = Date.now();
const database = await openDatabase({ kind: 'pglite', dataDir });
const run = (text) => database.db.execute(sql.raw(text));
await run(
  `insert into classes (nome, nivel, serie, turno, ano_letivo) values ('Turma Pix', 'Fundamental I', '5º ano', 'manha', '${year}')`,
);
await run(
  `insert into class_tuition (turma_id, valor_mensalidade, dia_vencimento) select id, 85000, 10 from classes`,
);
await run(
  `insert into finance_settings (id, pix_chave, pix_beneficiario, pix_cidade) values (1, '12345678000195', 'Escola Bench', 'Sao Paulo')`,
);
for (let start = 0; start < STUDENTS; start += 1000) {
  const values = [];
  for (let n = start; n < Math.min(STUDENTS, start + 1000); n++)
    values.push(`('Responsável Bench ${n}', '11900000000', '${completeCpf(String(200_000_000 + n * 7))}')`);
  await run(`insert into guardians (nome, telefone, cpf) values ${values.join(',')}`);
}
await run(`with g as (select id, row_number() over (order by nome) as n from guardians)
  insert into students (nome, data_nascimento, matricula, turma_id, data_matricula)
  select 'Aluno Bench ' || g.n, '2015-01-01', 'P' || g.n, (select id from classes), make_date(${year}, 1, 1) from g`);
await run(`insert into student_guardians (aluno_id, responsavel_id, parentesco, eh_principal)
  select s.id, g.id, 'mae', true from students s join guardians g on g.nome = 'Responsável Bench ' || substr(s.matricula, 2)::int - 1`);
await database.close();
const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);

const bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
const email = 'bench@escola.test';
const firstPassword = 'Bench-Admin-Senha-2026';
const password = 'Jacaranda-Lilas-Floresce-31';
const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: firstPassword });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  const first = await request(server.base, '/api/auth/login', {
    method: 'POST',
    body: { email, password: firstPassword },
  });
  const firstCookie = String(first.headers['set-cookie']).split(';')[0];
  await request(server.base, '/api/auth/change-password', {
    method: 'POST',
    headers: { cookie: firstCookie },
    body: { senhaAtual: firstPassword, novaSenha: password },
  });
  const login = await request(server.base, '/api/auth/login', { method: 'POST', body: { email, password } });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const saved = await request(server.base, '/api/financeiro/pix/provedor', {
    method: 'PUT',
    headers: { cookie },
    body: provedorDoBancoSimulado(bank),
  });
  if (saved.status !== 200) throw new Error(`provedor: ${saved.status} ${saved.body}`);

  const started = performance.now();
  const generated = await request(server.base, '/api/financeiro/mensalidades/gerar', {
    method: 'POST',
    headers: { cookie },
    body: { ano: year, mes: 12 },
  });
  const generateMs = Math.round(performance.now() - started);
  const criadas = JSON.parse(generated.body).data?.criadas;
  if (generated.status !== 201) throw new Error(`gerar: ${generated.status} ${generated.body}`);
  const puts = () => bank.stats.requests['PUT /cobv/{txid}'] ?? 0;
  const deadline = Date.now() + 10 * 60_000;
  while (puts() < criadas && Date.now() < deadline) await sleep(100);
  const chargesMs = Math.round(performance.now() - started);
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  console.log(`Seeded ${STUDENTS} students with a principal guardian each in ${seedSeconds} s`);
  report(`Pix charges for ${criadas} mensalidades against the simulated bank (PGlite, mTLS, loopback)`, {
    'gerar (the request; charges are queued)': { ms: generateMs },
    [`all cobvs at the bank (${puts()} PUT)`]: {
      ms: chargesMs,
      'per second': Math.round((puts() / chargesMs) * 1000),
    },
    'server peak memory (VmHWM)': { megabytes: peakMb },
    'peak connections at the bank': { connections: bank.stats.peakConnections },
  });
  if (puts() < criadas) throw new Error(`only ${puts()} of ${criadas} charges reached the bank in 10 min`);
} finally {
  await server.stop();
  await bank.close();
  rmSync(dataDir, { recursive: true, force: true });
}

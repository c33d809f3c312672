// Does a PGlite school need the database's routine maintenance? PGlite has no autovacuum: nothing ever
// gathers the planner's statistics (ANALYZE) or sets the visibility map (VACUUM) unless the product does.
// One network (bench/scale/network.mjs, `settle: 'never'`: every table read once, as a school's database
// is after use) copied twice: as it is, and after `VACUUM (ANALYZE)`, timed. Both servers up, the hot
// paths of bench/scale (the student list, searches, a class's roll, a boletim) in alternating rounds:
// the p50 of each on the database as a school has it ÷ the same after the product's nightly job
// (features/operations/maintenance.job.ts), whose whole time and longest table (the longest a request
// waits behind it on PGlite's one connection) are reported.
//   BENCH_STUDENTS (5000): the school · BENCH_SECONDS (4) × BENCH_ROUNDS (3): the latency runs.
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstStart, report, tempDataDir } from './lib.mjs';
import { npmStart } from './performance.bench.mjs';
import { checkHotPaths, compareP50, hotPaths } from './scale/hot-paths.mjs';
import { schoolToday, seedNetwork } from './scale/network.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5_000);
const load = () => os.loadavg()[0].toFixed(2);
const ratio = (a, b) => Number((a / b).toFixed(2));

/** The data dir's size in MB. */
function sizeOf(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return Math.round(bytes / 1024 / 1024);
}

async function maintain(dataDir) {
  const { openDatabase } = await import('../dist/node/server/db/client.js');
  const { maintainDatabase } = await import('../dist/node/server/features/operations/index.js');
  const opened = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await maintainDatabase(opened.db);
  } finally {
    await opened.close();
  }
}

const asIs = tempDataDir();
const maintained = tempDataDir();
const servers = [];
try {
  await firstStart({}, { dataDir: asIs });
  const seeded = await seedNetwork(
    { kind: 'pglite', dataDir: asIs },
    { students: STUDENTS, settle: 'never', log: (line) => console.log(line) },
  );
  cpSync(asIs, maintained, { recursive: true });
  const before = sizeOf(maintained);
  const run = await maintain(maintained);
  const rows = [
    {
      figura: 'manutenção: VACUUM (ANALYZE) de cada tabela (s)',
      valor: Number((run.ms / 1000).toFixed(1)),
      nota: `${run.tabelas} tabelas; ${before} MB → ${sizeOf(maintained)} MB; carga ${load()}`,
    },
    {
      figura: 'manutenção: a tabela mais longa (s)',
      valor: Number((run.maiorTabela.ms / 1000).toFixed(2)),
      nota: run.maiorTabela.nome,
    },
  ];

  const year = Number(schoolToday().slice(0, 4));
  const at = [];
  for (const [name, dataDir] of [
    ['como está', asIs],
    ['depois da manutenção', maintained],
  ]) {
    const server = await npmStart({ DATA_DIR: dataDir });
    servers.push(server);
    const paths = await hotPaths(server.base, seeded.accounts, { days: seeded.dias, year });
    const problems = await checkHotPaths(server.base, paths.paths);
    if (problems.length > 0) throw new Error(`respostas erradas (${name}):\n${problems.join('\n')}`);
    at.push({ name, ...paths });
  }
  const loadBefore = load();
  for (const [name, [plain, after]] of Object.entries(await compareP50(at)))
    rows.push({
      figura: `p50 ${name} (ms)`,
      'como está': plain,
      'depois da manutenção': after,
      'razão (como está ÷ depois)': ratio(plain, after),
      nota: `carga ${loadBefore} → ${load()}`,
    });
  report(`Manutenção do PGlite, ${STUDENTS.toLocaleString('pt-BR')} alunos`, rows);
} finally {
  for (const server of servers) await server.stop();
  for (const dir of [asIs, maintained]) rmSync(dir, { recursive: true, force: true });
}

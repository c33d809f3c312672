// Issue 38: how the costs grow from one school of 5,000 students to a network of 50,000, on PGlite and
// on PostgreSQL in one run (bench/scale/network.mjs builds both networks straight in the database). For
// each database: the seed's time; the p50 of the student list, a `?q=` search, a class's roll and a
// student's boletim at 5,000 and at 50,000 (alternating rounds, both servers up) and their ratio; list and
// search ÷ /api/health (req/s, 50 connections) at 50,000; the server's memory 5 s after a start on the
// 50,000 network; then the morning rush and the heavy operations when their modules are there
// (bench/scale/rush.mjs, bench/scale/heavy.mjs), 'não medido' otherwise. Every section with its load.
//   BENCH_DB=pglite|postgres: one database · BENCH_STUDENTS (50000): the network · BENCH_SECONDS (4) ×
//   BENCH_ROUNDS (3): the latency runs · BENCH_SCALE_CONCURRENCY (4): clients in them.
import os from 'node:os';
import { compare, npmStart } from './performance.bench.mjs';
import { startPostgres } from './postgres.mjs';
import { checkHotPaths, compareP50, hotPaths } from './scale/hot-paths.mjs';
import { dropNetworkTemplates, preparedNetwork, schoolToday } from './scale/network.mjs';

const BIG = Number(process.env.BENCH_STUDENTS ?? 50_000);
const SMALL = Math.round(BIG / 10);
const fmt = (n) => n.toLocaleString('pt-BR');
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ratio = (a, b) => Number((a / b).toFixed(2));

/** The tree `npm start` makes (npm, sh, the server), its parts by name: 'npm 54 + sh 2 + node 190'. */
const parts = (memory) =>
  memory.processes.map((each) => `${each.command.split(' ')[0]} ${Math.round(each.rss)}`).join(' + ');

async function optional(file, name) {
  try {
    const module = await import(file);
    return typeof module[name] === 'function' ? module[name] : null;
  } catch (error) {
    if (error.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** The other parts' rows ({figure, value, goal, ok, detail}, as an array or in `{rows}`) in this table's columns. */
function addRows(rows, measured, section) {
  const list = Array.isArray(measured) ? measured : measured?.rows;
  if (!Array.isArray(list)) return;
  for (const row of list)
    rows.push(
      'figure' in row
        ? {
            figura: row.figure,
            [`${fmt(BIG)} alunos`]: row.value,
            meta: row.goal,
            ok: row.ok,
            nota: [row.detail, section].filter(Boolean).join('; '),
          }
        : { seção: section, ...row },
    );
}

/** The rush's rolls counted in the database itself, the server stopped (PGlite: one process at a time). */
async function countRushed(env, rush) {
  const { countRush } = await import('./scale/rush.mjs');
  const { openDatabase } = await import('../dist/node/server/db/client.js');
  const options = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
  let opened;
  // `npm start` ends before the server it started has let go of the data dir: wait for its lock.
  for (let attempt = 0; !opened; attempt++) {
    try {
      opened = await openDatabase(options);
    } catch (error) {
      if (error?.name !== 'DataDirLockedError' || attempt > 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await countRush(opened.db, rush);
  } finally {
    await opened.close();
  }
}

async function runOn(kind) {
  const pg = kind === 'postgres' ? await startPostgres() : undefined;
  if (kind === 'postgres' && !pg) {
    console.log('\nPostgreSQL não instalado (/usr/lib/postgresql/*/bin/initdb): pulado.');
    return null;
  }
  const rows = [];
  const add = (figura, small, big, razão, meta, ok, nota = '') =>
    rows.push({
      figura,
      [`${fmt(SMALL)} alunos`]: small,
      [`${fmt(BIG)} alunos`]: big,
      razão,
      meta,
      ok: ok ? 'sim' : 'NÃO',
      nota,
    });
  const log = (line) => console.log(`[${kind}] ${line}`);
  const servers = [];
  const copies = [];
  try {
    log(`semeando ${fmt(SMALL)} e ${fmt(BIG)} alunos (carga ${loadAverage()})`);
    const small = await preparedNetwork(kind, { students: SMALL, pg, log });
    copies.push(small);
    const big = await preparedNetwork(kind, { students: BIG, pg, log });
    copies.push(big);
    add(
      'semeadura (s)',
      Number(small.summary.seconds.toFixed(0)),
      Number(big.summary.seconds.toFixed(0)),
      ratio(big.summary.seconds, small.summary.seconds),
      `< 600 s`,
      big.summary.seconds < 600,
      `${fmt(big.summary.rolls)} chamadas, ${fmt(big.summary.absences)} faltas, ${fmt(big.summary.grades)} notas, ` +
        `${fmt(big.summary.mensalidades)} mensalidades; carga ${loadAverage()}`,
    );

    // Memory after a start on the big network (the server idle, nobody signed in): the RSS of the tree
    // `npm start` makes, as docs/performance.md measures it, 5 s after the first /api/health (and at 15 s).
    const bigServer = await npmStart(big.env);
    servers.push(bigServer);
    const memory = await bigServer.idleMemory();
    add(
      'memória parada 5 s após iniciar (MB, RSS da árvore)',
      '',
      memory.early,
      '',
      kind === 'pglite' ? '≤ 300 MB' : '(PGlite)',
      kind !== 'pglite' || memory.early <= 300,
      `aos 15 s ${memory.rss} MB (${parts(memory)}); início ${bigServer.startSeconds.toFixed(1)} s; carga ${loadAverage()}`,
    );
    const smallServer = await npmStart(small.env);
    servers.push(smallServer);

    const year = Number(schoolToday().slice(0, 4));
    const at = [
      {
        name: fmt(SMALL),
        ...(await hotPaths(smallServer.base, small.accounts, { days: small.summary.dias, year })),
      },
      {
        name: fmt(BIG),
        ...(await hotPaths(bigServer.base, big.accounts, { days: big.summary.dias, year, admins: 50 })),
      },
    ];
    for (const each of at) {
      const problems = await checkHotPaths(
        each.name === fmt(BIG) ? bigServer.base : smallServer.base,
        each.paths,
      );
      if (problems.length > 0) throw new Error(`respostas erradas em ${each.name}:\n${problems.join('\n')}`);
    }
    const before = loadAverage();
    const p50 = await compareP50(at);
    for (const [name, [a, b]] of Object.entries(p50))
      add(`p50 ${name} (ms)`, a, b, ratio(b, a), '≤ 1,3', b / a <= 1.3, `carga ${before} → ${loadAverage()}`);

    const cookies = at[1].adminCookies;
    const [health, list, search] = await compare([
      { url: `${bigServer.base}/api/health` },
      { url: `${bigServer.base}/api/alunos?page=1&pageSize=20`, options: { cookies } },
      { url: `${bigServer.base}/api/alunos?q=Silva&page=1&pageSize=20`, options: { cookies } },
    ]);
    for (const [name, run] of [
      ['lista pág. 1', list],
      ['busca ?q=Silva', search],
    ])
      add(
        `${name} ÷ /api/health (req/s, 50 conexões)`,
        '',
        ratio(run.rps, health.rps),
        '',
        '≥ 0,5',
        run.rps / health.rps >= 0.5,
        `${run.rps} ÷ ${health.rps} req/s; p99 ÷ p50 ${run.tail} (health ${health.tail}); carga ${loadAverage()}`,
      );
    await smallServer.stop();
    servers.splice(servers.indexOf(smallServer), 1);

    // The other parts' figures, on the 50,000 network: the morning rush and the tails on this server…
    const measureRush = await optional('./scale/rush.mjs', 'measureRush');
    const measureTails = await optional('./scale/rush.mjs', 'measureTails');
    let rush;
    for (const [fn, name] of [
      [measureRush, 'rush das 7h30'],
      [measureTails, 'caudas com a máquina ocupada'],
    ]) {
      if (!fn) rows.push({ figura: name, nota: 'não medido (bench/scale/rush.mjs ausente)' });
      else {
        const measured = await fn(bigServer, big.accounts);
        if (fn === measureRush) rush = measured;
        addRows(rows, measured, `${name}; carga ${loadAverage()}`);
      }
    }
    await bigServer.stop();
    servers.splice(servers.indexOf(bigServer), 1);
    if (rush?.expected) addRows(rows, [await countRushed(big.env, rush)], 'rush das 7h30');
    for (const copy of copies.splice(0)) await copy.cleanup();

    // …and the heavy operations on a fresh copy (they close the year and apply the rematrícula).
    const measureHeavy = await optional('./scale/heavy.mjs', 'measureHeavy');
    if (!measureHeavy)
      rows.push({ figura: 'operações pesadas', nota: 'não medido (bench/scale/heavy.mjs ausente)' });
    else {
      const fresh = await preparedNetwork(kind, { students: BIG, pg, log });
      const server = await npmStart(fresh.env);
      servers.push(server);
      try {
        addRows(
          rows,
          await measureHeavy(server, fresh.accounts),
          `operações pesadas; carga ${loadAverage()}`,
        );
      } catch (error) {
        // The network seeds this year only; before it ends there is no year to close: the heavy
        // operations then run on their own school of last year (`npm run bench -- heavy`).
        rows.push({
          figura: 'operações pesadas',
          nota: `não medido aqui: ${error.message} (rode npm run bench -- heavy)`,
        });
      } finally {
        await server.stop();
        servers.pop();
        await fresh.cleanup();
      }
    }
    return rows;
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    for (const copy of copies) await copy.cleanup().catch(() => undefined);
    await dropNetworkTemplates(pg);
    pg?.stop();
  }
}

const only = process.env.BENCH_DB;
for (const kind of ['pglite', 'postgres']) {
  if (only && only !== kind) continue;
  const rows = await runOn(kind);
  if (!rows) continue;
  console.log(
    `\n## Escala (issue 38) em ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${fmt(SMALL)} → ${fmt(BIG)} alunos, ` +
      `${os.cpus().length} núcleos, carga ao fim ${loadAverage()}`,
  );
  console.table(rows);
}

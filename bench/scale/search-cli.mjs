// The `?q=` search from 5,000 to 50,000 students, alone (not run by `npm run bench`; `npm run build` first):
//   node bench/scale/search-cli.mjs [pglite] [postgres]
// Seeds the network's people and classes at both sizes (no rolls, grades or mensalidades: the search
// reads none), prints EXPLAIN ANALYZE of the page and of the capped count for three kinds of term, then
// starts a server on each and measures the p50 of each kind in alternating rounds (bench/scale/
// hot-paths.mjs's compareP50): the bench's pairs (3 students at 5,000, 31 at 50,000), the same 100
// students at both sizes (a matrícula's beginning) and a first name alone (≈ 100 and ≈ 1,000).
import os from 'node:os';
import { rmSync } from 'node:fs';
import { firstStart, request, startServer, tempDataDir } from '../lib.mjs';
import { startPostgres } from '../postgres.mjs';
import { compareP50, sameAnswerSearch, searchTerm, signIn } from './hot-paths.mjs';
import { ADMIN_EMAIL, PASSWORDS, seedNetwork } from './network.mjs';
import { FIRST_NAMES } from './names.mjs';
import { dist } from '../school.mjs';

const SIZES = [5_000, 50_000];

/** A first name alone, spelt as it is or in lower case, with and without filters that change nothing
 * (another key of the list's caches, as sameAnswerSearch does): 384 counts before one repeats. */
const firstNameSearch = (i) => {
  const variant = Math.floor(i / FIRST_NAMES.length) % 8;
  const name = FIRST_NAMES[i % FIRST_NAMES.length];
  const term = encodeURIComponent(variant & 1 ? name.toLowerCase() : name);
  const filters = `${variant & 2 ? '&status=todos' : ''}${variant & 4 ? '&turma_id=todas' : ''}`;
  const page = 1 + (Math.floor(i / (FIRST_NAMES.length * 8)) % 5);
  return `/api/alunos?q=${term}${filters}&page=${page}&pageSize=20`;
};
const kinds = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['pglite', 'postgres'];
const load = () => os.loadavg()[0].toFixed(1);

const searchable = `(s.nome || ' ' || s.matricula || ' ' || coalesce(s.email, ''))`;
const pageSql = (term, offset = 0) => `select s.id, s.nome, c.nome from students s
  left join classes c on c.id = s.turma_id
  where ${searchable} ilike '%${term}%'
  order by (lower(s.nome) || ''), s.id limit 20 offset ${offset}`;
const countSql = (term) => `select count(*) from (select 1 from students s
  where ${searchable} ilike '%${term}%' limit 1001) t`;
const TERMS = {
  'par (Bernardo Silva)': 'Bernardo Silva',
  'matrícula (R0010)': 'R0010',
  'nome (Bernardo)': 'Bernardo',
};

async function explain(db, sql) {
  const { sql: raw } = await import('drizzle-orm');
  const result = await db.execute(raw.raw(`explain (analyze, buffers, costs off) ${sql}`));
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

async function seed(kind, students, pg) {
  if (kind === 'pglite') {
    const dataDir = tempDataDir();
    await firstStart({ ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORDS.admin }, { dataDir });
    await seedNetwork({ kind: 'pglite', dataDir }, { students, academic: false });
    return {
      options: { kind: 'pglite', dataDir },
      env: {},
      dataDir,
      drop: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `busca_${students}_${process.pid}`;
  const pgLib = (await import('pg')).default;
  const admin = new pgLib.Client({ connectionString: pg.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(pg.url), { pathname: `/${name}` }).toString();
  await firstStart({ ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORDS.admin, DATABASE_URL: url });
  await seedNetwork({ kind: 'postgres', url }, { students, academic: false });
  return {
    options: { kind: 'postgres', url },
    env: { DATABASE_URL: url },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

for (const kind of kinds) {
  const pg = kind === 'postgres' ? await startPostgres() : null;
  const made = [];
  const servers = [];
  try {
    for (const students of SIZES) {
      const started = Date.now();
      const seeded = await seed(kind, students, pg);
      made.push(seeded);
      console.log(
        `\n### ${kind} ${students}: semeado em ${((Date.now() - started) / 1000).toFixed(0)} s (carga ${load()})`,
      );
      const { openDatabase } = await dist('server/db/client.js');
      const opened = await openDatabase(seeded.options);
      try {
        for (const [label, term] of Object.entries(TERMS)) {
          await explain(opened.db, pageSql(term)); // the first run reads the pages in; the second is shown
          console.log(`\n-- ${label}: página 1\n${await explain(opened.db, pageSql(term))}`);
          console.log(`\n-- ${label}: total com teto\n${await explain(opened.db, countSql(term))}`);
        }
      } finally {
        await opened.close();
      }
    }
    for (const [index, seeded] of made.entries()) {
      const server = await startServer(seeded.env, seeded.dataDir ? { dataDir: seeded.dataDir } : {});
      servers.push(server);
      const cookie = await signIn(server.base, { email: ADMIN_EMAIL, password: PASSWORDS.admin });
      const get = (pathname) => request(server.base, pathname, { headers: { cookie } });
      servers[index].paths = {
        'par nome + sobrenome (pág. 1)': (id, i) =>
          get(`/api/alunos?q=${encodeURIComponent(searchTerm(i))}&page=1&pageSize=20`),
        'mesma resposta nos dois (matrícula R00xx, 100 alunos)': (id, i) => get(sameAnswerSearch(i)),
        'só o nome (pág. 1–5)': (id, i) => get(firstNameSearch(i)),
      };
      for (const [name, make] of Object.entries(servers[index].paths)) {
        const body = JSON.parse((await make(0, 1)).body).data;
        console.log(
          `${kind} ${SIZES[index]} ${name}: ${body.items.length} na página, total ${body.total}${body.totalCapped ? '+' : ''}`,
        );
      }
    }
    const before = load();
    const p50 = await compareP50(
      servers.map((server, index) => ({ name: String(SIZES[index]), paths: server.paths })),
    );
    console.log(`\n## ${kind}: p50 (ms) 5.000 → 50.000, carga ${before} → ${load()}`);
    for (const [name, [a, b]] of Object.entries(p50))
      console.log(`${name}: ${a} → ${b} = ${(b / a).toFixed(2)}`);
  } finally {
    for (const server of servers) await server.stop();
    for (const seeded of made) await seeded.drop();
    pg?.stop();
  }
}

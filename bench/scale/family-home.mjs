// Issue 38: the family's home at 5,000 and at 50,000 students — each call's p50, the two schools up at
// once and asked in alternating order (not run by `npm run bench`; run `npm run build` first):
//   node bench/scale/family-home.mjs [pglite|postgres] [families = 30] [rounds = 3]
// Before/after in one run (issue 38, s40-f1-familia): one network of FAMILY_HOME_STUDENTS (5,000), two
// copies, served by two checkouts' builds (`npm run build` in each), asked in alternating order as above.
// The network is seeded by the checkout the script runs from, so run it from the older one (a newer
// server migrates its copy forward; an older one refuses a newer database):
//   FAMILY_HOME_ROOTS=/tmp/antes,/work/depois node /tmp/antes/bench/scale/family-home.mjs pglite 30 3
// `measureFamilyHome(small, large, families)` is the measure, for a bench that already has both servers
// up: `small` and `large` are `{ base, families: [{ email, password }] }`. Each family asks what its phone
// asks when the home opens (family-home.tsx and the bell: `me`, the guardian's stats, the feed, the
// bell's count); one warm-up round, then `rounds` rounds, 5,000 first in odd rounds, 50,000 first in even
// ones. The row 'início inteiro' is the p50 of the four calls' sum per family and round.
import os from 'node:os';
import { percentile, request, startServer } from '../lib.mjs';
import { startPostgres } from '../postgres.mjs';
import { dropNetworkTemplates, preparedNetwork } from './network.mjs';

export const FAMILY_HOME = [
  '/api/auth/me',
  '/api/dashboard/stats',
  '/api/familia/feed',
  '/api/notificacoes/contagem',
];

async function signIn(base, families) {
  const cookies = [];
  for (const { email, password } of families) {
    const answer = await request(base, '/api/auth/login', { method: 'POST', body: { email, password } });
    if (answer.status !== 200) throw new Error(`login de ${email}: ${answer.status} ${answer.body}`);
    cookies.push(String(answer.headers['set-cookie']).split(';')[0]);
  }
  return cookies;
}

const p50 = (latencies) =>
  percentile(
    [...latencies].sort((a, b) => a - b),
    50,
  );

export async function measureFamilyHome(
  small,
  large,
  { families = 30, rounds = 3, labels = ['5.000', '50.000'] } = {},
) {
  const schools = [small, large];
  const cookies = await Promise.all(
    schools.map((school) => signIn(school.base, school.families.slice(0, families))),
  );
  // times[path][school]: one latency per family and round (the warm-up round left out).
  const times = FAMILY_HOME.map(() => [[], []]);
  let errors = 0;
  for (let round = 0; round <= rounds; round++)
    for (let family = 0; family < families; family++)
      for (const [index, pathname] of FAMILY_HOME.entries())
        for (const school of round % 2 === 1 ? [0, 1] : [1, 0]) {
          const answer = await request(schools[school].base, pathname, {
            headers: { cookie: cookies[school][family] },
          });
          if (answer.status !== 200) errors++;
          if (round > 0) times[index][school].push(answer.ms);
        }
  const row = (figura, [a, b]) => ({
    figura,
    [`${labels[0]} p50 (ms)`]: Number(a.toFixed(1)),
    [`${labels[1]} p50 (ms)`]: Number(b.toFixed(1)),
    razão: Number((b / a).toFixed(2)),
  });
  const rows = FAMILY_HOME.map((pathname, index) => row(pathname, times[index].map(p50)));
  const sums = [0, 1].map((school) =>
    times[0][school].map((_, k) =>
      FAMILY_HOME.reduce((sum, _path, index) => sum + times[index][school][k], 0),
    ),
  );
  rows.push(row('início inteiro (soma das 4)', sums.map(p50)));
  return { rows, errors, requests: families * rounds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] ?? 'pglite';
  const families = Number(process.argv[3] ?? 30);
  const rounds = Number(process.argv[4] ?? 3);
  const pg = kind === 'postgres' ? await startPostgres() : undefined;
  const networks = [];
  const servers = [];
  const roots = process.env.FAMILY_HOME_ROOTS?.split(',');
  const abStudents = Number(process.env.FAMILY_HOME_STUDENTS ?? 5_000);
  try {
    for (const [index, students] of (roots ? [abStudents, abStudents] : [5_000, 50_000]).entries()) {
      const network = await preparedNetwork(kind, { students, pg });
      networks.push(network);
      const serverRoot = roots ? { serverRoot: roots[index] } : {};
      servers.push(
        await startServer(network.env, {
          ...(network.dataDir ? { dataDir: network.dataDir } : {}),
          ...serverRoot,
        }),
      );
    }
    const before = os.loadavg()[0];
    const { rows, errors, requests } = await measureFamilyHome(
      { base: servers[0].base, families: networks[0].accounts.families },
      { base: servers[1].base, families: networks[1].accounts.families },
      { families, rounds, ...(roots ? { labels: ['antes', 'depois'] } : {}) },
    );
    console.log(
      `${kind}: ${requests} inícios de família por escola; erros ${errors}; carga ${before.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
    );
    console.table(rows);
  } finally {
    for (const server of servers) await server.stop();
    for (const network of networks) await network.cleanup();
    await dropNetworkTemplates(pg);
    pg?.stop();
  }
}

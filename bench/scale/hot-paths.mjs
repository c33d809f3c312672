// The four requests issue 38 follows from 5,000 to 50,000 students, as the screens send them: the
// student list (page 1), a `?q=` search, a class's roll (the teacher's roll-call screen) and a student's
// boletim (the family's boletim screen). Each request of a run goes to another class, student or name,
// so a page cache does not hide what a request costs.
import { load, request } from '../lib.mjs';
import { FIRST_NAMES, SURNAMES } from './names.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Clients at once in the latency runs: a few people at a time, not a load test. */
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 4);
/** How many different teachers and families each server's runs go round. */
const PEOPLE = 24;

export async function signIn(base, { email, password }) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (response.status !== 200) throw new Error(`login ${email} ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

/** `count` entries spread over the list (not its first ones: the classes of one série, one unit). */
const spread = (list, count) =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor((i * list.length) / count)]);

/**
 * Signs in on `base` the network's administrator (`admins` sessions), PEOPLE teachers and PEOPLE
 * families, and returns the `make(id, i)` of each hot path. `days`: school days with rolls, to open.
 */
export async function hotPaths(base, accounts, { days, year, admins = 1 }) {
  const adminCookies = [];
  for (let i = 0; i < admins; i++) adminCookies.push(await signIn(base, accounts.admin));
  const teachers = [];
  for (const teacher of spread(accounts.teachers, PEOPLE))
    teachers.push({ ...teacher, cookie: await signIn(base, teacher) });
  const families = [];
  const withBoletim = accounts.families.filter((family) => family.nivel !== 'Educação Infantil');
  for (const family of spread(withBoletim, PEOPLE))
    families.push({ ...family, cookie: await signIn(base, family) });
  const recent = days.slice(-40);
  const get = (pathname, cookie) => request(base, pathname, { headers: { cookie } });
  const admin = (i) => adminCookies[i % adminCookies.length];
  return {
    adminCookies,
    paths: {
      'lista de alunos, pág. 1': (id, i) => get('/api/alunos?page=1&pageSize=20', admin(i)),
      // A first name and a surname, going round 48 × 36 of them: more than the list's cache holds (200
      // pages), so every search is computed; the page 1 above is the cached one the screen opens on.
      'busca ?q= (nome e sobrenome)': (id, i) =>
        get(`/api/alunos?q=${encodeURIComponent(searchTerm(i))}&page=1&pageSize=20`, admin(i)),
      // The same 100 students at both sizes, a full page (beside the pairs above, whose answer grows).
      'busca ?q= (mesma resposta nos dois: matrícula R00xx)': (id, i) => get(sameAnswerSearch(i), admin(i)),
      'chamada de uma turma': (id, i) => {
        const teacher = teachers[i % teachers.length];
        const data = recent[(i * 13) % recent.length];
        const lesson =
          teacher.modo === 'por_aula' ? `&disciplina=${encodeURIComponent(teacher.disciplina)}&aula=1` : '';
        return get(`/api/frequencia/turmas/${teacher.turmaId}?data=${data}${lesson}`, teacher.cookie);
      },
      'boletim de um aluno': (id, i) => {
        const family = families[i % families.length];
        return get(`/api/boletins/alunos/${family.alunoId}?ano=${year}`, family.cookie);
      },
    },
  };
}

/** A first name and a surname: ≈ 3 students at 5,000 (the page never fills), ≈ 31 at 50,000 (it does). */
export const searchTerm = (i) =>
  `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`;

/**
 * The same answer at both sizes: the beginning of a matrícula (the network numbers them R000001,
 * R000002…), `R0010` to `R0049`, finds the same 100 students at 5,000 and at 50,000 — a full page and a
 * count of 100 in both. The term in either case, with and without `status=todos` and `turma_id=todas`
 * (the same filter, another key of the list's caches), on pages 1–5 in either order: 320 totals and
 * 3,200 pages before one repeats, more than the caches' 200 entries, so every page and every count is
 * computed. What a search costs at 50,000 beyond what the same answer costs at 5,000.
 */
export const sameAnswerSearch = (i) => {
  const variant = Math.floor(i / 40) % 8;
  const term = `${variant & 1 ? 'r' : 'R'}00${10 + (i % 40)}`;
  const filters = `${variant & 2 ? '&status=todos' : ''}${variant & 4 ? '&turma_id=todas' : ''}`;
  const page = 1 + (Math.floor(i / 320) % 5);
  const order = Math.floor(i / 1600) % 2 === 0 ? 'asc' : 'desc';
  return `/api/alunos?q=${term}${filters}&page=${page}&pageSize=20&sort=nome&order=${order}`;
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * p50 of every hot path on every server, in alternating rounds (path × server, round after round) so a
 * change in the machine's load falls on all alike; the median round's p50 per path and server.
 * `servers`: [{ name, paths }] (from hotPaths). Throws on any error answer.
 */
export async function compareP50(servers) {
  const names = Object.keys(servers[0].paths);
  const results = Object.fromEntries(names.map((name) => [name, servers.map(() => [])]));
  // Warm-up: JIT, every session's first lookup, the database's caches of the small tables.
  for (const name of names)
    for (const server of servers)
      await load({ concurrency: CONCURRENCY, seconds: 1, make: server.paths[name] });
  for (let round = 0; round < ROUNDS; round++)
    for (const name of names)
      for (const [index, server] of servers.entries()) {
        const run = await load({ concurrency: CONCURRENCY, seconds: SECONDS, make: server.paths[name] });
        if (run.errors > 0)
          throw new Error(`${name} em ${server.name}: ${run.errors} erros de ${run.requests}`);
        results[name][index].push(run.p50);
      }
  return Object.fromEntries(names.map((name) => [name, results[name].map((p50s) => median(p50s))]));
}

/** One request of each hot path, to check it answers what the screen needs (not only 200). */
export async function checkHotPaths(base, paths) {
  const problems = [];
  for (const [name, make] of Object.entries(paths)) {
    const response = await make(0, 1);
    if (response.status !== 200) problems.push(`${name}: ${response.status} ${response.body.slice(0, 200)}`);
    else {
      const body = JSON.parse(response.body);
      const data = body.data ?? body;
      const size = Array.isArray(data) ? data.length : (data.alunos?.length ?? data.disciplinas?.length ?? 1);
      if (size === 0) problems.push(`${name}: resposta vazia ${response.body.slice(0, 200)}`);
    }
  }
  return problems;
}

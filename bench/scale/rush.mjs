// Issue 38: the 7:30 rush and the tails on a busy machine, measured against a running server.
//   measureRush(server, accounts): 150 teachers save their class's first roll of the day within the same
//     60 s (each at a seeded random moment, as the roll-call screen sends it: the roll read, then the PUT
//     with base null and an Idempotency-Key) while 1,000 family sessions open the home (me, stats, feed,
//     the bell's count and its event stream) and poll the bell every 30 s; before it, the same saves one
//     at a time on the idle server (the baseline p50). Afterwards every roll is read back through the API;
//     `countRush(database, expected)` counts them in the database itself (call it with the server stopped
//     on PGlite).
//   measureTails(server, accounts): 50 connections on the student list and `?q=` while other work runs
//     (two CPU-busy processes besides the server's own jobs), in rounds alternating with /api/health.
// `server` is `{ base }`; `accounts` is bench/scale/network.mjs's: `{ admin, teachers: [{ email,
// password, turmaId, alunos, disciplina? }], families: [{ email, password, alunoId }] }` — the first 150
// teachers and 1,000 families take part; teachers 151–300, when there are, give the idle baseline.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { percentile, request } from '../lib.mjs';

export const RUSH_SECONDS = Number(process.env.RUSH_SECONDS ?? 60);
/** The family's bell: polled every 30 s besides its stream (notificacoes.api.ts, POLL_MS). */
const BELL_POLL_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A seeded generator (the same moments and absences on every run). */
export function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// Every session's requests over one keep-alive pool without a ceiling: 1,150 people are 1,150 browsers,
// and a client-side queue (lib.mjs's agent stops at 256 sockets) would show up as server latency.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** lib.mjs's request over this pool: { status, headers, body, ms }. */
const send = (base, pathname, options = {}) => request(base, pathname, { ...options, agent });

/** Signs everyone in, a few at a time (argon2 takes ~50 ms of a core each); cookies in order. */
export async function signInAll(base, people, parallel = 4) {
  const cookies = new Array(people.length);
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const index = next++;
      const { email, password } = people[index];
      const answer = await send(base, '/api/auth/login', { method: 'POST', body: { email, password } });
      if (answer.status !== 200) throw new Error(`login de ${email}: ${answer.status} ${answer.body}`);
      cookies[index] = String(answer.headers['set-cookie']).split(';')[0];
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return cookies;
}

/** p50 / p99 / max (ms) of a list of latencies, and how many. */
function stats(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const fixed = (value) => Number(value.toFixed(1));
  return {
    n: sorted.length,
    p50: fixed(percentile(sorted, 50)),
    p99: fixed(percentile(sorted, 99)),
    max: fixed(sorted.at(-1) ?? 0),
  };
}

/**
 * The day the rush saves (the last school day up to today) and the one before it (the baseline's), read
 * from the class's roll-call answer: `dia.letivo` says whether a date is a school day.
 */
async function schoolDays(base, cookie, teacher) {
  const lesson = teacher.disciplina ? `&disciplina=${encodeURIComponent(teacher.disciplina)}&aula=1` : '';
  const days = [];
  const day = new Date();
  for (let i = 0; i < 40 && days.length < 2; i++, day.setUTCDate(day.getUTCDate() - 1)) {
    const iso = day.toISOString().slice(0, 10);
    const answer = await send(base, `/api/frequencia/turmas/${teacher.turmaId}?data=${iso}${lesson}`, {
      headers: { cookie },
    });
    if (answer.status !== 200) continue;
    const roll = JSON.parse(answer.body).data;
    if (roll.dia.letivo && roll.bloqueio === null) days.push(iso);
  }
  if (days.length < 2) throw new Error('não achei dois dias letivos para a chamada nos últimos 40 dias');
  return { rushDate: days[0], baselineDate: days[1] };
}

/**
 * The roll-call screen's save: the roll read, then the PUT of its absences (base null: not taken yet).
 * The absent are picked from the roll read (about one in twenty, seeded); a per-lesson class
 * (network.mjs's `disciplina`) saves its first lesson of the day.
 */
async function takeRoll(base, cookie, teacher, data, next) {
  const lesson = teacher.disciplina ? `&disciplina=${encodeURIComponent(teacher.disciplina)}&aula=1` : '';
  const read = await send(base, `/api/frequencia/turmas/${teacher.turmaId}?data=${data}${lesson}`, {
    headers: { cookie },
  });
  if (read.status !== 200) return { read, saved: read, roster: 0, faltas: [] };
  const faltas = JSON.parse(read.body)
    .data.alunos.filter(() => next() < 0.05)
    .map((aluno) => aluno.id);
  const saved = await send(base, `/api/frequencia/turmas/${teacher.turmaId}`, {
    method: 'PUT',
    headers: { cookie, 'idempotency-key': randomUUID() },
    body: {
      data,
      ...(teacher.disciplina ? { disciplina: teacher.disciplina, aula: 1 } : {}),
      faltas: faltas.map((aluno_id) => ({ aluno_id })),
      base: null,
    },
  });
  let roster = 0;
  if (saved.status === 200) roster = JSON.parse(saved.body).data.alunos.length;
  return { read, saved, roster, faltas };
}

/** What a family's phone asks when the home opens (family-home.tsx, the bell) — the stream aside. */
const HOME = ['/api/auth/me', '/api/dashboard/stats', '/api/familia/feed', '/api/notificacoes/contagem'];

/**
 * The bell's event stream as EventSource opens it: resolves with the status once the headers arrive;
 * `close()` ends it. Its own connection (the server closes it with the stream).
 */
function openStream(base, cookie) {
  let req;
  const opened = new Promise((resolve) => {
    req = http.get(
      new URL('/api/notificacoes/stream', base),
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on('error', () => resolve('erro'));
  });
  return { opened, close: () => req.destroy() };
}

/**
 * The kernel's count of connections dropped because a listening socket's accept queue was full
 * (/proc/net/netstat, TcpExt ListenOverflows): machine-wide, so other processes' drops count too.
 */
export function listenOverflows() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = lines.findIndex((line) => line.startsWith('TcpExt:'));
    const names = lines[header].split(' ');
    const values = lines[header + 1].split(' ');
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return NaN;
  }
}

/** Runs `work(i)` for every i at its moment `at[i]` (ms from now); resolves when all have finished. */
function atMoments(at, work) {
  return Promise.all(at.map((ms, i) => sleep(ms).then(() => work(i))));
}

export const RUSH_TEACHERS = 150;
export const RUSH_FAMILIES = 1_000;

export async function measureRush(server, accounts, { seed = 7_30 } = {}) {
  const { base } = server;
  const teachers = accounts.teachers.slice(0, RUSH_TEACHERS);
  const families = accounts.families.slice(0, RUSH_FAMILIES);
  // The idle baseline: other classes' first rolls of the same day when the school has them (the
  // network), else the same classes' rolls of the school day before.
  const others = accounts.teachers.slice(RUSH_TEACHERS, 2 * RUSH_TEACHERS);
  const baselineTeachers = others.length === RUSH_TEACHERS ? others : teachers;
  const next = random(seed);
  const teacherCookies = await signInAll(base, teachers);
  const baselineCookies =
    baselineTeachers === teachers ? teacherCookies : await signInAll(base, baselineTeachers);
  const familyCookies = await signInAll(base, families);
  const { rushDate, baselineDate } = await schoolDays(base, teacherCookies[0], teachers[0]);
  const idleDate = baselineTeachers === teachers ? baselineDate : rushDate;

  // 1. The idle server: the same saves one at a time.
  const idle = [];
  let idleErrors = 0;
  for (const [i, teacher] of baselineTeachers.entries()) {
    const { saved } = await takeRoll(base, baselineCookies[i], teacher, idleDate, next);
    if (saved.status !== 200) idleErrors++;
    idle.push(saved.ms);
  }

  // 2. The rush: every teacher at a random moment of the same minute, the families over it.
  const expected = new Map();
  const saves = [];
  const reads = [];
  const saveErrors = [];
  const rosters = [];
  const family = { home: [], bell: [], errors: 0, kinds: new Map(), streams: { 200: 0, 503: 0, other: 0 } };
  const failed = (kind) => {
    family.errors++;
    family.kinds.set(kind, (family.kinds.get(kind) ?? 0) + 1);
  };
  const windowMs = RUSH_SECONDS * 1000;
  const until = Date.now() + windowMs + 10_000;
  const teacherAt = teachers.map(() => next() * windowMs);
  const familyAt = families.map(() => next() * windowMs);
  const streams = [];
  const loadBefore = os.loadavg()[0];
  const overflowsBefore = listenOverflows();

  const teacherWork = async (i) => {
    const teacher = teachers[i];
    try {
      const { read, saved, roster, faltas } = await takeRoll(
        base,
        teacherCookies[i],
        teacher,
        rushDate,
        next,
      );
      expected.set(teacher.turmaId, faltas);
      reads.push(read.ms);
      saves.push(saved.ms);
      rosters.push(roster);
      if (saved.status !== 200 || read.status !== 200)
        saveErrors.push(`${saved.status}: ${saved.body.slice(0, 200)}`);
    } catch (error) {
      saveErrors.push(String(error));
    }
  };
  const familyWork = async (j) => {
    const cookie = familyCookies[j];
    const stream = openStream(base, cookie);
    streams.push(stream);
    const ask = async (pathname, into) => {
      try {
        const answer = await send(base, pathname, { headers: { cookie } });
        into.push(answer.ms);
        if (answer.status >= 400) failed(`${answer.status} ${pathname}`);
      } catch (error) {
        failed(`${error.code ?? error.message} ${pathname}`);
      }
    };
    await Promise.all(HOME.map((pathname) => ask(pathname, family.home)));
    const status = await stream.opened;
    family.streams[status === 200 || status === 503 ? status : 'other']++;
    while (Date.now() + BELL_POLL_MS < until) {
      await sleep(BELL_POLL_MS);
      await ask('/api/notificacoes/contagem', family.bell);
    }
  };
  const started = Date.now();
  await Promise.all([atMoments(teacherAt, teacherWork), atMoments(familyAt, familyWork)]);
  const rushSeconds = ((Date.now() - started) / 1000).toFixed(0);
  for (const stream of streams) stream.close();
  const loadAfter = os.loadavg()[0];
  const overflows = listenOverflows() - overflowsBefore;

  // 3. Read back through the API: each roll of the rush's day has exactly the absences sent.
  let apiMismatches = 0;
  for (const [i, teacher] of teachers.entries()) {
    const lesson = teacher.disciplina ? `&disciplina=${encodeURIComponent(teacher.disciplina)}&aula=1` : '';
    const answer = await send(base, `/api/frequencia/turmas/${teacher.turmaId}?data=${rushDate}${lesson}`, {
      headers: { cookie: teacherCookies[i] },
    });
    const roll = JSON.parse(answer.body).data;
    const absent = roll.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.id);
    const sent = expected.get(teacher.turmaId);
    if (!sent) {
      apiMismatches++;
      continue;
    }
    if (!roll.chamada || absent.length !== sent.length || sent.some((id) => !absent.includes(id)))
      apiMismatches++;
  }

  const idleStats = stats(idle);
  const rushStats = stats(saves);
  const limit = 10 * idleStats.p50;
  const homeStats = stats(family.home);
  const bellStats = stats(family.bell);
  const load = `carga ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`;
  const rows = [
    {
      figure: 'chamada salva, servidor ocioso (1 por vez)',
      value: `p50 ${idleStats.p50} ms`,
      goal: 'base',
      ok: idleErrors === 0 ? 'sim' : 'NÃO',
      detail: `p99 ${idleStats.p99} ms, máx. ${idleStats.max} ms, ${idleStats.n} chamadas (${idleDate}), ${idleErrors} erros`,
    },
    {
      figure: `rush: ${teachers.length} chamadas (turmas de ${Math.min(...rosters)}–${Math.max(...rosters)}) em ${RUSH_SECONDS} s + ${families.length} famílias, p99`,
      value: `${rushStats.p99} ms`,
      goal: `≤ 10 × p50 ocioso (${limit.toFixed(0)} ms)`,
      ok: rushStats.p99 <= limit ? 'sim' : 'NÃO',
      detail: `p50 ${rushStats.p50} ms, máx. ${rushStats.max} ms; leitura da chamada p50 ${stats(reads).p50} / p99 ${stats(reads).p99} ms; ${rushSeconds} s; ${load}`,
    },
    {
      figure: 'rush: erros nas chamadas',
      value: saveErrors.length,
      goal: '0',
      ok: saveErrors.length === 0 ? 'sim' : 'NÃO',
      detail: saveErrors.slice(0, 3).join(' | ') || `${saves.length} salvas`,
    },
    {
      figure: 'rush: chamadas relidas pela API',
      value: `${teachers.length - apiMismatches}/${teachers.length}`,
      goal: 'todas, faltas iguais às enviadas',
      ok: apiMismatches === 0 ? 'sim' : 'NÃO',
      detail: `dia ${rushDate}`,
    },
    {
      figure: 'famílias: início (me, stats, feed, sino), p50 / p99',
      value: `${homeStats.p50} / ${homeStats.p99} ms`,
      goal: 'medido',
      ok: family.errors === 0 ? 'sim' : 'NÃO',
      detail: `${homeStats.n} pedidos; sino a cada 30 s p50 ${bellStats.p50} / p99 ${bellStats.p99} ms (${bellStats.n}); ${family.errors} erros${family.errors ? ` (${[...family.kinds].map(([kind, n]) => `${kind}: ${n}`).join(', ')})` : ''}; streams ${family.streams[200]} abertos, ${family.streams[503]} recusados (503, teto), ${family.streams.other} outros; conexões descartadas pelo kernel (fila de accept cheia, a máquina toda): ${overflows}`,
    },
  ];
  return { rows, rushDate, expected };
}

/**
 * Counts the rush's day in the database (`db` a Drizzle database: the server stopped on PGlite): a roll
 * per class, and per roll exactly the absences sent — none lost, none doubled.
 */
export async function countRush(db, { rushDate, expected }) {
  const { sql } = await import('drizzle-orm');
  const ids = [...expected.keys()];
  const result = await db.execute(sql`
    select r.turma_id, count(distinct r.id)::int as rolls, count(a.id)::int as absences,
           count(distinct a.aluno_id)::int as distinct_students,
           coalesce(array_agg(a.aluno_id::text) filter (where a.id is not null), '{}') as alunos
      from attendance_rolls r left join attendance_absences a on a.chamada_id = r.id
     where r.data = ${rushDate} and r.turma_id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     group by r.turma_id`);
  const rows = result.rows ?? result;
  let lost = 0;
  let doubled = 0;
  let wrong = 0;
  const byClass = new Map(rows.map((row) => [row.turma_id, row]));
  for (const [turmaId, sent] of expected) {
    const row = byClass.get(turmaId);
    if (!row) {
      lost++;
      continue;
    }
    if (row.rolls > 1 || row.absences !== row.distinct_students) doubled++;
    const stored = new Set(row.alunos);
    if (stored.size !== sent.length || sent.some((id) => !stored.has(id))) wrong++;
  }
  const absencesSent = [...expected.values()].reduce((total, list) => total + list.length, 0);
  const absencesStored = rows.reduce((total, row) => total + row.absences, 0);
  return {
    figure: 'rush: contado no banco depois',
    value: `${rows.length} chamadas, ${absencesStored} faltas`,
    goal: `${expected.size} chamadas, ${absencesSent} faltas; 0 perdidas, 0 dobradas`,
    ok: lost === 0 && doubled === 0 && wrong === 0 && rows.length === expected.size ? 'sim' : 'NÃO',
    detail: `${lost} perdidas, ${doubled} dobradas, ${wrong} com faltas diferentes das enviadas (dia ${rushDate})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Tails on a busy machine.

/** 'Other work' on the machine: `count` processes spinning a core each until stopped. */
export function busyProcesses(count = 2) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
  return () => {
    for (const child of children) child.kill('SIGKILL');
  };
}

export async function measureTails(server, accounts, { busy = 2 } = {}) {
  const { compare } = await import('../performance.bench.mjs');
  const { base } = server;
  const admins = Array.from({ length: 50 }, () => accounts.admin);
  const cookies = await signInAll(base, admins);
  const stop = busyProcesses(busy);
  const loadBefore = os.loadavg()[0];
  let health, page, search;
  try {
    [health, page, search] = await compare([
      { url: `${base}/api/health` },
      { url: `${base}/api/alunos?page=1&pageSize=20`, options: { cookies } },
      { url: `${base}/api/alunos?q=Silva&page=1&pageSize=20`, options: { cookies } },
    ]);
  } finally {
    stop();
  }
  const load = `carga ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}, ${busy} processos ocupados`;
  const ratio = (a, b) => Number((a / b).toFixed(2));
  return [
    {
      figure: 'caudas: p99 ÷ p50, lista pág. 1 (50 conexões, máquina ocupada)',
      value: page.tail,
      goal: '≤ 3',
      ok: page.tail <= 3 ? 'sim' : 'NÃO',
      detail: `p50 ${page.p50} ms, p99 ${page.p99} ms, ${page.rps} req/s; ${load}`,
    },
    {
      figure: 'caudas: p99 ÷ p50, ?q=Silva',
      value: search.tail,
      goal: '≤ 3',
      ok: search.tail <= 3 ? 'sim' : 'NÃO',
      detail: `p50 ${search.p50} ms, p99 ${search.p99} ms, ${search.rps} req/s`,
    },
    {
      figure: 'caudas: p99 lista ÷ p99 /api/health',
      value: ratio(page.p99, health.p99),
      goal: '≤ 1,5',
      ok: page.p99 / health.p99 <= 1.5 ? 'sim' : 'NÃO',
      detail: `health p50 ${health.p50} ms, p99 ${health.p99} ms, ${health.rps} req/s (p99 ÷ p50 ${health.tail})`,
    },
  ];
}

// The heavy one-shot operations of a big school (issue 38): closing the year, applying the rematrícula,
// the census file and a full backup, each run once against a running server while its memory (RSS of
// the server's process, read from /proc every 100 ms) is sampled. `measureHeavy(server, accounts)`
// returns one row per operation: how long it took, the server's idle RSS before the first one, the peak
// during it, their ratio (goal ≤ 2) and what the person who started it sees meanwhile.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { request } from '../lib.mjs';

const MB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The RSS of a process in bytes (VmRSS of /proc/<pid>/status); 0 once it is gone. */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples `pid`'s RSS every 100 ms until stop(); stop() resolves to the peak. */
export function sampleRss(pid, everyMs = 100) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

/** The idle RSS: the median of ten samples over a second with nothing asked of the server. */
export async function idleRss(pid) {
  const samples = [];
  for (let i = 0; i < 10; i++) {
    samples.push(rssOf(pid));
    await sleep(100);
  }
  samples.sort((a, b) => a - b);
  return samples[5];
}

async function signIn(base, { email, password }) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body.slice(0, 200)}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

async function json(base, cookie, method, pathname, body) {
  const response = await request(base, pathname, { method, headers: { cookie }, body });
  if (response.status >= 400)
    throw new Error(`${method} ${pathname}: ${response.status} ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body).data;
}

/**
 * A download read as a browser would, counting bytes and never keeping them: resolves to the bytes,
 * the Content-Length announced (a browser shows a progress bar only with it) and when the first byte came.
 */
function download(base, pathname, { method = 'GET', cookie, body }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(pathname, base),
      {
        method,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let bytes = 0;
        let firstByte = null;
        const head = [];
        res.on('data', (chunk) => {
          firstByte ??= performance.now() - started;
          if (bytes < 300) head.push(chunk.subarray(0, 300));
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode >= 400)
            reject(new Error(`${method} ${pathname}: ${res.statusCode} ${Buffer.concat(head).toString()}`));
          else
            resolve({
              bytes,
              length: res.headers['content-length'] ?? null,
              firstByteMs: Math.round(firstByte ?? 0),
            });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * The last school year that has ended and is not yet re-enrolled (the year a secretary closes in
 * December or January).
 */
async function yearToClose(base, cookie) {
  const today = new Date().toISOString().slice(0, 10);
  const years = (await json(base, cookie, 'GET', '/api/anos-letivos')).filter((year) => year.fim < today);
  years.sort((a, b) => b.ano - a.ano);
  if (years.length === 0) throw new Error('nenhum ano letivo terminado para encerrar');
  return years[0];
}

/** Runs `operation` while sampling the server's RSS; returns its row (and whatever it returned). */
async function measured(server, idle, name, operation) {
  const before = rssOf(server.pid);
  const sampler = sampleRss(server.pid);
  const started = performance.now();
  let outcome;
  try {
    outcome = await operation();
  } catch (error) {
    // Named in the table, not hidden: the next operations still run while the server is up.
    const alive = rssOf(server.pid) > 0;
    outcome = {
      progresso: '—',
      resultado: `FALHOU: ${String(error.message ?? error).slice(0, 200)}${alive ? '' : ' (o servidor caiu)'}`,
    };
  }
  const { progresso, resultado } = outcome;
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  return {
    operação: name,
    segundos: Number(seconds.toFixed(1)),
    'memória ociosa': `${Math.round(idle / MB)} MB`,
    antes: `${Math.round(before / MB)} MB`,
    pico: `${Math.round(peak / MB)} MB`,
    razão: Number((peak / idle).toFixed(2)),
    meta: peak / idle <= 2 ? 'ok' : 'NÃO',
    progresso,
    resultado,
  };
}

/** Follows a background operation's progress resource until it ends; returns the last state and the steps seen. */
async function follow(base, cookie, pathname) {
  let seen = 0;
  for (let i = 0; i < 36_000; i++) {
    // A poll that meets a keep-alive socket the server just closed is asked again.
    const state = await json(base, cookie, 'GET', pathname).catch((error) => {
      if (error.code !== 'ECONNRESET') throw error;
      return json(base, cookie, 'GET', pathname);
    });
    if (state.feitos > 0 && state.feitos < state.total) seen++;
    if (state.status === 'concluida' || state.status === 'falhou') return { state, seen };
    await sleep(1000);
  }
  throw new Error(`${pathname}: não terminou em 5 h`);
}

/**
 * The four operations, in the order a school does them, on `server` ({ base, pid }) signed in as
 * `accounts.admin` ({ email, password }), which must hold the Direção's permissions.
 */
/**
 * BENCH_HEAVY names the operations to run (comma-separated: encerrar, rematricula, censo, censo-direto,
 * backup); all but the direct census download by default. `censo` is the census file as a background
 * task (issue 38, ADR 0063): started, followed to the end, then downloaded; `censo-direto` the old
 * synchronous route, now streamed too.
 */
const OPERATIONS = (process.env.BENCH_HEAVY ?? 'encerrar,rematricula,censo,backup').split(',');

export async function measureHeavy(server, accounts) {
  const { base } = server;
  const cookie = await signIn(base, accounts.admin);
  const year = await yearToClose(base, cookie);
  const url = `/api/anos-letivos/${year.id}`;
  const idle = await idleRss(server.pid);
  const rows = [];

  const task = async (pathname, body) => {
    const response = await request(base, pathname, { method: 'POST', headers: { cookie }, body });
    if (response.status !== 202)
      throw new Error(`POST ${pathname}: ${response.status} ${response.body.slice(0, 300)}`);
    const started = JSON.parse(response.body).data;
    const { state, seen } = await follow(base, cookie, started.url);
    if (state.status !== 'concluida') throw new Error(`${pathname}: ${state.erro}`);
    return { state, seen };
  };
  const progressOf = (seen, state) =>
    `tarefa em segundo plano, ${seen} leituras do progresso no meio; no fim: “${state.mensagem}”`;

  if (OPERATIONS.includes('encerrar'))
    rows.push(
      await measured(server, idle, `Encerrar o ano letivo ${year.ano}`, async () => {
        const { state, seen } = await task(`${url}/encerrar?segundo_plano=true`);
        return { progresso: progressOf(seen, state), resultado: JSON.stringify(state.resultado.situacoes) };
      }),
    );
  console.log(rows.at(-1));

  if (OPERATIONS.includes('rematricula'))
    rows.push(
      await measured(server, idle, `Aplicar a rematrícula ${year.ano} → ${year.ano + 1}`, async () => {
        const { state, seen } = await task(`${url}/rematricula?segundo_plano=true`, {
          turmas: [],
          alunos: [],
        });
        return { progresso: progressOf(seen, state), resultado: JSON.stringify(state.resultado.contagem) };
      }),
    );
  console.log(rows.at(-1));

  if (OPERATIONS.includes('censo')) {
    rows.push(
      await measured(server, idle, `Arquivo do Censo ${year.ano} (matrícula inicial), tarefa`, async () => {
        const { state, seen } = await task(`/api/censo/${year.ano}/tarefas`, { etapa: 'matricula-inicial' });
        const file = await download(base, `${state.arquivo.url}?forcar=true`, { cookie });
        return {
          progresso: `${progressOf(seen, state)}; download ${file.length ?? '?'} bytes anunciados, 1º byte em ${file.firstByteMs} ms`,
          resultado: `${Math.round(file.bytes / 1024)} KiB, ${state.total} linhas, ${state.pendencias_total} pendências`,
        };
      }),
    );
    console.log(rows.at(-1));
  }

  if (OPERATIONS.includes('censo-direto')) {
    rows.push(
      await measured(server, idle, `Arquivo do Censo ${year.ano} (matrícula inicial), direto`, async () => {
        const file = await download(base, `/api/censo/${year.ano}/matricula-inicial?forcar=true`, { cookie });
        return {
          progresso: file.length
            ? `download com tamanho anunciado (${file.length} bytes); 1º byte em ${file.firstByteMs} ms`
            : `download sem tamanho anunciado; 1º byte em ${file.firstByteMs} ms`,
          resultado: `${Math.round(file.bytes / 1024)} KiB`,
        };
      }),
    );
    console.log(rows.at(-1));
  }

  if (OPERATIONS.includes('backup'))
    rows.push(
      await measured(server, idle, 'Backup completo', async () => {
        const file = await download(base, '/api/configuracoes/backup', {
          method: 'POST',
          cookie,
          body: { senha: accounts.admin.password },
        });
        return {
          progresso: file.length
            ? `download com tamanho anunciado: o navegador mostra o progresso; 1º byte em ${file.firstByteMs} ms`
            : `download sem tamanho anunciado; 1º byte em ${file.firstByteMs} ms`,
          resultado: `${(file.bytes / MB).toFixed(1)} MB`,
        };
      }),
    );
  return rows;
}

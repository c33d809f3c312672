import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../shared/content.defaults.js';
import { hashPassword } from './features/auth/passwords.js';
import { siteTemplatePath } from './features/content/site-page.routes.js';
import { freePort } from './test/ports.js';

/**
 * Two real server processes on one PostgreSQL (ADR 0015), in `npm test`'s PostgreSQL stage: they start
 * together on an empty database, then caches, sessions, maintenance and jobs are checked across them.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN_EMAIL = 'diretora@escola.test';
const ADMIN_PASSWORD = 'Ipe-Amarelo-Florido-7';
const NEW_PASSWORD = 'Quaresmeira-Roxa-88';
const METRICS_TOKEN = 'metricas-do-cluster-0123456789';

interface Instance {
  name: string;
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(25);
  }
}

describe.runIf(adminUrl)('two instances on one PostgreSQL', { timeout: 300_000 }, () => {
  const dbName = `cluster_${randomUUID().replace(/-/g, '')}`;
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'escola-cluster-backups-'));
  const instances: Instance[] = [];
  let url = '';
  let sql: pg.Client;
  let cookie = '';

  function start(name: string, port: number): Instance {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `escola-cluster-${name}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        TEST_DATABASE_URL: '',
        // Vitest sets NODE_ENV=test, where the job queue is drained by hand: these are real servers.
        NODE_ENV: 'production',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        METRICS_TOKEN,
        JOB_POLL_SECONDS: '0.3',
        JOB_LEASE_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const instance = { name, child, port, dataDir, output: () => text, exited };
    instances.push(instance);
    return instance;
  }

  async function waitReady(instance: Instance): Promise<void> {
    await eventually(async () => {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${instance.output()}`);
      try {
        return (await fetch(`http://127.0.0.1:${instance.port}/api/ready`)).ok;
      } catch {
        return false;
      }
    }, 150_000);
  }

  const call = (instance: Instance, pathname: string, init: RequestInit = {}, session = cookie) =>
    fetch(`http://127.0.0.1:${instance.port}${pathname}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(session ? { cookie: session } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

  async function jobRuns(instance: Instance, kind: string): Promise<number> {
    const response = await call(instance, '/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const match = new RegExp(`escola_job_runs_total\\{kind="${kind}"\\} (\\d+)`).exec(await response.text());
    return Number(match?.[1] ?? 0);
  }

  const dailyFiles = () => readdirSync(backupDir).filter((name) => name.startsWith('diario-'));
  const outboxFiles = () =>
    instances.flatMap((instance) => {
      const folder = path.join(instance.dataDir, 'outbox');
      return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
    });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${dbName}`;
    url = parsed.toString();
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await sql.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('start together on an empty database: one migrates and creates the administrator, none fails', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const a = start('a', portA);
    const b = start('b', portB);
    await Promise.all([waitReady(a), waitReady(b)]);
    const created = instances.filter((instance) =>
      instance.output().includes('Primeiro administrador criado'),
    );
    expect(created).toHaveLength(1);
    for (const instance of instances) expect(instance.output()).not.toMatch(/duplicate key|Falha ao iniciar/);
    const migrations = await sql.query(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    );
    expect(migrations.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    expect((await sql.query('select count(*)::int as n from users')).rows[0]).toEqual({ n: 1 });
  });

  it('a session made on A works on B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const login = await call(a, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const changed = await call(
      a,
      '/api/auth/change-password',
      { method: 'POST', body: JSON.stringify({ senhaAtual: ADMIN_PASSWORD, novaSenha: NEW_PASSWORD }) },
      cookieOf(login),
    );
    expect(changed.status).toBe(200);
    cookie = cookieOf(changed);
    expect((await call(b, '/api/alunos')).status).toBe(200);
  });

  it("a content save on A shows in B's ETag and public content within 1 s", async () => {
    const [a, b] = instances as [Instance, Instance];
    const before = await call(b, '/api/content/public', {}, '');
    const etag = before.headers.get('etag')!;
    // B answers the poll from memory now (304, replayed).
    expect((await call(b, '/api/content/public', { headers: { 'if-none-match': etag } }, '')).status).toBe(
      304,
    );
    const saved = await call(a, '/api/content/hero', {
      method: 'PUT',
      headers: { 'if-match': '"1"' },
      body: JSON.stringify({ ...defaultSiteContent.hero, titulo: 'Matrículas abertas para 2027' }),
    });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    const changed = await eventually(async () => {
      const response = await call(b, '/api/content/public', { headers: { 'if-none-match': etag } }, '');
      return response.status === 200 ? response : undefined;
    }, 1_000);
    expect(Date.now() - savedAt).toBeLessThanOrEqual(1_000);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { data: { hero: { titulo: string } } }).data.hero.titulo).toBe(
      'Matrículas abertas para 2027',
    );
    // The server-rendered page exists once the client is built (the e2e stage builds it).
    if (existsSync(siteTemplatePath)) {
      expect(await (await call(b, '/', {}, '')).text()).toContain('Matrículas abertas para 2027');
    }
  });

  it('maintenance turned on at A answers 503 at B', async () => {
    const [a, b] = instances as [Instance, Instance];
    await sql.query(
      `insert into users (nome, email, nivel, password_hash, primeiro_login)
       values ('Prof. Ana', 'ana@escola.test', 'professor', $1, false)`,
      [await hashPassword(NEW_PASSWORD)],
    );
    const teacher = cookieOf(
      await call(
        b,
        '/api/auth/login',
        {
          method: 'POST',
          body: JSON.stringify({ email: 'ana@escola.test', password: NEW_PASSWORD }),
        },
        '',
      ),
    );
    expect((await call(b, '/api/turmas', {}, teacher)).status).toBe(200);
    const current = (await (await call(a, '/api/configuracoes/sistema')).json()) as {
      data: Record<string, unknown>;
    };
    // The PUT takes the values and the version, not the read-only fields of the GET.
    const values = Object.fromEntries(
      Object.entries(current.data).filter(([key]) => key !== 'updated_at' && key !== 'sms_disponivel'),
    );
    const saved = await call(a, '/api/configuracoes/sistema', {
      method: 'PUT',
      body: JSON.stringify({ ...values, manutencao: true }),
    });
    expect(saved.status).toBe(200);
    const refused = await eventually(async () => {
      const response = await call(b, '/api/turmas', {}, teacher);
      return response.status === 503 ? response : undefined;
    }, 1_000);
    expect(((await refused.json()) as { code: string }).code).toBe('MAINTENANCE');
    await call(a, '/api/configuracoes/sistema', {
      method: 'PUT',
      body: JSON.stringify({ ...values, version: Number(values.version) + 1, manutencao: false }),
    });
  });

  it('an automatic-backup slot and a queue item run exactly once with both alive', async () => {
    const [a, b] = instances as [Instance, Instance];
    // Automatic backups are on by default: today's slot was claimed at start by one of them.
    await eventually(async () => dailyFiles().length > 0, 30_000);
    await call(
      a,
      '/api/auth/forgot-password',
      { method: 'POST', body: JSON.stringify({ email: ADMIN_EMAIL }) },
      '',
    );
    await eventually(async () => outboxFiles().length > 0, 30_000);
    await sleep(2_000); // a few more polls of both instances
    expect(dailyFiles()).toHaveLength(1);
    expect(outboxFiles()).toHaveLength(1);
    const audited = await sql.query(
      "select count(*)::int as n from audit_log where action = 'backup_automatico'",
    );
    expect(audited.rows[0]).toEqual({ n: 1 });
    expect((await jobRuns(a, 'backup_diario')) + (await jobRuns(b, 'backup_diario'))).toBe(1);
  });

  it('after the instance holding a job is killed with SIGKILL, the other runs it, once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const holder = (await jobRuns(a, 'backup_diario')) === 1 ? a : b;
    const survivor = holder === a ? b : a;
    // The holder dies in the middle of a run: its claim (attempt 1, a lease) is all that is left of it.
    holder.child.kill('SIGKILL');
    await holder.exited;
    rmSync(path.join(backupDir, dailyFiles()[0]!));
    await sql.query(
      `insert into jobs (kind, payload, run_after, attempts, locked_until)
       values ('backup_diario', '{}', now(), 1, now() + interval '3 seconds')`,
    );
    await eventually(async () => dailyFiles().length > 0, 30_000);
    await sleep(2_000);
    expect(dailyFiles()).toHaveLength(1);
    expect(await jobRuns(survivor, 'backup_diario')).toBe(1);
    expect((await sql.query('select count(*)::int as n from jobs')).rows[0]).toEqual({ n: 0 });
    // And a new queue item, with the holder gone, runs once on the survivor.
    const before = outboxFiles().length;
    await call(
      survivor,
      '/api/auth/forgot-password',
      {
        method: 'POST',
        body: JSON.stringify({ email: ADMIN_EMAIL }),
      },
      '',
    );
    await eventually(async () => outboxFiles().length > before, 30_000);
    await sleep(1_000);
    expect(outboxFiles()).toHaveLength(before + 1);
  });

  it('logout on one instance ends the session on the other at once, and its open event stream', async () => {
    const survivor = instances.find(
      (instance) => instance.child.exitCode === null && !instance.child.killed,
    )!;
    const port = await freePort();
    const restarted = start('c', port);
    await waitReady(restarted);
    expect((await call(restarted, '/api/alunos')).status).toBe(200);
    const stream = await call(restarted, '/api/notificacoes/stream');
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const readToEnd = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect((await call(survivor, '/api/auth/logout', { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await call(restarted, '/api/alunos')).status).toBe(401);
    // The NOTIFY of the deleted session reaches the other instance, which ends the stream.
    expect(await Promise.race([readToEnd, sleep(5_000).then(() => false)])).toBe(true);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process: first administrator, data-dir lock, kill -9 durability, SIGTERM. */
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** A fresh data dir runs initdb inside PGlite: on two busy shared cores that can take a minute. */
async function waitHealthy(port: number, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

async function post(port: number, url: string, body: unknown, cookie?: string) {
  return fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

// PGlite-specific (lock, kill -9): runs in the PGlite pass only.
describe.skipIf(process.env.TEST_DATABASE_URL)('server process', { timeout: 400_000 }, () => {
  it('prints the first administrator once, locks its data dir, survives kill -9 and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-proc-'));
    const port = await freePort();

    const first = startServer(dataDir, port);
    await waitHealthy(port);
    const printed = /Senha:\s+(\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const password = printed![1]!;
    expect(first.output()).toContain('admin@escola.local');

    // A second server on the same directory refuses to start, and the first keeps serving.
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/já está usando o diretório de dados/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // An acknowledged write (the first-login password change) survives kill -9.
    const login = await post(port, '/api/auth/login', { email: 'admin@escola.local', password });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const changed = await post(
      port,
      '/api/auth/change-password',
      { senhaAtual: password, novaSenha: 'Quaresmeira-Roxa-88' },
      cookie,
    );
    expect(changed.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = startServer(dataDir, port);
    await waitHealthy(port);
    expect(restarted.output()).not.toContain('Primeiro administrador criado');
    const again = await post(port, '/api/auth/login', {
      email: 'admin@escola.local',
      password: 'Quaresmeira-Roxa-88',
    });
    expect(again.status).toBe(200);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('restarts right after kill -9 while the killed server is still an unreaped zombie', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-proc-'));
    const port = await freePort();
    // The shell starts the server in the background, prints its pid and becomes `sleep`, which never
    // reaps it: after kill -9 the server stays a zombie, as under a slow PID 1 (toolchain.md).
    const script = `"${process.execPath}" --import tsx src/server/main.ts & echo $!; exec sleep 600`;
    const parent = spawn('sh', ['-c', script], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const serverPid = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
    );
    await waitHealthy(port);
    process.kill(serverPid, 'SIGKILL');
    for (let i = 0; i < 100 && !readFileSync(`/proc/${serverPid}/stat`, 'utf8').includes(') Z '); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readFileSync(`/proc/${serverPid}/stat`, 'utf8')).toContain(') Z ');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const restarted = startServer(dataDir, port);
    await waitHealthy(port);
    expect(restarted.output()).not.toMatch(/já está usando o diretório de dados/);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});

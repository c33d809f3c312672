// What the test runner, the production-install check and the benches start on this machine: a free
// loopback port, and a throwaway PostgreSQL cluster with Debian's binaries.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A TCP port nothing listens on now (loopback). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The newest installed PostgreSQL's bin directory (Debian's layout), or null when none is. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/**
 * Starts a cluster of `pgBin`'s PostgreSQL in a new directory (`prefix` in the system's temp) on a free
 * loopback port, trusting local connections (run as `postgres` when this process is root). `settings`
 * are more `-c` server settings; `stop()` stops it in `stopMode` and removes the directory.
 */
export async function startPostgresCluster(pgBin, { prefix, settings = [], stopMode = 'fast' }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const exec = (cmd, args) => {
    const [head, ...rest] = [...asPostgres, path.join(pgBin, cmd), ...args];
    execFileSync(head, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`];
  for (const setting of settings) options.push(`-c ${setting}`);
  exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options.join(' '), 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', stopMode, '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
